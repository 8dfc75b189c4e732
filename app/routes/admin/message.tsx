import { Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { formatWhen } from "../../admin/format.ts";
import { operatorContext } from "../../admin/operator-context.ts";
import { attempt, idParam, load } from "../../admin/outcome.ts";
import { PageHeader } from "../../components/admin/admin-shell.tsx";
import { CsrfField } from "../../components/admin/csrf-field.tsx";
import { buttonClass, TextArea } from "../../components/admin/fields.tsx";
import { Notice } from "../../components/admin/notice.tsx";
import { servicesContext } from "../../context.ts";
import { adminHref } from "../../i18n/admin-href.ts";
import { langFromPath } from "../../i18n/langs.ts";
import { fill } from "../../i18n/messages/index.ts";
import { useLang } from "../../i18n/use-messages.ts";
import type { Route } from "./+types/message";
import { ADMIN_MESSAGES, useAdminMessages } from "../../i18n/messages/admin/index.ts";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const id = idParam(params.messageId);
  const detail = await load(lang, () => context.get(servicesContext).admin.inbox.message(context.get(operatorContext), id));
  return { ...detail, sent: url.searchParams.get("sent") };
}

const replyForm = z.object({ body: z.string().trim().min(1).max(10_000) });

export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  const id = idParam(params.messageId);
  const fields = Object.fromEntries(await request.formData());
  const result = await attempt(lang, () => context.get(servicesContext).admin.inbox.reply(context.get(operatorContext), id, replyForm.parse(fields).body));
  if (!result.ok) return result.response;
  throw redirect(adminHref("adminMessage", lang, { messageId: id }, { sent: result.value.email }));
}

export const meta: Route.MetaFunction = ({ location, loaderData }) => {
  const m = ADMIN_MESSAGES[langFromPath(location.pathname)];
  return [{ title: `${fill(m.messages.detailTitle, { name: loaderData?.message.name ?? "" })} · ${m.brand}` }];
};

export default function Message({ loaderData, actionData }: Route.ComponentProps) {
  const { message, replies, sent } = loaderData;
  const m = useAdminMessages();
  const t = m.messages;
  const lang = useLang();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageHeader title={fill(t.detailTitle, { name: message.name })} />
      {sent && <Notice kind="ok">{fill(t.sent, { email: sent })}</Notice>}
      {actionData && !actionData.ok && <Notice kind="error">{actionData.error}</Notice>}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <p className="text-sm text-slate-500">
            {formatWhen(message.createdAt, lang)} ·{" "}
            <a href={`mailto:${message.email}`} className="text-brand-700 underline">
              {message.email}
            </a>
            {message.phone && ` · ${message.phone}`} · {message.lang}
          </p>
          <blockquote className="mt-3 whitespace-pre-wrap border-l-4 border-slate-200 pl-4 text-ink">{message.message}</blockquote>
          {replies.length > 0 && (
            <>
              <h2 className="mt-6 font-bold text-ink">{t.previous}</h2>
              <ul className="mt-2 space-y-3">
                {replies.map((r) => (
                  <li key={r.id} className="rounded-lg bg-emerald-50 p-3 text-sm ring-1 ring-emerald-200">
                    <p className="text-xs text-emerald-900">
                      {formatWhen(r.at, lang)} · {r.email ?? m.audit.system}
                    </p>
                    <p className="mt-1 whitespace-pre-wrap text-ink">{r.body}</p>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
        <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <h2 className="mb-3 font-bold text-ink">{t.reply}</h2>
          <Form method="post" className="space-y-3">
            <CsrfField />
            <TextArea label={t.replyBody} name="body" rows={10} required maxLength={10000} />
            <button type="submit" className={buttonClass} disabled={busy}>
              {t.send}
            </button>
          </Form>
        </section>
      </div>
    </>
  );
}
