import { useEffect, useState, type ReactNode } from "react";
import { fill } from "../../i18n/messages/index.ts";
import { useAdminMessages } from "../../i18n/messages/admin/index.ts";
import { useLang } from "../../i18n/use-messages.ts";

export type Progress = {
  photos: number;
  tagged: number;
  untagged: number;
  hidden: number;
  processing: number;
  queue: { queued: number; running: number; failed: number };
  recognition: { queued: number; done: number; unread: number; auto: number; review: number } | null;
};

/**
 * The race's counts and the watermarking queue, refreshed every two seconds
 * while photos are being processed (or after `nudge` changes: a new upload).
 */
export function usePhotoProgress(raceId: number, initial: Progress, nudge: number): Progress {
  const [progress, setProgress] = useState(initial);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `nudge` (a new upload) restarts the polling
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let quietPolls = 0;
    const poll = async () => {
      try {
        const response = await fetch(`/admin/api/races/${raceId}/progress`, { headers: { accept: "application/json" } });
        if (response.ok) {
          const next = ((await response.json()) as { data: Progress }).data;
          if (!stopped) setProgress(next);
          const busy = next.processing > 0 || next.queue.queued + next.queue.running > 0 || (next.recognition?.queued ?? 0) > 0;
          quietPolls = busy ? 0 : quietPolls + 1;
        }
      } catch {}
      // Keep polling while there is work, and a little after it seems done.
      if (!stopped && quietPolls < 3) timer = setTimeout(poll, 2000);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [raceId, nudge]);
  return progress;
}

/** Counts and a bar for the watermarked images still being made. */
export function ProgressPanel({ progress, children }: { progress: Progress; children?: ReactNode }) {
  const t = useAdminMessages().photos;
  const lang = useLang();
  const ready = progress.photos - progress.processing;
  return (
    <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" aria-live="polite" data-testid="photo-progress">
      <p className="text-sm font-semibold text-ink">
        {fill(t.counts, { photos: progress.photos, tagged: progress.tagged, untagged: progress.untagged, hidden: progress.hidden }, lang)}
      </p>
      {/* On a phone the bar wraps onto its own line rather than shrinking to a dot beside the label. */}
      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="shrink-0 text-slate-600">{t.derivatives}</span>
        <progress className="h-2 min-w-32 flex-1 accent-emerald-600" max={Math.max(progress.photos, 1)} value={ready} />
        <span className="shrink-0 tabular-nums text-slate-600" data-testid="derivatives-state">
          {progress.processing > 0 ? fill(t.derivativesPending, { pending: progress.processing }) : t.derivativesDone}
          {progress.queue.failed > 0 && <span className="ml-2 text-red-700">{fill(t.derivativesFailed, { failed: progress.queue.failed }, lang)}</span>}
        </span>
      </div>
      {progress.recognition && (
        <p className="mt-2 text-sm text-slate-600" data-testid="recognition-state">
          {t.recognition}: {fill(t.recognitionState, progress.recognition, lang)}
        </p>
      )}
      {children}
    </section>
  );
}
