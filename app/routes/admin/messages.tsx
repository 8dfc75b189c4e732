import { Link, useLocation } from "react-router";
import { formatWhen } from "../../admin/format.ts";
import { operatorContext } from "../../admin/operator-context.ts";
import { load } from "../../admin/outcome.ts";
import { PageHeader } from "../../components/admin/admin-shell.tsx";
import { cellClass, FilterBar, Pager, Table } from "../../components/admin/list-tools.tsx";
import { servicesContext } from "../../context.ts";
import { adminHref } from "../../i18n/admin-href.ts";
import { langFromPath } from "../../i18n/langs.ts";
import { useLang } from "../../i18n/use-messages.ts";
import { listFilterSchema } from "../../.server/admin/index.ts";
import type { Route } from "./+types/messages";
import { ADMIN_MESSAGES, useAdminMessages } from "../../i18n/messages/admin/index.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const filter = listFilterSchema.parse(Object.fromEntries(url.searchParams));
  return load(lang, async () => ({ filter, list: await context.get(servicesContext).admin.inbox.messages(context.get(operatorContext), filter) }));
}

export const meta: Route.MetaFunction = ({ location }) => {
  const m = ADMIN_MESSAGES[langFromPath(location.pathname)];
  return [{ title: `${m.messages.title} · ${m.brand}` }];
};

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { filter, list } = loaderData;
  const m = useAdminMessages();
  const t = m.messages;
  const lang = useLang();
  const location = useLocation();
  return (
    <>
      <PageHeader title={t.title} />
      <FilterBar q={filter.q} searchLabel={m.messages.search} exportHref={adminHref("adminExport", lang, { list: "messages" }) + location.search} />
      {list.rows.length === 0 ? (
        <p className="rounded-xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">{t.empty}</p>
      ) : (
        <Table head={[m.common.date, m.common.name, t.message, t.replies]}>
          {list.rows.map((row) => (
            <tr key={row.id}>
              <td className={`${cellClass} whitespace-nowrap`}>{formatWhen(row.createdAt, lang)}</td>
              <td className={cellClass}>
                {row.name}
                <div className="text-xs text-slate-500">{row.email}</div>
                {row.phone && <div className="text-xs text-slate-500">{row.phone}</div>}
              </td>
              <td className={`${cellClass} max-w-xl`}>
                <Link to={adminHref("adminMessage", lang, { messageId: row.id })} className="line-clamp-2 text-ink hover:underline">
                  {row.message}
                </Link>
              </td>
              <td className={cellClass}>
                {row.replies > 0 ? (
                  <span className="text-emerald-700">✓ {row.replies}</span>
                ) : (
                  <Link to={adminHref("adminMessage", lang, { messageId: row.id })} className="font-semibold text-brand-700 underline">
                    {t.reply}
                  </Link>
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
