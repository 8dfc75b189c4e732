import { Form, Link, useLocation } from "react-router";
import { formatWhen } from "../../admin/format.ts";
import { operatorContext } from "../../admin/operator-context.ts";
import { load } from "../../admin/outcome.ts";
import { PageHeader } from "../../components/admin/admin-shell.tsx";
import { buttonClass, inputClass, secondaryButtonClass } from "../../components/admin/fields.tsx";
import { cellClass, Table } from "../../components/admin/list-tools.tsx";
import { servicesContext } from "../../context.ts";
import { langFromPath } from "../../i18n/langs.ts";
import { useLang } from "../../i18n/use-messages.ts";
import type { Route } from "./+types/audit";
import { ADMIN_MESSAGES, useAdminMessages } from "../../i18n/messages/admin/index.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const q = url.searchParams.get("q")?.trim().slice(0, 200) || undefined;
  const before = Number(url.searchParams.get("before")) || undefined;
  const entries = await load(lang, () => context.get(servicesContext).admin.audit.list(context.get(operatorContext), { q, before }));
  return { entries, q: q ?? "" };
}

export const meta: Route.MetaFunction = ({ location }) => {
  const m = ADMIN_MESSAGES[langFromPath(location.pathname)];
  return [{ title: `${m.audit.title} · ${m.brand}` }];
};

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { entries, q } = loaderData;
  const m = useAdminMessages();
  const lang = useLang();
  const location = useLocation();
  const older = entries.length ? `${location.pathname}?${new URLSearchParams({ ...(q ? { q } : {}), before: String(entries[entries.length - 1].id) })}` : null;
  return (
    <>
      <PageHeader title={m.audit.title} />
      <Form method="get" role="search" className="mb-4 flex gap-2">
        <input type="search" name="q" defaultValue={q} aria-label={m.audit.search} placeholder={m.audit.search} className={`${inputClass} mt-0 max-w-md`} />
        <button type="submit" className={buttonClass}>
          {m.common.search}
        </button>
      </Form>
      <Table head={[m.common.date, m.audit.who, m.audit.action, m.audit.details]} testId="audit-table">
        {entries.map((e) => (
          <tr key={e.id}>
            <td className={`${cellClass} whitespace-nowrap`}>{formatWhen(e.at, lang)}</td>
            <td className={cellClass}>{e.email ?? m.audit.system}</td>
            <td className={cellClass}>
              {(m.audit.actions as Record<string, string>)[e.action] ?? e.action}
              <div className="font-mono text-xs text-slate-500">{e.action}</div>
            </td>
            <td className={`${cellClass} max-w-xl break-all font-mono text-xs text-slate-600`}>{e.details ? JSON.stringify(e.details) : ""}</td>
          </tr>
        ))}
      </Table>
      {older && entries.length >= 100 && (
        <p className="mt-4">
          <Link to={older} className={secondaryButtonClass}>
            {m.audit.older} →
          </Link>
        </p>
      )}
    </>
  );
}
