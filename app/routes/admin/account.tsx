import { Form, useNavigation } from "react-router";
import { operatorContext } from "../../admin/operator-context.ts";
import { attempt } from "../../admin/outcome.ts";
import { useAdmin } from "../../admin/use-admin.ts";
import { PageHeader } from "../../components/admin/admin-shell.tsx";
import { CsrfField } from "../../components/admin/csrf-field.tsx";
import { buttonClass, Section, TextField } from "../../components/admin/fields.tsx";
import { Notice } from "../../components/admin/notice.tsx";
import { servicesContext } from "../../context.ts";
import { langFromPath } from "../../i18n/langs.ts";
import type { Route } from "./+types/account";
import { ADMIN_MESSAGES, useAdminMessages } from "../../i18n/messages/admin/index.ts";

export async function action({ request, context }: Route.ActionArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  const m = ADMIN_MESSAGES[lang];
  const form = await request.formData();
  const input = { current: String(form.get("current") ?? ""), next: String(form.get("next") ?? ""), confirm: String(form.get("confirm") ?? "") };
  if (input.next.length < 10) return { ok: false as const, error: m.fieldErrors.short };
  if (input.next !== input.confirm) return { ok: false as const, error: m.fieldErrors.mismatch };
  const result = await attempt(lang, () => context.get(servicesContext).admin.operators.changeOwnPassword(context.get(operatorContext), input));
  if (!result.ok) return result.response;
  return { ok: true as const };
}

export const meta: Route.MetaFunction = ({ location }) => {
  const m = ADMIN_MESSAGES[langFromPath(location.pathname)];
  return [{ title: `${m.account.title} · ${m.brand}` }];
};

export default function Account({ actionData }: Route.ComponentProps) {
  const m = useAdminMessages();
  const { operator } = useAdmin();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageHeader title={m.account.title} />
      <p className="mb-6 text-sm text-slate-600">
        {operator.email} · {m.roles[operator.role]}
      </p>
      <div className="max-w-md">
        <Section title={m.account.changePassword}>
          {actionData && !actionData.ok && <Notice kind="error">{actionData.error}</Notice>}
          {actionData?.ok && <Notice kind="ok">{m.account.changed}</Notice>}
          <Form method="post" className="space-y-3">
            <CsrfField />
            <TextField label={m.account.current} name="current" type="password" autoComplete="current-password" required />
            <TextField label={m.account.next} name="next" type="password" autoComplete="new-password" minLength={10} required hint={m.fieldErrors.short} />
            <TextField label={m.account.confirm} name="confirm" type="password" autoComplete="new-password" minLength={10} required />
            <button type="submit" className={buttonClass} disabled={busy}>
              {m.common.save}
            </button>
          </Form>
        </Section>
      </div>
    </>
  );
}
