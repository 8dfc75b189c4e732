import { useEffect, useState } from "react";
import { Form, Link } from "react-router";
import { operatorContext } from "../../admin/operator-context.ts";
import { attempt, idParam, load } from "../../admin/outcome.ts";
import { useAdmin } from "../../admin/use-admin.ts";
import { PageHeader } from "../../components/admin/admin-shell.tsx";
import { CsrfField } from "../../components/admin/csrf-field.tsx";
import { buttonClass, secondaryButtonClass } from "../../components/admin/fields.tsx";
import { Notice } from "../../components/admin/notice.tsx";
import { PhotoUploader } from "../../components/admin/photo-uploader.tsx";
import { ProgressPanel, usePhotoProgress } from "../../components/admin/photo-progress.tsx";
import { servicesContext } from "../../context.ts";
import { adminHref } from "../../i18n/admin-href.ts";
import { langFromPath } from "../../i18n/langs.ts";
import { fill } from "../../i18n/messages/index.ts";
import { useLang } from "../../i18n/use-messages.ts";
import type { Route } from "./+types/race-photos";
import { ADMIN_MESSAGES, useAdminMessages } from "../../i18n/messages/admin/index.ts";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  const raceId = idParam(params.raceId);
  const { admin } = context.get(servicesContext);
  const op = context.get(operatorContext);
  return load(lang, async () => ({ race: await admin.races.header(op, raceId), progress: await admin.photos.progress(op, raceId) }));
}

/** Queues the race's photos that recognition never read (photos imported before it ran). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  const raceId = idParam(params.raceId);
  const result = await attempt(lang, () => context.get(servicesContext).admin.photos.recognize(context.get(operatorContext), raceId));
  if (!result.ok) return result.response;
  return { ok: true as const, queued: result.value.queued };
}

export const meta: Route.MetaFunction = ({ location, loaderData }) => {
  const lang = langFromPath(location.pathname);
  const m = ADMIN_MESSAGES[lang];
  const name = loaderData ? loaderData.race.name[lang] || loaderData.race.name.es : "";
  return [{ title: `${fill(m.photos.title, { race: name })} · ${m.brand}` }];
};

export default function RacePhotos({ loaderData, actionData }: Route.ComponentProps) {
  const { race } = loaderData;
  const m = useAdminMessages();
  const lang = useLang();
  const { csrfToken } = useAdmin();
  const [nudge, setNudge] = useState(0);
  const progress = usePhotoProgress(race.id, loaderData.progress, nudge);
  // Photos just sent to recognition: follow them.
  useEffect(() => {
    if (actionData?.ok) setNudge((n) => n + 1);
  }, [actionData]);
  return (
    <>
      <PageHeader title={fill(m.photos.title, { race: race.name[lang] || race.name.es })}>
        <Link to={adminHref("adminRaceTagging", lang, { raceId: race.id })} className={buttonClass}>
          {m.photos.goTag} →
        </Link>
      </PageHeader>
      <div className="space-y-6">
        {actionData && !actionData.ok && <Notice kind="error">{actionData.error}</Notice>}
        {actionData?.ok && <Notice kind="ok">{fill(m.photos.recognizeQueued, { count: actionData.queued }, lang)}</Notice>}
        <ProgressPanel progress={progress}>
          {progress.recognition && progress.recognition.unread > 0 && (
            <Form method="post" className="mt-3">
              <CsrfField />
              <button type="submit" className={secondaryButtonClass}>
                {fill(m.photos.recognizeUnread, { count: progress.recognition.unread }, lang)}
              </button>
            </Form>
          )}
        </ProgressPanel>
        <section>
          <h2 className="mb-3 text-lg font-bold text-ink">{m.photos.upload}</h2>
          <noscript>
            <Notice kind="info">{m.photos.noScript}</Notice>
          </noscript>
          {/* Each finished file restarts the progress polling, so derivatives show up as they are made. */}
          <PhotoUploader raceId={race.id} csrfToken={csrfToken} onUploaded={() => setNudge((n) => n + 1)} />
        </section>
      </div>
    </>
  );
}
