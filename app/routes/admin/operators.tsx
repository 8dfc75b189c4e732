import { dbId } from "../../domain/fields.ts";
import { Form, useNavigation } from "react-router";
import { z } from "zod";
import { operatorContext } from "../../admin/operator-context.ts";
import { attempt, load } from "../../admin/outcome.ts";
import { useAdmin } from "../../admin/use-admin.ts";
import { PageHeader } from "../../components/admin/admin-shell.tsx";
import { CsrfField } from "../../components/admin/csrf-field.tsx";
import { buttonClass, CheckboxField, secondaryButtonClass, Section, SelectField, TextField } from "../../components/admin/fields.tsx";
import { Notice } from "../../components/admin/notice.tsx";
import { servicesContext } from "../../context.ts";
import { langFromPath } from "../../i18n/langs.ts";
import { fill } from "../../i18n/messages/index.ts";
import { useLang } from "../../i18n/use-messages.ts";
import type { Route } from "./+types/operators";
import { ADMIN_MESSAGES, useAdminMessages } from "../../i18n/messages/admin/index.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  const { admin } = context.get(servicesContext);
  const op = context.get(operatorContext);
  return load(lang, async () => ({ operators: await admin.operators.list(op), races: await admin.sales.races(op) }));
}

const id = dbId;

export async function action({ request, context }: Route.ActionArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  const m = ADMIN_MESSAGES[lang];
  const { operators } = context.get(servicesContext).admin;
  const op = context.get(operatorContext);
  const form = await request.formData();
  const one = (name: string) => String(form.get(name) ?? "");
  const raceIds = form
    .getAll("raceIds")
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0);
  const role = one("role") === "admin" ? ("admin" as const) : one("role") === "organizer" ? ("organizer" as const) : ("photographer" as const);
  const payoutDetails = one("payoutDetails");
  const result = await attempt(lang, async () => {
    switch (one("intent")) {
      case "invite": {
        const created = await operators.invite(op, { email: one("email"), name: one("name"), role, raceIds, payoutDetails });
        return fill(m.operators.invited, { email: created.email, password: created.password });
      }
      case "update":
        await operators.update(op, id.parse(one("id")), { name: one("name"), role, raceIds, payoutDetails, disabled: form.get("disabled") === "on" });
        return m.common.saved;
      case "reset": {
        const reset = await operators.resetPassword(op, id.parse(one("id")));
        return fill(m.operators.reset, { email: reset.email, password: reset.password });
      }
      default:
        throw new z.ZodError([]);
    }
  });
  if (!result.ok) return result.response;
  // Answered as data, never redirected: a one-time password must not end up in a URL or history.
  return { ok: true as const, message: result.value, secret: one("intent") !== "update" };
}

export const meta: Route.MetaFunction = ({ location }) => {
  const m = ADMIN_MESSAGES[langFromPath(location.pathname)];
  return [{ title: `${m.operators.title} · ${m.brand}` }];
};

export default function Operators({ loaderData, actionData }: Route.ComponentProps) {
  const { operators, races } = loaderData;
  const m = useAdminMessages();
  const o = m.operators;
  const lang = useLang();
  const me = useAdmin().operator;
  const busy = useNavigation().state === "submitting";
  const raceChoices = (name: string, chosen: number[]) => (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">{o.races}</legend>
      <p className="text-xs text-slate-500">{o.racesHint}</p>
      <div className="mt-2 grid max-h-40 gap-1 overflow-y-auto rounded-lg p-2 ring-1 ring-slate-200 sm:grid-cols-2">
        {races.map((race) => (
          <CheckboxField key={race.id} label={race.name[lang] || race.name.es} name={name} value={race.id} defaultChecked={chosen.includes(race.id)} />
        ))}
      </div>
    </fieldset>
  );
  return (
    <>
      <PageHeader title={o.title} />
      {actionData && !actionData.ok && <Notice kind="error">{actionData.error}</Notice>}
      {actionData?.ok && (
        <Notice kind="ok">
          <span data-testid="operator-result">{actionData.message}</span>
          {actionData.secret && <span className="mt-1 block text-xs">{o.onceHint}</span>}
        </Notice>
      )}
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_26rem]">
        <ul className="space-y-3">
          {operators.map((operator) => (
            <li key={operator.id} className={`rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 ${operator.disabled ? "opacity-70" : ""}`}>
              <Form method="post" className="space-y-3">
                <CsrfField />
                <input type="hidden" name="id" value={operator.id} />
                <div className="flex flex-wrap items-center gap-2">
                  <h2 className="font-bold text-ink">{operator.email}</h2>
                  {operator.id === me.id && <span className="text-xs text-slate-500">({o.you})</span>}
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-semibold ${operator.disabled ? "bg-slate-200 text-slate-600" : "bg-emerald-100 text-emerald-900"}`}
                  >
                    {operator.disabled ? o.disabled : o.active}
                  </span>
                </div>
                <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                  <TextField label={m.common.name} name="name" id={`name-${operator.id}`} defaultValue={operator.name} />
                  <SelectField label={o.role} name="role" id={`role-${operator.id}`} defaultValue={operator.role}>
                    <option value="admin">{m.roles.admin}</option>
                    <option value="photographer">{m.roles.photographer}</option>
                    <option value="organizer">{m.roles.organizer}</option>
                  </SelectField>
                </div>
                {raceChoices("raceIds", operator.raceIds)}
                <TextField
                  label={o.payoutDetails}
                  name="payoutDetails"
                  id={`payout-${operator.id}`}
                  defaultValue={operator.payoutDetails}
                  hint={o.payoutHint}
                />
                <CheckboxField label={o.disabled} name="disabled" defaultChecked={operator.disabled} />
                <div className="flex flex-wrap gap-2">
                  <button type="submit" name="intent" value="update" className={buttonClass} disabled={busy}>
                    {m.common.save}
                  </button>
                  <button type="submit" name="intent" value="reset" className={secondaryButtonClass} disabled={busy} formNoValidate>
                    {o.resetPassword}
                  </button>
                </div>
              </Form>
            </li>
          ))}
        </ul>
        <div>
          <Section title={o.invite} description={o.inviteHint}>
            <Form method="post" className="space-y-3">
              <CsrfField />
              <input type="hidden" name="intent" value="invite" />
              <TextField label={m.common.email} name="email" id="invite-email" type="email" required />
              <TextField label={m.common.name} name="name" id="invite-name" />
              <SelectField label={o.role} name="role" id="invite-role" defaultValue="photographer">
                <option value="photographer">{m.roles.photographer}</option>
                <option value="organizer">{m.roles.organizer}</option>
                <option value="admin">{m.roles.admin}</option>
              </SelectField>
              {raceChoices("raceIds", [])}
              <TextField label={o.payoutDetails} name="payoutDetails" id="invite-payout" hint={o.payoutHint} />
              <button type="submit" className={buttonClass} disabled={busy}>
                {o.inviteButton}
              </button>
            </Form>
          </Section>
        </div>
      </div>
    </>
  );
}
