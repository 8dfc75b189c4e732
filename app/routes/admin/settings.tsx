import { dbId } from "../../domain/fields.ts";
import { Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { operatorContext } from "../../admin/operator-context.ts";
import { attempt, load } from "../../admin/outcome.ts";
import { PageHeader } from "../../components/admin/admin-shell.tsx";
import { CsrfField } from "../../components/admin/csrf-field.tsx";
import {
  buttonClass,
  CheckboxField,
  dangerButtonClass,
  FileField,
  inputClass,
  secondaryButtonClass,
  Section,
  SelectField,
  TextField,
} from "../../components/admin/fields.tsx";
import { Notice } from "../../components/admin/notice.tsx";
import { servicesContext } from "../../context.ts";
import { adminHref } from "../../i18n/admin-href.ts";
import { langFromPath } from "../../i18n/langs.ts";
import { fill } from "../../i18n/messages/index.ts";
import { useLang } from "../../i18n/use-messages.ts";
import { chosenFile } from "../../.server/admin/index.ts";
import { invalid } from "../../.server/errors.ts";
import type { Route } from "./+types/settings";
import { ADMIN_MESSAGES, useAdminMessages } from "../../i18n/messages/admin/index.ts";

const EXTRA_TIER_ROWS = 2;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const settings = await load(lang, () => context.get(servicesContext).admin.settings.view(context.get(operatorContext)));
  return { ...settings, saved: url.searchParams.get("saved") };
}

const id = dbId;
const count = z.string().trim().regex(/^\d+$/).transform(Number);

export async function action({ request, context }: Route.ActionArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  const m = ADMIN_MESSAGES[lang];
  const settings = context.get(servicesContext).admin.settings;
  const op = context.get(operatorContext);
  const form = await request.formData();
  const one = (name: string) => (typeof form.get(name) === "string" ? String(form.get(name)) : "");
  const intent = one("intent");
  const run = (): Promise<unknown> => {
    switch (intent) {
      case "tiers": {
        const mins = form.getAll("tier_min").map(String);
        const percents = form.getAll("tier_percent").map(String);
        const rows = mins.map((min, i) => [min.trim(), (percents[i] ?? "").trim()]).filter(([a, b]) => a || b);
        return settings.saveTiers(
          op,
          rows.map(([min, percent]) => ({ minQuantity: count.parse(min), percent: count.parse(percent) })),
        );
      }
      case "presale":
        return settings.savePresale(op, { active: form.get("active") === "on", raceId: one("raceId") ? id.parse(one("raceId")) : null });
      case "preparation":
        return settings.savePreparation(op, z.object({ status: z.enum(["idle", "success"]) }).parse({ status: one("status") }));
      case "support":
        return settings.saveSupport(op, { email: one("email").trim(), facebook: one("facebook").trim(), instagram: one("instagram").trim() });
      case "banner-add": {
        const file = chosenFile(form.get("image"));
        if (!file) throw invalid("imageUnreadable");
        return settings.addBanner(op, file);
      }
      case "banner-move":
        return settings.moveBanner(op, id.parse(one("id")), one("direction") === "up" ? "up" : "down");
      case "banner-toggle":
        return settings.setBannerActive(op, id.parse(one("id")), one("active") === "1");
      case "banner-delete":
        return settings.deleteBanner(op, id.parse(one("id")));
      default:
        throw invalid();
    }
  };
  const result = await attempt(lang, run);
  if (!result.ok) {
    const specific = result.response.init?.status === 400 && (intent === "tiers" || intent === "support");
    return {
      ok: false as const,
      section: intent,
      error: specific ? (intent === "tiers" ? m.settings.tiersInvalid : m.settings.supportInvalid) : result.response.data.error,
    };
  }
  throw redirect(
    adminHref("adminSettings", lang, {}, { saved: intent.startsWith("banner") ? "banners" : intent }) + `#${intent.startsWith("banner") ? "banners" : intent}`,
  );
}

