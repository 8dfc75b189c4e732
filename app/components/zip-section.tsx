import { useEffect, useState } from "react";
import { useLang, useMessages } from "../i18n/use-messages.ts";
import { getJson, postJson } from "../purchase/order-api.ts";

type Zip = { file: string | null; progress: number | null };

/** How often the page asks whether the zip is ready. */
const POLL_MS = 2000;

/**
 * SPEC §4's zip section: the link when the zip exists; otherwise a create
 * button, then 'this process may take a few minutes' with the job's progress,
 * polling GET /api/purchase/{id} until `zip_file` arrives. Works as a plain
 * form without JavaScript (the page refreshes itself while the zip is made).
 */
export function ZipSection({ purchaseId, initial }: { purchaseId: string; initial: Zip }) {
  const m = useMessages();
  const lang = useLang();
  const [zip, setZip] = useState<Zip>(initial);
  const [failed, setFailed] = useState(false);
  const working = !zip.file && zip.progress !== null;

  useEffect(() => {
    if (!working) return;
    let stop = false;
    const timer = setInterval(async () => {
      try {
        const { data } = await getJson<{ data: { zip_file: string | null; zip_progress: number | null } }>(`/api/purchase/${purchaseId}`, lang);
        if (!stop) setZip({ file: data.zip_file, progress: data.zip_progress ?? 0 });
      } catch {
        // A missed poll is retried on the next tick.
      }
    }, POLL_MS);
    return () => {
      stop = true;
      clearInterval(timer);
    };
  }, [working, purchaseId, lang]);

  return (
    <section aria-labelledby="zip-title" className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6" data-testid="zip-section">
      <h2 id="zip-title" className="text-xl font-black text-ink">
        {m.purchasePage.zipTitle}
      </h2>
      <p className="mt-1 text-slate-600">{m.purchasePage.zipText}</p>
      {zip.file ? (
        <a
          href={zip.file}
          className="mt-4 inline-block rounded-full bg-emerald-600 px-6 py-3 font-black text-white hover:bg-emerald-700"
          data-testid="zip-link"
        >
          {m.purchasePage.zipReady}
        </a>
      ) : working ? (
        <div className="mt-4" role="status" data-testid="zip-working">
          <noscript>
            <meta httpEquiv="refresh" content="5" />
          </noscript>
          <p className="flex items-center gap-2 font-semibold text-ink">
            <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-ink border-t-transparent" />
            {m.purchasePage.zipWorking}
          </p>
          <div className="mt-3 h-2 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
            <div className="h-full rounded-full bg-brand-500 transition-all" style={{ width: `${Math.max(4, zip.progress ?? 0)}%` }} />
          </div>
          <p className="mt-1 text-sm tabular-nums text-slate-600" data-testid="zip-progress">
            {zip.progress ?? 0}%
          </p>
        </div>
      ) : (
        <form
          method="post"
          onSubmit={async (event) => {
            event.preventDefault();
            setFailed(false);
            setZip({ file: null, progress: 0 });
            try {
              const { data } = await postJson<{ data: { zip_file: string | null; progress: number } }>("/api/create_zip", { id: purchaseId }, lang);
              setZip({ file: data.zip_file, progress: data.progress });
            } catch {
              setZip({ file: null, progress: null });
              setFailed(true);
            }
          }}
        >
          <input type="hidden" name="intent" value="zip" />
          <button type="submit" className="mt-4 rounded-full bg-ink px-6 py-3 font-black text-white hover:bg-ink/90" data-testid="zip-create">
            {m.purchasePage.zipCreate}
          </button>
          {failed && (
            <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
              {m.purchasePage.zipFailed}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
