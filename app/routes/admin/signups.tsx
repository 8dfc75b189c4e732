import { useLocation } from "react-router";
import { formatWhen } from "../../admin/format.ts";
import { operatorContext } from "../../admin/operator-context.ts";
import { load } from "../../admin/outcome.ts";
import { PageHeader } from "../../components/admin/admin-shell.tsx";
import { cellClass, FilterBar, FilterField, filterInputClass, Pager, Table } from "../../components/admin/list-tools.tsx";
import { RaceFilter } from "../../components/admin/race-filter.tsx";
import { servicesContext } from "../../context.ts";
import { adminHref } from "../../i18n/admin-href.ts";
import { langFromPath } from "../../i18n/langs.ts";
import { fill } from "../../i18n/messages/index.ts";
import { useLang } from "../../i18n/use-messages.ts";
import { listFilterSchema } from "../../.server/admin/index.ts";
import type { Route } from "./+types/signups";
import { ADMIN_MESSAGES, useAdminMessages } from "../../i18n/messages/admin/index.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const filter = listFilterSchema.parse(Object.fromEntries(url.searchParams));
  const { admin } = context.get(servicesContext);
  const op = context.get(operatorContext);
  return load(lang, async () => ({ filter, list: await admin.inbox.signups(op, filter), races: await admin.sales.races(op) }));
}

export const meta: Route.MetaFunction = ({ location }) => {
  const m = ADMIN_MESSAGES[langFromPath(location.pathname)];
  return [{ title: `${m.signups.title} · ${m.brand}` }];
};

export default function Signups({ loaderData }: Route.ComponentProps) {
  const { filter, list, races } = loaderData;
  const m = useAdminMessages();
  const s = m.signups;
  const lang = useLang();
  const location = useLocation();
  return (
    <>
      <PageHeader title={s.title} />
      <p className="-mt-4 mb-6 max-w-3xl text-sm text-slate-600">{s.help}</p>
      <FilterBar q={filter.q} searchLabel={m.signups.search} exportHref={adminHref("adminExport", lang, { list: "signups" }) + location.search}>
        <RaceFilter races={races} value={filter.raceId} />
        <FilterField label={s.notified}>
          <select name="notified" defaultValue={filter.notified ?? ""} className={filterInputClass}>
            <option value="">{m.common.any}</option>
            <option value="yes">{m.common.yes}</option>
            <option value="no">{s.pending}</option>
          </select>
        </FilterField>
      </FilterBar>
      {list.rows.length === 0 ? (
        <p className="rounded-xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">{s.empty}</p>
      ) : (
        <Table head={[m.common.date, m.common.race, m.common.name, m.common.email, s.category, s.bib, s.notified]}>
          {list.rows.map((row) => (
            <tr key={row.id}>
              <td className={`${cellClass} whitespace-nowrap`}>{formatWhen(row.createdAt, lang)}</td>
              <td className={cellClass}>{row.raceName[lang] || row.raceName.es}</td>
              <td className={cellClass}>
                {row.firstName} {row.lastName}
              </td>
              <td className={cellClass}>{row.email}</td>
              <td className={cellClass}>{row.category ?? m.common.none}</td>
              <td className={`${cellClass} whitespace-nowrap tabular-nums`}>
                {row.bib ?? m.common.none}
                {/* Asked to hear of more than the photos they had found. */}
                {row.photosSeen > 0 && <span className="ml-2 text-xs text-slate-500">{fill(s.seen, { count: row.photosSeen }, lang)}</span>}
              </td>
              <td className={cellClass}>{row.notifiedAt ? formatWhen(row.notifiedAt, lang) : <span className="text-amber-700">{s.pending}</span>}</td>
            </tr>
          ))}
        </Table>
      )}
      <Pager page={list.page} pageSize={list.pageSize} total={list.total} />
    </>
  );
}
