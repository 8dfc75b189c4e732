import { useState } from "react";
import { Link } from "react-router";
import { operatorContext } from "../../admin/operator-context.ts";
import { idParam, load } from "../../admin/outcome.ts";
import { useAdmin } from "../../admin/use-admin.ts";
import { PageHeader } from "../../components/admin/admin-shell.tsx";
import { buttonClass } from "../../components/admin/fields.tsx";
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

export const meta: Route.MetaFunction = ({ location, loaderData }) => {
  const lang = langFromPath(location.pathname);
  const m = MESSAGES[lang].admin;
  const name = loaderData ? loaderData.race.name[lang] || loaderData.race.name.es : "";
  return [{ title: `${fill(m.photos.title, { race: name })} · ${m.brand}` }];
};

export default function RacePhotos({ loaderData }: Route.ComponentProps) {
  const { race } = loaderData;
  const m = useMessages().admin;
  const lang = useLang();
  const { csrfToken } = useAdmin();
  const [nudge, setNudge] = useState(0);
  const progress = usePhotoProgress(race.id, loaderData.progress, nudge);
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
      </div>
    </>
  );
}
