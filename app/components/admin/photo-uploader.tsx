import { useEffect, useRef, useState, type DragEvent } from "react";
import type { UploadOutcome } from "../../.server/photo-desk/index.ts";
import { fill } from "../../i18n/messages/index.ts";
import { buttonClass, secondaryButtonClass } from "./fields.tsx";
import { useAdminMessages, type AdminMessages } from "../../i18n/messages/admin/index.ts";
import { useLang } from "../../i18n/use-messages.ts";

type Row = { id: string; name: string; percent: number; state: "waiting" | "uploading" | "done" | "error"; outcome?: UploadOutcome; error?: string };
type UppyLike = {
  addFiles(files: { name: string; type: string; data: File; source: string }[]): void;
  pauseAll(): void;
  resumeAll(): void;
  retryAll(): Promise<unknown>;
  destroy(): void;
};

const SHOWN_ROWS = 200;
const OUTCOME_HEADER = "X-Dorsal-Outcome";

/**
 * Drag-and-drop upload of many JPEGs over tus (resumable) with per-file and
 * overall progress. Uppy is loaded in the browser only; each finished file
 * reports what the server made of it (new, duplicate, unreadable).
 */
export function PhotoUploader({ raceId, csrfToken, onUploaded }: { raceId: number; csrfToken: string; onUploaded: () => void }) {
  const t = useAdminMessages().photos;
  const lang = useLang();
  const uppyRef = useRef<UppyLike | null>(null);
  const rows = useRef(new Map<string, Row>());
  const [, setVersion] = useState(0);
  const [ready, setReady] = useState(false);
  const [paused, setPaused] = useState(false);
  const [over, setOver] = useState(false);
  const uploaded = useRef(onUploaded);
  uploaded.current = onUploaded;
  const texts = useRef(t);
  texts.current = t;

  useEffect(() => {
    let cancelled = false;
    let frame = 0;
    // Hundreds of progress events a second become one render per frame.
    const redraw = () => {
      if (!frame) frame = requestAnimationFrame(() => ((frame = 0), setVersion((v) => v + 1)));
    };
    const update = (id: string, patch: Partial<Row>) => {
      const row = rows.current.get(id);
      if (row) rows.current.set(id, { ...row, ...patch });
      redraw();
    };
    (async () => {
      const [{ default: Uppy }, { default: Tus }] = await Promise.all([import("@uppy/core"), import("@uppy/tus")]);
      if (cancelled) return;
      const uppy = new Uppy({
        autoProceed: true,
        allowMultipleUploadBatches: true,
        restrictions: { allowedFileTypes: [".jpg", ".jpeg"] },
        meta: { raceId: String(raceId) },
      });
      uppy.use(Tus, {
        endpoint: "/admin/uploads",
        headers: { "x-csrf-token": csrfToken },
        limit: 4,
        chunkSize: 8 * 1024 * 1024,
        retryDelays: [0, 1000, 3000, 5000, 10000, 20000],
        removeFingerprintOnSuccess: true,
      });
      uppy.on("file-added", (file) => {
        rows.current.set(file.id, { id: file.id, name: file.name ?? "", percent: 0, state: "waiting" });
        redraw();
      });
      uppy.on("restriction-failed", (file, error) => {
        if (file) rows.current.set(file.id, { id: file.id, name: file.name ?? "", percent: 0, state: "error", error: error.message });
        redraw();
      });
      uppy.on("upload-progress", (file, progress) => {
        if (file && progress.bytesTotal)
          update(file.id, { state: "uploading", percent: Math.round((100 * (progress.bytesUploaded ?? 0)) / progress.bytesTotal) });
      });
      uppy.on("upload-success", (file, response) => {
        if (!file) return;
        const xhr = (response.body as { xhr?: XMLHttpRequest } | undefined)?.xhr;
        let outcome: UploadOutcome | undefined;
        try {
          const header = xhr?.getResponseHeader(OUTCOME_HEADER);
          outcome = header ? (JSON.parse(decodeURIComponent(header)) as UploadOutcome) : undefined;
        } catch {}
        update(file.id, { state: "done", percent: 100, outcome });
        uploaded.current();
      });
      uppy.on("upload-error", (file, error) => {
        if (file) update(file.id, { state: "error", error: refusalText(error, texts.current) });
      });
      uppyRef.current = uppy as unknown as UppyLike;
      setReady(true);
    })();
    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
      uppyRef.current?.destroy();
      uppyRef.current = null;
    };
  }, [raceId, csrfToken]);

  const add = (files: FileList | File[] | null) => {
    const uppy = uppyRef.current;
    if (!uppy || !files) return;
    const list = [...files];
    const jpegs = list.filter((f) => /\.jpe?g$/i.test(f.name));
    for (const f of list.filter((f) => !jpegs.includes(f))) {
      rows.current.set(`skip-${f.name}-${f.size}`, { id: `skip-${f.name}-${f.size}`, name: f.name, percent: 0, state: "error", error: t.notJpeg });
    }
    try {
      uppy.addFiles(jpegs.map((f) => ({ name: f.name, type: "image/jpeg", data: f, source: "local" })));
    } catch {
      // Per-file problems arrive as restriction-failed events.
    }
    setVersion((v) => v + 1);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    add(event.dataTransfer.files);
  };

  const all = [...rows.current.values()];
  const done = all.filter((r) => r.state === "done").length;
  const failed = all.filter((r) => r.state === "error");
  const outcomes = all.map((r) => r.outcome?.kind);
  const percent = all.length ? Math.round(all.reduce((sum, r) => sum + (r.state === "error" ? 100 : r.percent), 0) / all.length) : 0;
  // Active and failed files first, so problems are never buried under hundreds of finished ones.
  const order = { uploading: 0, error: 1, waiting: 2, done: 3 } as const;
  const shown = [...all].sort((a, b) => order[a.state] - order[b.state]).slice(0, SHOWN_ROWS);

  return (
    <div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse; the file input inside is the keyboard's way */}
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="dropzone"
        className={`flex flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed px-6 py-12 text-center transition ${over ? "border-brand-500 bg-brand-50" : "border-slate-300 bg-white"}`}
      >
        <svg viewBox="0 0 24 24" className="h-10 w-10 text-slate-400" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden="true">
          <path d="M12 16V4m0 0-4 4m4-4 4 4M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <p className="max-w-md text-sm text-slate-600">{over ? t.dropHere : t.uploadHint}</p>
        <label className={`${buttonClass} cursor-pointer ${ready ? "" : "pointer-events-none opacity-50"}`}>
          {t.choose}
          <input
            type="file"
            accept=".jpg,.jpeg,image/jpeg"
            multiple
            className="sr-only"
            disabled={!ready}
            data-testid="file-input"
            onChange={(e) => {
              add(e.currentTarget.files);
              e.currentTarget.value = "";
            }}
          />
        </label>
      </div>

      {all.length > 0 && (
        <section className="mt-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" aria-label={t.queueTitle}>
          <div className="flex flex-wrap items-center gap-3">
            <p className="mr-auto text-sm font-semibold text-ink" aria-live="polite" data-testid="upload-overall">
              {fill(t.overall, { done, total: all.length }, lang)} ·{" "}
              {fill(t.summary, {
                created: outcomes.filter((k) => k === "created").length,
                duplicates: outcomes.filter((k) => k === "duplicate").length,
                broken: outcomes.filter((k) => k === "broken").length,
              })}
            </p>
            {(paused || done + failed.length < all.length) && (
              <button
                type="button"
                className={secondaryButtonClass}
                onClick={() => {
                  if (paused) uppyRef.current?.resumeAll();
                  else uppyRef.current?.pauseAll();
                  setPaused(!paused);
                }}
              >
                {paused ? t.resume : t.pause}
              </button>
            )}
            {failed.length > 0 && (
              <button type="button" className={secondaryButtonClass} onClick={() => void uppyRef.current?.retryAll()}>
                {t.retry}
              </button>
            )}
          </div>
          <progress className="mt-3 h-2 w-full overflow-hidden rounded-full accent-brand-500" max={100} value={percent} aria-label={t.queueTitle}>
            {percent} %
          </progress>
          <ul className="mt-3 max-h-80 divide-y divide-slate-100 overflow-y-auto text-sm" data-testid="upload-list">
            {shown.map((row) => (
              <li key={row.id} className="flex items-center gap-3 py-1.5" data-state={row.state} data-outcome={row.outcome?.kind}>
                <span className="min-w-20 flex-1 truncate font-mono text-xs">{row.name}</span>
                {row.state === "uploading" && <progress className="h-1.5 w-24 accent-brand-500" max={100} value={row.percent} />}
                {/* What the image library said stays at hand for whoever asks, in a tooltip. */}
                <span className={`max-w-[65%] text-right text-xs ${statusColor(row)}`} title={row.outcome?.kind === "broken" ? row.outcome.reason : undefined}>
                  {statusText(row, t)}
                </span>
              </li>
            ))}
          </ul>
          {all.length > SHOWN_ROWS && <p className="mt-2 text-xs text-slate-500">{fill(t.moreFiles, { count: all.length - SHOWN_ROWS })}</p>}
        </section>
      )}
    </div>
  );
}

