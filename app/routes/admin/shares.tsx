import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { formatWhen } from "../../admin/format.ts";
import { operatorContext } from "../../admin/operator-context.ts";
import { attempt, formFields, idParam, load } from "../../admin/outcome.ts";
import { PageHeader } from "../../components/admin/admin-shell.tsx";
import { CsrfField } from "../../components/admin/csrf-field.tsx";
import { buttonClass, secondaryButtonClass, Section, SelectField, TextField } from "../../components/admin/fields.tsx";
import { cellClass, Table } from "../../components/admin/list-tools.tsx";
import { Notice } from "../../components/admin/notice.tsx";
import { servicesContext } from "../../context.ts";
import { adminHref } from "../../i18n/admin-href.ts";
import { langFromPath } from "../../i18n/langs.ts";
import { fill } from "../../i18n/messages/index.ts";
import { useLang } from "../../i18n/use-messages.ts";
import type { Route } from "./+types/shares";
import { ADMIN_MESSAGES, useAdminMessages } from "../../i18n/messages/admin/index.ts";

/** The race's shares (…/reparto of a race), or the shop-wide default (/admin/reparto). */
const raceOf = (params: { raceId?: string }) => (params.raceId === undefined ? null : idParam(params.raceId));

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const raceId = raceOf(params);
  const screen = await load(lang, () => context.get(servicesContext).admin.partners.shares(context.get(operatorContext), raceId));
  return { ...screen, saved: url.searchParams.get("notice") === "saved" };
}

const percent = z.coerce.number();
const sharesForm = z.object({
  photographer: percent,
  organizer: percent,
  shop: percent,
  organizerId: z.union([z.literal(""), z.coerce.number().int().positive()]),
});

export async function action({ request, params, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const m = ADMIN_MESSAGES[lang];
  const raceId = raceOf(params);
  const parsed = sharesForm.safeParse(formFields(await request.formData()));
  if (!parsed.success) return data({ ok: false as const, error: m.errors.sharesNotWhole }, { status: 400 });
  const { organizerId, ...percents } = parsed.data;
  const done = await attempt(lang, () =>
    context
      .get(servicesContext)
      .admin.partners.setShares(context.get(operatorContext), raceId, { organizerId: organizerId === "" ? null : organizerId, percents }),
  );
  if (!done.ok) return done.response;
  throw redirect(
    raceId === null ? adminHref("adminShares", lang, {}, { notice: "saved" }) : adminHref("adminRaceShares", lang, { raceId }, { notice: "saved" }),
  );
}

export const meta: Route.MetaFunction = ({ location }) => {
  const m = ADMIN_MESSAGES[langFromPath(location.pathname)];
  return [{ title: `${m.shares.title} · ${m.brand}` }];
};

export default function Shares({ loaderData, actionData }: Route.ComponentProps) {
  const { race, history, inForce, ownSetting, organizers, saved } = loaderData;
  const m = useAdminMessages();
  const s = m.shares;
  const lang = useLang();
  const busy = useNavigation().state === "submitting";
  const title = race ? fill(s.raceTitle, { race: race.name[lang] || race.name.es }) : s.shopTitle;
  const current = inForce?.percents ?? { photographer: 70, organizer: 0, shop: 30 };
  return (
    <>
      <PageHeader title={title}>
        {race ? (
          <Link to={adminHref("adminRace", lang, { raceId: race.id })} className={secondaryButtonClass}>
            ← {m.common.race}
          </Link>
        ) : (
          <Link to={adminHref("adminEarnings", lang)} className={secondaryButtonClass}>
            ← {m.nav.earnings}
          </Link>
        )}
      </PageHeader>
      {saved && <Notice kind="ok">{s.saved}</Notice>}
      {actionData && !actionData.ok && <Notice kind="error">{actionData.error}</Notice>}
      <div className="grid grid-cols-1 gap-6 2xl:grid-cols-[28rem_minmax(0,1fr)]">
        <Section className="max-w-xl" title={s.formTitle} description={race ? (ownSetting ? s.raceHint : s.raceUsesDefault) : s.shopHint}>
          <Form method="post" className="space-y-4" data-testid="shares-form">
            <CsrfField />
            <div className="grid grid-cols-3 gap-3">
              <TextField label={s.photographer} name="photographer" type="number" min={0} max={100} step={1} required defaultValue={current.photographer} />
              <TextField label={s.organizer} name="organizer" type="number" min={0} max={100} step={1} required defaultValue={current.organizer} />
              <TextField label={s.shop} name="shop" type="number" min={0} max={100} step={1} required defaultValue={current.shop} />
            </div>
            <SelectField
              label={s.organizerAccount}
              name="organizerId"
              defaultValue={inForce?.organizerId ?? ""}
              hint={organizers.length ? s.organizerHint : s.noOrganizers}
            >
              <option value="">{s.noOrganizer}</option>
              {organizers.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </SelectField>
            <p className="text-xs text-slate-500">{s.rule}</p>
            <button type="submit" className={buttonClass} disabled={busy}>
              {m.common.save}
            </button>
          </Form>
        </Section>
        <section className="min-w-0">
          <h2 className="mb-2 font-bold text-ink">{s.history}</h2>
          {history.length === 0 ? (
            <p className="text-sm text-slate-600">{s.noHistory}</p>
          ) : (
            <Table head={[s.since, s.photographer, s.organizer, s.shop, s.organizerAccount, s.setBy]} testId="shares-history">
              {history.map((row, i) => (
                <tr key={row.id} className={i === 0 ? "font-semibold" : "text-slate-600"}>
                  <td className={cellClass}>{new Date(row.at).getUTCFullYear() <= 2000 ? s.always : formatWhen(new Date(row.at), lang)}</td>
                  <td className={`${cellClass} tabular-nums`}>{row.percents.photographer} %</td>
                  <td className={`${cellClass} tabular-nums`}>{row.percents.organizer} %</td>
                  <td className={`${cellClass} tabular-nums`}>{row.percents.shop} %</td>
                  <td className={cellClass}>{row.organizerName ?? "—"}</td>
                  <td className={cellClass}>{row.setBy ?? m.audit.system}</td>
                </tr>
              ))}
            </Table>
          )}
        </section>
      </div>
    </>
  );
}
