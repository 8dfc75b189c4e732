import { Link, useLocation } from "react-router";
import { formatWhen } from "../../admin/format.ts";
import { operatorContext } from "../../admin/operator-context.ts";
import { load } from "../../admin/outcome.ts";
import { PageHeader } from "../../components/admin/admin-shell.tsx";
import { cellClass, FilterBar, FilterField, filterInputClass, Pager, Table } from "../../components/admin/list-tools.tsx";
import { OrderStateBadge } from "../../components/admin/order-state.tsx";
import { RaceFilter } from "../../components/admin/race-filter.tsx";
import { servicesContext } from "../../context.ts";
import { formatMoney } from "../../domain/money.ts";
import { adminHref } from "../../i18n/admin-href.ts";
import { langFromPath } from "../../i18n/langs.ts";
import { useLang } from "../../i18n/use-messages.ts";
import { listFilterSchema } from "../../.server/admin/index.ts";
import type { Route } from "./+types/preorders";
import { ADMIN_MESSAGES, useAdminMessages } from "../../i18n/messages/admin/index.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const filter = listFilterSchema.parse(Object.fromEntries(url.searchParams));
  const { admin } = context.get(servicesContext);
  const op = context.get(operatorContext);
  return load(lang, async () => ({ filter, list: await admin.inbox.preorders(op, filter), races: await admin.sales.races(op) }));
}

export const meta: Route.MetaFunction = ({ location }) => {
  const m = ADMIN_MESSAGES[langFromPath(location.pathname)];
  return [{ title: `${m.preorders.title} · ${m.brand}` }];
};

export default function Preorders({ loaderData }: Route.ComponentProps) {
  const { filter, list, races } = loaderData;
  const m = useAdminMessages();
  const lang = useLang();
  const location = useLocation();
  return (
    <>
      <PageHeader title={m.preorders.title} />
      <FilterBar q={filter.q} searchLabel={m.preorders.search} exportHref={adminHref("adminExport", lang, { list: "preorders" }) + location.search}>
        <RaceFilter races={races} value={filter.raceId} />
        <FilterField label={m.common.state}>
          <select name="state" defaultValue={filter.state ?? ""} className={filterInputClass}>
            <option value="">{m.common.any}</option>
            {(["1", "2", "3", "4"] as const).map((id) => (
              <option key={id} value={id}>
                {m.orders.states[id]}
              </option>
            ))}
          </select>
        </FilterField>
      </FilterBar>
      {list.rows.length === 0 ? (
        <p className="rounded-xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">{m.preorders.empty}</p>
      ) : (
        <Table head={[m.orders.code, m.orders.created, m.orders.customer, m.common.race, m.preorders.runner, m.common.total, m.common.state, m.preorders.sale]}>
          {list.rows.map((row) => (
            <tr key={row.id}>
              <td className={`${cellClass} font-mono`}>{row.publicId}</td>
              <td className={`${cellClass} whitespace-nowrap`}>{formatWhen(row.createdAt, lang)}</td>
              <td className={cellClass}>
                {row.firstName} {row.lastName}
                <div className="text-xs text-slate-500">{row.email}</div>
              </td>
              <td className={cellClass}>{row.raceName[lang] || row.raceName.es}</td>
              <td className={cellClass}>
                {row.dni}
                {row.distance && <div className="text-xs text-slate-500">{row.distance}</div>}
              </td>
              <td className={`${cellClass} whitespace-nowrap tabular-nums`}>{formatMoney(row.total, row.currency)}</td>
              <td className={cellClass}>
                <OrderStateBadge state={row.state} />
              </td>
              <td className={cellClass}>
                {row.orderId && row.orderPublicId ? (
                  <Link to={adminHref("adminOrder", lang, { orderId: row.orderId })} className="font-mono text-brand-700 underline">
                    {row.orderPublicId}
                  </Link>
                ) : (
                  m.common.none
                )}
              </td>
            </tr>
          ))}
        </Table>
      )}
      <Pager page={list.page} pageSize={list.pageSize} total={list.total} />
    </>
  );
}