export const meta: Route.MetaFunction = ({ location }) => {
  const m = ADMIN_MESSAGES[langFromPath(location.pathname)];
  return [{ title: `${m.settings.title} · ${m.brand}` }];
};

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { banners, tiers, presale, preparation, support, races, saved } = loaderData;
  const m = useAdminMessages();
  const s = m.settings;
  const lang = useLang();
  const busy = useNavigation().state === "submitting";
  const feedback = (section: string) => (
    <>
      {saved === section && <Notice kind="ok">{s.saved}</Notice>}
      {actionData && actionData.section === section && <Notice kind="error">{actionData.error}</Notice>}
    </>
  );
  const tierRows = [
    ...tiers.map((t) => ({ min: String(t.minQuantity), percent: String(t.percent) })),
    ...Array.from({ length: EXTRA_TIER_ROWS }, () => ({ min: "", percent: "" })),
  ];
  return (
    <>
      <PageHeader title={s.title}>
        <a href={adminHref("adminShares", lang)} className={secondaryButtonClass}>
          {m.shares.shopLink}
        </a>
      </PageHeader>
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <div id="banners" className="xl:col-span-2">
          <Section title={s.banners} description={s.bannersHint}>
            {feedback("banners")}
            {actionData?.section?.startsWith("banner") && <Notice kind="error">{actionData.error}</Notice>}
            {banners.length === 0 ? (
              <p className="text-sm text-slate-500">{s.noBanners}</p>
            ) : (
              <ol className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {banners.map((banner, i) => (
                  <li key={banner.id} className={`overflow-hidden rounded-xl ring-1 ring-slate-200 ${banner.active ? "" : "opacity-60"}`} data-testid="banner">
                    <img src={banner.url} alt={fill(s.bannerAlt, { position: i + 1 })} className="aspect-[12/5] w-full bg-slate-100 object-cover" />
                    <div className="flex flex-wrap items-center gap-2 p-2">
                      <span className="mr-auto text-sm font-bold text-ink">#{i + 1}</span>
                      <BannerButton intent="banner-move" id={banner.id} extra={{ direction: "up" }} label={s.bannerUp} disabled={i === 0}>
                        ↑
                      </BannerButton>
                      <BannerButton intent="banner-move" id={banner.id} extra={{ direction: "down" }} label={s.bannerDown} disabled={i === banners.length - 1}>
                        ↓
                      </BannerButton>
                      <BannerButton intent="banner-toggle" id={banner.id} extra={{ active: banner.active ? "0" : "1" }} label={s.bannerActive}>
                        {banner.active ? `✓ ${s.bannerActive}` : s.bannerActive}
                      </BannerButton>
                      <BannerButton intent="banner-delete" id={banner.id} label={s.bannerDelete} danger>
                        {s.bannerDelete}
                      </BannerButton>
                    </div>
                  </li>
                ))}
              </ol>
            )}
            <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
              <CsrfField />
              <input type="hidden" name="intent" value="banner-add" />
              <FileField label={s.bannerFile} name="image" accept="image/jpeg,image/png,image/webp" required className="min-w-64 flex-1" />
              <button type="submit" className={buttonClass} disabled={busy}>
                {s.bannerUpload}
              </button>
            </Form>
          </Section>
        </div>

        <div id="tiers">
          <Section title={s.tiers} description={s.tiersHint}>
            {feedback("tiers")}
            <Form method="post" className="space-y-3">
              <CsrfField />
              <input type="hidden" name="intent" value="tiers" />
              <table className="w-full text-sm">
                <thead>
                  <tr className="text-left text-xs text-slate-500">
                    <th className="pb-1 pr-2 font-medium">{s.tierMin}</th>
                    <th className="pb-1 font-medium">{s.tierPercent}</th>
                  </tr>
                </thead>
                <tbody>
                  {tierRows.map((row, i) => (
                    <tr key={i}>
                      <td className="pb-2 pr-2">
                        <input name="tier_min" defaultValue={row.min} inputMode="numeric" aria-label={`${s.tierMin} ${i + 1}`} className={inputClass} />
                      </td>
                      <td className="pb-2">
                        <input
                          name="tier_percent"
                          defaultValue={row.percent}
                          inputMode="numeric"
                          aria-label={`${s.tierPercent} ${i + 1}`}
                          className={inputClass}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <button type="submit" className={buttonClass} disabled={busy}>
                {m.common.save}
              </button>
            </Form>
          </Section>
        </div>

        <div id="presale" className="space-y-6">
          <Section title={s.presale} description={s.presaleHint}>
            {feedback("presale")}
            <Form method="post" className="space-y-4">
              <CsrfField />
              <input type="hidden" name="intent" value="presale" />
              <CheckboxField label={s.presaleActive} name="active" defaultChecked={presale.active} />
              <SelectField label={s.presaleRace} name="raceId" defaultValue={presale.raceId ?? ""}>
                <option value="">{m.common.none}</option>
                {races.map((race) => (
                  <option key={race.id} value={race.id}>
                    {(race.name[lang] || race.name.es) + (race.preorderOpen ? " ✓" : "")}
                  </option>
                ))}
              </SelectField>
              <button type="submit" className={buttonClass} disabled={busy}>
                {m.common.save}
              </button>
            </Form>
          </Section>
          <div id="preparation">
            <Section title={s.preparation} description={s.preparationHint}>
              {feedback("preparation")}
              <Form method="post" className="flex flex-wrap items-end gap-3">
                <CsrfField />
                <input type="hidden" name="intent" value="preparation" />
                <SelectField
                  label={s.preparationStatus}
                  name="status"
                  defaultValue={preparation.status === "success" ? "success" : "idle"}
                  className="min-w-64 flex-1"
                >
                  <option value="idle">{s.preparationIdle}</option>
                  <option value="success">{s.preparationSuccess}</option>
                </SelectField>
                <button type="submit" className={buttonClass} disabled={busy}>
                  {m.common.save}
                </button>
              </Form>
            </Section>
          </div>
        </div>

        <div id="support">
          <Section title={s.support}>
            {feedback("support")}
            <Form method="post" className="space-y-4">
              <CsrfField />
              <input type="hidden" name="intent" value="support" />
              <TextField label={s.supportEmail} name="email" type="email" defaultValue={support.email} required />
              <TextField label={s.facebook} name="facebook" type="url" defaultValue={support.facebook} placeholder="https://www.facebook.com/…" />
              <TextField label={s.instagram} name="instagram" type="url" defaultValue={support.instagram} placeholder="https://www.instagram.com/…" />
              <button type="submit" className={buttonClass} disabled={busy}>
                {m.common.save}
              </button>
            </Form>
          </Section>
        </div>
      </div>
    </>
  );
}

function BannerButton({
  intent,
  id,
  extra = {},
  label,
  disabled,
  danger,
  children,
}: {
  intent: string;
  id: number;
  extra?: Record<string, string>;
  label: string;
  disabled?: boolean;
  danger?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Form method="post">
      <CsrfField />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {Object.entries(extra).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <button
        type="submit"
        className={`${danger ? dangerButtonClass : secondaryButtonClass} px-2 py-1 text-xs`}
        aria-label={label}
        title={label}
        disabled={disabled}
      >
        {children}
      </button>
    </Form>
  );
}
