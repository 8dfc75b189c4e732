import { dbId } from "../../domain/fields.ts";
import { useEffect, useRef, useState } from "react";
import { Form, Link, redirect, useNavigation, useRevalidator } from "react-router";
import type { ImportRun } from "../../.server/photo-desk/index.ts";
import { z } from "zod";
import { operatorContext } from "../../admin/operator-context.ts";
import { attempt } from "../../admin/outcome.ts";
import { useAdmin } from "../../admin/use-admin.ts";
import { PageHeader } from "../../components/admin/admin-shell.tsx";
import { CsrfField } from "../../components/admin/csrf-field.tsx";
import { buttonClass, secondaryButtonClass, TextField } from "../../components/admin/fields.tsx";
import { Notice } from "../../components/admin/notice.tsx";
import { StatusBadge } from "../../components/admin/status-badge.tsx";
import { servicesContext } from "../../context.ts";
import { adminHref } from "../../i18n/admin-href.ts";
import { langFromPath } from "../../i18n/langs.ts";
import { fill } from "../../i18n/messages/index.ts";
import { useLang } from "../../i18n/use-messages.ts";
import type { Route } from "./+types/races";
import { ADMIN_MESSAGES, useAdminMessages } from "../../i18n/messages/admin/index.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { admin } = context.get(servicesContext);
  const op = context.get(operatorContext);
  const races = await admin.races.list(op);
  return {
    races,
    imports: op.role === "admin" ? await admin.races.imports(op) : [],
    notice: url.searchParams.get("notice"),
    notified: Number(url.searchParams.get("notified") ?? 0),
    converted: Number(url.searchParams.get("converted") ?? 0),
  };
}

const statusForm = z.object({ raceId: dbId, status: z.enum(["draft", "preparing", "published", "archived"]) });
const importForm = z.object({ folder: z.string().trim().min(1).max(1000) });

/** Quick status changes from the list (publish), and importing a folder that is on the server (admins only). */
export async function action({ request, context }: Route.ActionArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  const fields = Object.fromEntries(await request.formData());
  if (fields.intent === "import") {
    const started = await attempt(lang, () =>
      context.get(servicesContext).admin.races.importFolder(context.get(operatorContext), importForm.parse(fields).folder),
    );
    if (!started.ok) return { ...started.response.data, intent: "import" as const };
    throw redirect(adminHref("adminRaces", lang, {}, { notice: "import" }));
  }
  const result = await attempt(lang, async () => {
    const form = statusForm.parse(fields);
    return context.get(servicesContext).admin.races.setStatus(context.get(operatorContext), form.raceId, form.status);
  });
  if (!result.ok) return result.response;
  const { published, notified, converted } = result.value;
  throw redirect(adminHref("adminRaces", lang, {}, published ? { notice: "published", notified, converted } : { notice: "saved" }));
}

export const meta: Route.MetaFunction = ({ location }) => {
  const m = ADMIN_MESSAGES[langFromPath(location.pathname)];
  return [{ title: `${m.races.title} · ${m.brand}` }];
};

