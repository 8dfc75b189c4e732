import { data, Form, useNavigation } from "react-router";
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

export async function loader({ context }: Route.LoaderArgs) {
  return { payoutDetails: await context.get(servicesContext).admin.operators.payoutDetails(context.get(operatorContext)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  const m = ADMIN_MESSAGES[lang];
  const form = await request.formData();
  if (form.get("intent") === "payout") {
    const saved = await attempt(lang, () =>
      context.get(servicesContext).admin.operators.setPayoutDetails(context.get(operatorContext), String(form.get("payoutDetails") ?? "")),
    );
    if (!saved.ok) return data({ ...saved.response.data, intent: "payout" as const }, saved.response.init ?? undefined);
    return { ok: true as const, intent: "payout" as const };
  }
  const input = { current: String(form.get("current") ?? ""), next: String(form.get("next") ?? ""), confirm: String(form.get("confirm") ?? "") };
  if (input.next.length < 10) return { ok: false as const, error: m.fieldErrors.short, intent: "password" as const };
  if (input.next !== input.confirm) return { ok: false as const, error: m.fieldErrors.mismatch, intent: "password" as const };
  const result = await attempt(lang, () => context.get(servicesContext).admin.operators.changeOwnPassword(context.get(operatorContext), input));
  if (!result.ok) return data({ ...result.response.data, intent: "password" as const }, result.response.init ?? undefined);
  return { ok: true as const, intent: "password" as const };
}

export const meta: Route.MetaFunction = ({ location }) => {
  const m = ADMIN_MESSAGES[langFromPath(location.pathname)];
  return [{ title: `${m.account.title} · ${m.brand}` }];
};

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const m = useAdminMessages();
  const { operator } = useAdmin();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageHeader title={m.account.title} />
      <p className="mb-6 text-sm text-slate-600">
        {operator.email} · {m.roles[operator.role]}
      </p>
      <div className="max-w-md space-y-6">
        <Section title={m.account.changePassword}>
          {actionData?.intent === "password" && !actionData.ok && <Notice kind="error">{actionData.error}</Notice>}
          {actionData?.intent === "password" && actionData.ok && <Notice kind="ok">{m.account.changed}</Notice>}
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
        <Section title={m.operators.payoutDetails} description={m.operators.payoutHint}>
          {actionData?.intent === "payout" && !actionData.ok && <Notice kind="error">{actionData.error}</Notice>}
          {actionData?.intent === "payout" && actionData.ok && <Notice kind="ok">{m.common.saved}</Notice>}
          <Form method="post" className="space-y-3">
            <CsrfField />
            <input type="hidden" name="intent" value="payout" />
            <TextField label={m.operators.payoutDetails} name="payoutDetails" defaultValue={loaderData.payoutDetails} maxLength={500} />
            <button type="submit" className={buttonClass} disabled={busy}>
              {m.common.save}
            </button>
          </Form>
        </Section>
      </div>
    </>
  );
}
