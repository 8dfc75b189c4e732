import { data, Form, Link, redirect, useNavigation } from "react-router";
import { operatorContext } from "../../admin/operator-context.ts";
import { attempt, idParam, load, refused } from "../../admin/outcome.ts";
import { PageHeader } from "../../components/admin/admin-shell.tsx";
import { CsrfField } from "../../components/admin/csrf-field.tsx";
import { RaceFields } from "../../components/admin/race-fields.tsx";
import { buttonClass, secondaryButtonClass } from "../../components/admin/fields.tsx";
import { Notice } from "../../components/admin/notice.tsx";
import { servicesContext } from "../../context.ts";
import { adminHref } from "../../i18n/admin-href.ts";
import { langFromPath } from "../../i18n/langs.ts";
import { fill } from "../../i18n/messages/index.ts";
import { useLang } from "../../i18n/use-messages.ts";
import { chosenFile, NEW_RACE, parseRaceForm, raceFormInput } from "../../.server/admin/index.ts";
import type { Route } from "./+types/race-edit";
import { ADMIN_MESSAGES, useAdminMessages } from "../../i18n/messages/admin/index.ts";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const { admin } = context.get(servicesContext);
  const op = context.get(operatorContext);
  const notice = url.searchParams.get("notice");
  const counts = { notified: Number(url.searchParams.get("notified") ?? 0), converted: Number(url.searchParams.get("converted") ?? 0) };
  if (!params.raceId) {
    if (op.role !== "admin") throw data(ADMIN_MESSAGES[lang].errors.forbidden, { status: 403 });
    return { race: null, input: NEW_RACE, notice, counts };
  }
  const race = await load(lang, () => admin.races.editor(op, idParam(params.raceId)));
  return { race, input: race.input, notice, counts };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  const { admin } = context.get(servicesContext);
  const op = context.get(operatorContext);
  const form = await request.formData();
  const input = raceFormInput(form);
  const parsed = parseRaceForm(input);
  if (!parsed.ok) return { ...refused(lang, parsed.errors).data, input };
  const images = { logo: chosenFile(form.get("logo")), hero: chosenFile(form.get("hero")) };
  if (!params.raceId) {
    const created = await attempt(lang, () => admin.races.create(op, parsed.value, images));
    if (!created.ok) return { ...created.response.data, input };
    throw redirect(adminHref("adminRace", lang, { raceId: created.value }, { notice: "created" }));
  }
  const raceId = idParam(params.raceId);
  const updated = await attempt(lang, () => admin.races.update(op, raceId, parsed.value, images));
  if (!updated.ok) return { ...updated.response.data, input };
  const { published, notified, converted } = updated.value;
  throw redirect(adminHref("adminRace", lang, { raceId }, published ? { notice: "published", notified, converted } : { notice: "saved" }));
}

export const meta: Route.MetaFunction = ({ location, loaderData }) => {
  const lang = langFromPath(location.pathname);
  const m = ADMIN_MESSAGES[lang];
  const title = loaderData?.race ? fill(m.raceForm.titleEdit, { race: loaderData.race.name[lang] || loaderData.race.name.es }) : m.raceForm.titleNew;
  return [{ title: `${title} · ${m.brand}` }];
};

export default function RaceEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { race, notice, counts } = loaderData;
  const m = useAdminMessages();
  const lang = useLang();
  const busy = useNavigation().state === "submitting";
  const input = actionData?.input ?? loaderData.input;
  const errors = actionData && !actionData.ok ? (actionData.fields ?? {}) : {};
  return (
    <>
      <PageHeader title={race ? fill(m.raceForm.titleEdit, { race: race.name[lang] || race.name.es }) : m.raceForm.titleNew}>
        {race && (
          <>
            <Link to={adminHref("adminRacePhotos", lang, { raceId: race.id })} className={secondaryButtonClass}>
              {m.races.managePhotos}
            </Link>
            <Link to={adminHref("adminRaceTagging", lang, { raceId: race.id })} className={secondaryButtonClass}>
              {m.races.tag}
            </Link>
            <Link to={adminHref("adminRacePreview", lang, { raceId: race.id })} className={secondaryButtonClass}>
              {m.raceForm.preview}
            </Link>
            <Link to={adminHref("adminRaceShares", lang, { raceId: race.id })} className={secondaryButtonClass}>
              {m.shares.raceLink}
            </Link>
          </>
        )}
      </PageHeader>
      {notice === "created" && <Notice kind="ok">{m.races.created}</Notice>}
      {notice === "saved" && <Notice kind="ok">{m.common.saved}</Notice>}
      {notice === "published" && <Notice kind="ok">{fill(m.races.published, counts)}</Notice>}
      {actionData && !actionData.ok && <Notice kind="error">{actionData.fields ? m.raceForm.errorsAbove : actionData.error}</Notice>}
      <Form method="post" encType="multipart/form-data" className="space-y-6" key={race?.id ?? "new"}>
        <CsrfField />
        <RaceFields input={input} errors={errors} logoUrl={race?.logoUrl} heroUrl={race?.heroUrl} />
        <div className="sticky bottom-0 -mx-4 flex justify-end gap-3 border-t border-slate-200 bg-slate-100/95 px-4 py-3 backdrop-blur">
          <button type="submit" className={buttonClass} disabled={busy}>
            {race ? m.raceForm.save : m.raceForm.create}
          </button>
        </div>
      </Form>
    </>
  );
}