/** The server's refusals (tus answers with a status and an English line) in the operator's language. */
function refusalText(error: Error, t: AdminMessages["photos"]): string {
  const status = (error as { originalResponse?: { getStatus(): number } | null }).originalResponse?.getStatus();
  switch (status) {
    case 401:
    case 403:
      return /csrf|login/i.test(error.message) || status === 401 ? t.refusedSession : t.refusedRace;
    case 404:
      return t.refusedRace;
    case 413:
      return t.refusedSize;
    case 415:
      return t.notJpeg;
    default:
      return error.message.split("\n")[0].slice(0, 160);
  }
}

function statusColor(row: Row): string {
  if (row.state === "error" || row.outcome?.kind === "broken" || row.outcome?.kind === "refused") return "text-red-700";
  if (row.outcome?.kind === "duplicate") return "text-amber-700";
  if (row.state === "done") return "text-emerald-700";
  return "text-slate-500";
}

function statusText(row: Row, t: AdminMessages["photos"]): string {
  if (row.state === "waiting") return t.waiting;
  if (row.state === "uploading") return fill(t.uploading, { percent: row.percent });
  if (row.state === "error") return fill(t.failed, { reason: row.error ?? "" });
  const outcome = row.outcome;
  if (!outcome) return t.created;
  switch (outcome.kind) {
    case "created":
      return t.created;
    case "updated":
      return t.updated;
    case "unchanged":
      return t.unchanged;
    case "duplicate":
      return fill(t.duplicate, { of: outcome.of });
    case "broken":
      return t.broken;
    case "refused":
      return fill(t.refused, { reason: t.refusedStore });
  }
}
