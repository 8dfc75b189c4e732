import { Link, useLocation } from "react-router";
import { formatWhen } from "../../admin/format.ts";
import { operatorContext } from "../../admin/operator-context.ts";
import { load } from "../../admin/outcome.ts";
import { PageHeader } from "../../components/admin/admin-shell.tsx";
import { cellClass, FilterBar, FilterField, filterInputClass, Pager, Table } from "../../components/admin/list-tools.tsx";
import { OrderStateBadge } from "../../components/admin/order-state.tsx";
import { servicesContext } from "../../context.ts";
import { formatMoney } from "../../domain/money.ts";
import { adminHref } from "../../i18n/admin-href.ts";
import { langFromPath } from "../../i18n/langs.ts";
import { useLang } from "../../i18n/use-messages.ts";
import { orderFilterSchema } from "../../.server/admin/index.ts";
import type { Route } from "./+types/orders";
import { ADMIN_MESSAGES, useAdminMessages } from "../../i18n/messages/admin/index.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const filter = orderFilterSchema.parse(Object.fromEntries(url.searchParams));
  const { sales } = context.get(servicesContext).admin;
  const op = context.get(operatorContext);
  return load(lang, async () => ({ filter, list: await sales.list(op, filter), races: await sales.races(op) }));
}

export const meta: Route.MetaFunction = ({ location }) => {
  const m = ADMIN_MESSAGES[langFromPath(location.pathname)];
  return [{ title: `${m.orders.title} · ${m.brand}` }];
};

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { filter, list, races } = loaderData;
  const m = useAdminMessages();
  const o = m.orders;
  const lang = useLang();
  const location = useLocation();
  const raceName = new Map(races.map((r) => [r.id, r.name[lang] || r.name.es]));
  return (
    <>
      <PageHeader title={o.title} />
      <FilterBar q={filter.q} searchLabel={o.search} exportHref={adminHref("adminExport", lang, { list: "orders" }) + location.search}>
        <FilterField label={m.common.race}>
          <select name="raceId" defaultValue={filter.raceId ?? ""} className={filterInputClass}>
            <option value="">{m.common.all}</option>
            {races.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name[lang] || r.name.es}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField label={m.common.state}>
          <select name="state" defaultValue={filter.state ?? ""} className={filterInputClass}>
            <option value="">{m.common.any}</option>
            {Object.entries(o.states).map(([id, label]) => (
              <option key={id} value={id}>
                {label}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField label={o.currency}>
          <select name="currency" defaultValue={filter.currency ?? ""} className={filterInputClass}>
            <option value="">{m.common.any}</option>
            <option value="ARS">AR$</option>
            <option value="USD">USD</option>
          </select>
        </FilterField>
        <FilterField label={o.from}>
          <input type="date" name="from" defaultValue={filter.from ?? ""} className={filterInputClass} />
        </FilterField>
        <FilterField label={o.to}>
          <input type="date" name="to" defaultValue={filter.to ?? ""} className={filterInputClass} />
        </FilterField>
      </FilterBar>
      {list.rows.length === 0 ? (
        <p className="rounded-xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">{o.empty}</p>
      ) : (
        <Table head={[o.code, o.created, o.customer, m.common.race, o.photos, m.common.total, m.common.state]} testId="orders-table">
          {list.rows.map((row) => (
            <tr key={row.id} className="hover:bg-slate-50">
              <td className={cellClass}>
                <Link to={adminHref("adminOrder", lang, { orderId: row.id })} className="font-mono font-semibold text-brand-700 underline">
                  {row.publicId}
                </Link>
                <div className="text-xs text-slate-500">{o.kinds[row.kind]}</div>
              </td>
              <td className={`${cellClass} whitespace-nowrap`}>{formatWhen(row.createdAt, lang)}</td>
              <td className={cellClass}>
                {row.firstName} {row.lastName}
                <div className="text-xs text-slate-500">{row.email}</div>
              </td>
              <td className={cellClass}>{row.raceId ? raceName.get(row.raceId) : m.common.none}</td>
              <td className={`${cellClass} tabular-nums`}>{row.photos}</td>
              <td className={`${cellClass} whitespace-nowrap tabular-nums`}>{formatMoney(row.total, row.currency)}</td>
              <td className={cellClass}>
                <OrderStateBadge state={row.state} />
              </td>
            </tr>
          ))}
        </Table>
      )}
      <Pager page={list.page} pageSize={list.pageSize} total={list.total} />
    </>
  );
}
