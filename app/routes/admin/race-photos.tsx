import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { operatorContext } from "../../admin/operator-context.ts";
import { attempt, idParam, load } from "../../admin/outcome.ts";
import { useAdmin } from "../../admin/use-admin.ts";
import { PageHeader } from "../../components/admin/admin-shell.tsx";
import { CsrfField } from "../../components/admin/csrf-field.tsx";
import { buttonClass, secondaryButtonClass, TextField } from "../../components/admin/fields.tsx";
import { Notice } from "../../components/admin/notice.tsx";
import { PhotoUploader } from "../../components/admin/photo-uploader.tsx";
import { ProgressPanel, usePhotoProgress } from "../../components/admin/photo-progress.tsx";
import { servicesContext } from "../../context.ts";
import { adminHref } from "../../i18n/admin-href.ts";
import { langFromPath } from "../../i18n/langs.ts";
import { fill, MESSAGES } from "../../i18n/messages/index.ts";
import { useLang, useMessages } from "../../i18n/use-messages.ts";
import type { Route } from "./+types/race-photos";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  const raceId = idParam(params.raceId);
  const { admin } = context.get(servicesContext);
  const op = context.get(operatorContext);
  return load(lang, async () => ({ race: await admin.races.header(op, raceId), progress: await admin.photos.progress(op, raceId) }));
}

const importForm = z.object({ folder: z.string().trim().min(1).max(1000) });

/** Imports an import folder that is already on the server (admins only). */
export async function action({ request, context }: Route.ActionArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  const fields = Object.fromEntries(await request.formData());
  const result = await attempt(lang, () =>
    context.get(servicesContext).admin.races.importFolder(context.get(operatorContext), importForm.parse(fields).folder),
  );
  if (!result.ok) return result.response;
  const r = result.value;
  return {
    ok: true as const,
    report: { slug: r.slug, created: r.created, updated: r.updated, unchanged: r.unchanged, duplicates: r.duplicates, broken: r.broken },
  };
}

export const meta: Route.MetaFunction = ({ location, loaderData }) => {
  const lang = langFromPath(location.pathname);
  const m = MESSAGES[lang].admin;
  const name = loaderData ? loaderData.race.name[lang] || loaderData.race.name.es : "";
  return [{ title: `${fill(m.photos.title, { race: name })} · ${m.brand}` }];
};

export default function RacePhotos({ loaderData, actionData }: Route.ComponentProps) {
  const { race } = loaderData;
  const m = useMessages().admin;
  const lang = useLang();
  const { csrfToken, operator } = useAdmin();
  const [nudge, setNudge] = useState(0);
  const progress = usePhotoProgress(race.id, loaderData.progress, nudge);
  const importing = useNavigation().state === "submitting";
  return (
    <>
      <PageHeader title={fill(m.photos.title, { race: race.name[lang] || race.name.es })}>
        <Link to={adminHref("adminRaceTagging", lang, { raceId: race.id })} className={buttonClass}>
          {m.photos.goTag} →
        </Link>
      </PageHeader>
      <div className="space-y-6">
        <ProgressPanel progress={progress} />
        <section>
          <h2 className="mb-3 text-lg font-bold text-ink">{m.photos.upload}</h2>
          <noscript>
            <Notice kind="info">{m.photos.noScript}</Notice>
          </noscript>
          {/* Each finished file restarts the progress polling, so derivatives show up as they are made. */}
          <PhotoUploader raceId={race.id} csrfToken={csrfToken} onUploaded={() => setNudge((n) => n + 1)} />
        </section>
        {operator.role === "admin" && (
          <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
            <h2 className="text-lg font-bold text-ink">{m.photos.importTitle}</h2>
            <p className="mt-1 text-sm text-slate-600">{m.photos.importHint}</p>
            {actionData && !actionData.ok && <Notice kind="error">{actionData.error}</Notice>}
            {actionData?.ok && (
              <Notice kind="ok">
                {fill(m.photos.importDone, {
                  slug: actionData.report.slug,
                  created: actionData.report.created,
                  updated: actionData.report.updated,
                  unchanged: actionData.report.unchanged,
                  duplicates: actionData.report.duplicates.length,
                  broken: actionData.report.broken.length,
                })}
              </Notice>
            )}
            {actionData?.ok && actionData.report.broken.length + actionData.report.duplicates.length > 0 && (
              <ul className="mb-4 list-disc pl-5 text-xs text-slate-600">
                {actionData.report.duplicates.map((d) => (
                  <li key={d.file}>
                    {d.file}: {fill(m.photos.duplicate, { of: d.of })}
                  </li>
                ))}
                {actionData.report.broken.map((b) => (
                  <li key={b.file}>
                    {b.file}: {fill(m.photos.broken, { reason: b.reason })}
                  </li>
                ))}
              </ul>
            )}
            <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
              <CsrfField />
              <TextField label={m.photos.importPath} name="folder" className="min-w-64 flex-1" placeholder="/srv/cards/tetra-chapelco-2025" required />
              <button type="submit" className={secondaryButtonClass} disabled={importing}>
                {m.photos.importButton}
              </button>
            </Form>
          </section>
        )}
      </div>
    </>
  );
}