export default function Races({ loaderData, actionData }: Route.ComponentProps) {
  const { races, imports, notice, notified, converted } = loaderData;
  const m = useAdminMessages();
  const lang = useLang();
  const isAdmin = useAdmin().operator.role === "admin";
  return (
    <>
      <PageHeader title={m.races.title}>
        {isAdmin && (
          <Link to={adminHref("adminRaceNew", lang)} className={buttonClass}>
            + {m.races.new}
          </Link>
        )}
      </PageHeader>
      {notice === "published" && <Notice kind="ok">{fill(m.races.published, { notified, converted })}</Notice>}
      {notice === "saved" && <Notice kind="ok">{m.common.saved}</Notice>}
      {notice === "created" && <Notice kind="ok">{m.races.created}</Notice>}
      {actionData && !actionData.ok && !("intent" in actionData) && <Notice kind="error">{actionData.error}</Notice>}
      {races.length === 0 ? (
        <p className="rounded-xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">{isAdmin ? m.races.empty : m.races.noneAssigned}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-3">
          {races.map((race) => (
            <li key={race.id} className="flex flex-wrap items-center gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <div className="min-w-48 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h2 className="text-lg font-bold text-ink">{race.name[lang] || race.name.es}</h2>
                  <StatusBadge status={race.status} />
                  {race.uploading && (
                    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{m.races.uploadingBadge}</span>
                  )}
                </div>
                <p className="text-sm text-slate-500">
                  {race.eventDate ?? m.common.noDate} · /{race.slug}
                </p>
              </div>
              <dl className="grid grid-cols-4 gap-4 text-center text-sm">
                <Count label={m.races.photos} value={race.photos} />
                <Count label={m.races.tagged} value={race.tagged} />
                <Count label={m.races.untagged} value={race.untagged} warn={race.untagged > 0} />
                <Count label={m.races.processing} value={race.processing} />
              </dl>
              <div className="flex flex-wrap gap-2">
                <Link to={adminHref("adminRacePhotos", lang, { raceId: race.id })} className={secondaryButtonClass}>
                  {m.races.managePhotos}
                </Link>
                <Link to={adminHref("adminRaceTagging", lang, { raceId: race.id })} className={secondaryButtonClass}>
                  {m.races.tag}
                </Link>
                {isAdmin && (
                  <>
                    <Link to={adminHref("adminRace", lang, { raceId: race.id })} className={secondaryButtonClass}>
                      {m.races.edit}
                    </Link>
                    <Link to={adminHref("adminRacePreview", lang, { raceId: race.id })} className={secondaryButtonClass}>
                      {m.races.preview}
                    </Link>
                    {(race.status === "draft" || race.status === "preparing") && (
                      <Form method="post">
                        <CsrfField />
                        <input type="hidden" name="raceId" value={race.id} />
                        <input type="hidden" name="status" value="published" />
                        <button type="submit" className={buttonClass}>
                          {m.races.publish}
                        </button>
                      </Form>
                    )}
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {isAdmin && <ImportFolder result={actionData} initial={imports} started={notice === "import"} />}
    </>
  );
}

/** Imports an import folder (race.json, photos/, photos.csv…) already on the server, e.g. a copied memory card; it runs as a job. */
function ImportFolder({ result, initial, started }: { result: Route.ComponentProps["actionData"]; initial: ImportRun[]; started: boolean }) {
  const m = useAdminMessages();
  const busy = useNavigation().state === "submitting";
  const runs = useImportRuns(initial);
  return (
    <section className="mt-8 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 className="text-lg font-bold text-ink">{m.photos.importTitle}</h2>
      <p className="mt-1 text-sm text-slate-600">{m.photos.importHint}</p>
      {result && !result.ok && "intent" in result && <Notice kind="error">{result.error}</Notice>}
      {started && <Notice kind="info">{m.photos.importStarted}</Notice>}
      <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
        <CsrfField />
        <input type="hidden" name="intent" value="import" />
        <TextField label={m.photos.importPath} name="folder" className="min-w-64 flex-1" placeholder="/srv/cards/tetra-chapelco-2025" required />
        <button type="submit" className={secondaryButtonClass} disabled={busy}>
          {m.photos.importButton}
        </button>
      </Form>
      {runs.length > 0 && (
        <div className="mt-6" aria-live="polite">
          <h3 className="text-sm font-semibold text-ink">{m.photos.importRecent}</h3>
          <ul className="mt-2 space-y-3" data-testid="import-runs">
            {runs.map((run) => (
              <ImportRunRow key={run.runId} run={run} />
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function ImportRunRow({ run }: { run: ImportRun }) {
  const m = useAdminMessages();
  const lang = useLang();
  const folder = run.folder.split("/").filter(Boolean).pop() ?? run.folder;
  const report = run.report;
  return (
    <li className="rounded-xl bg-slate-50 p-3 text-sm ring-1 ring-slate-200" data-state={run.state} title={run.folder}>
      {run.state === "queued" && <p className="text-slate-700">{fill(m.photos.importQueued, { folder })}</p>}
      {run.state === "running" && (
        <>
          <p className="text-slate-700">
            {run.total > 0 ? fill(m.photos.importRunning, { folder, done: run.done, total: run.total }, lang) : fill(m.photos.importReading, { folder })}
          </p>
          <progress className="mt-2 h-2 w-full accent-brand-500" max={Math.max(run.total, 1)} value={run.done} aria-label={m.photos.importTitle} />
        </>
      )}
      {run.state === "failed" && <p className="break-words text-red-700">{fill(m.errors.importFailed, { reason: run.error ?? "" })}</p>}
      {report && (
        <>
          <p className="text-emerald-800">
            {fill(m.photos.importDone, {
              slug: report.slug,
              created: report.created,
              updated: report.updated,
              unchanged: report.unchanged,
              duplicates: report.duplicates.length,
              broken: report.broken.length,
            })}
          </p>
          {report.broken.length + report.duplicates.length > 0 && (
            <ul className="mt-2 max-h-40 list-disc overflow-y-auto pl-5 text-xs text-slate-600">
              {report.duplicates.map((d) => (
                <li key={`d-${d.file}`}>
                  {d.file}: {fill(m.photos.duplicate, { of: d.of })}
                </li>
              ))}
              {report.broken.map((b) => (
                <li key={`b-${b.file}`}>
                  {b.file}: <span title={b.reason}>{m.photos.broken}</span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </li>
  );
}

/**
 * Follows the imports while one is queued or running (every second), then stops
 * polling and reloads the page's data, so an imported race shows in the list.
 */
function useImportRuns(initial: ImportRun[]): ImportRun[] {
  const [runs, setRuns] = useState(initial);
  useEffect(() => setRuns(initial), [initial]);
  const active = runs.some((r) => r.state === "queued" || r.state === "running");
  const revalidator = useRevalidator();
  const wasActive = useRef(active);
  useEffect(() => {
    if (wasActive.current && !active) void revalidator.revalidate();
    wasActive.current = active;
  }, [active, revalidator]);
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    const timer = setInterval(async () => {
      try {
        const response = await fetch("/admin/api/imports", { headers: { accept: "application/json" } });
        if (response.ok && !stopped) setRuns(((await response.json()) as { data: ImportRun[] }).data);
      } catch {}
    }, 1000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [active]);
  return runs;
}

function Count({ label, value, warn = false }: { label: string; value: number; warn?: boolean }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className={`text-lg font-bold tabular-nums ${warn ? "text-amber-700" : "text-ink"}`}>{value}</dd>
    </div>
  );
}
