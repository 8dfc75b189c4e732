import { Form, Link } from "react-router";
import { useReviewQueue, type ReviewItem as Item } from "../../admin/use-review-queue.ts";
import { fill } from "../../i18n/messages/index.ts";
import { useLang } from "../../i18n/use-messages.ts";
import type { ReviewOutcome, TaggingData, TaggingLink } from "./tagging-types.ts";
import { CsrfField } from "./csrf-field.tsx";
import { StartListSection } from "./start-list.tsx";
import { RecognitionSettings } from "./recognition-settings.tsx";
import { RunnerClaims } from "./runner-claims.tsx";
import { buttonClass, inputClass, secondaryButtonClass } from "./fields.tsx";
import { useAdminMessages } from "../../i18n/messages/admin/index.ts";

const percent = (confidence: number) => Math.round(confidence * 100);
const cropUrl = (id: number, width: number, evidence = false) => `/admin/api/bibs/${id}/crop?w=${width}${evidence ? "&of=evidence" : ""}`;

/**
 * Recognition's review queue, keyboard first: every reading shows the bib cut
 * out of the photo and the suggested number in a field that has the focus.
 * Enter accepts it, a typed number corrects it, an empty field rejects it;
 * the next reading gets the focus at once while the decision is saved behind.
 * Below: the automatic tags (each can be taken off), the race's threshold and
 * timing window, and its timing file. Every form also posts without JavaScript.
 */
export function BibReview({ data, link, outcome }: { data: TaggingData; link: TaggingLink; outcome: ReviewOutcome | undefined }) {
  const review = data.review!;
  const t = useAdminMessages().review;
  const race = data.race;
  const lang = useLang();
  const { queue, auto, decided, undone, said, inputs, undoButtons, setCurrent, undo, onSubmit, onKeyDown, loadMore } = useReviewQueue(review);

  const p = review.progress;
  const pending = review.queue.total - decided;
  const others = p.skipped + p.failed + p.unread > 0;

  return (
    <div className="space-y-6">
      <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="recognition-progress">
        <h2 className="text-sm font-bold text-ink">{t.progressTitle}</h2>
        <p className="mt-1 text-sm text-slate-600">
          {fill(
            t.progress,
            {
              done: p.done,
              queued: p.queued,
              autoPhotos: p.autoTaggedPhotos,
              autoTags: p.autoTags - undone,
              reviewPhotos: p.reviewPhotos,
              reviewSuggestions: Math.max(0, p.reviewSuggestions - decided),
            },
            lang,
          )}
        </p>
        {others && <p className="mt-1 text-xs text-slate-500">{fill(t.progressOther, { skipped: p.skipped, failed: p.failed, unread: p.unread }, lang)}</p>}
        {review.claims.total > 0 && (
          <p className="mt-1 text-sm">
            <a href="#runner-claims-title" className="font-semibold text-sky-800 underline underline-offset-2 hover:text-ink" data-testid="claims-waiting">
              {fill(t.claimsWaiting, { count: review.claims.total }, lang)}
            </a>
          </p>
        )}
        {p.redeciding && (
          <p className="mt-2 text-sm font-medium text-amber-900" aria-live="polite" data-testid="recognition-redeciding">
            {t.redeciding}
          </p>
        )}
      </section>

      {outcome && !outcome.ok && (outcome.intent === "decide" || outcome.intent === "undoAuto" || outcome.intent === "claim") && (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-900 ring-1 ring-red-200">
          {outcome.error}
        </p>
      )}

      <section aria-labelledby="review-queue-title">
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <h2 id="review-queue-title" className="text-lg font-bold text-ink">
            {t.queueTitle}{" "}
            <span className="ml-1 rounded-full bg-amber-100 px-2 py-0.5 text-sm tabular-nums text-amber-900" data-testid="review-count">
              {pending}
            </span>
          </h2>
        </div>
        <p id="review-help" className="mt-1 max-w-3xl text-sm text-slate-600">
          {t.queueHelp}
        </p>
        <p
          aria-live="polite"
          data-testid="review-said"
          data-kind={said?.kind}
          className={`mt-2 min-h-5 text-sm font-semibold ${said?.kind === "error" ? "text-red-700" : "text-emerald-700"}`}
        >
          {said?.text}
        </p>
        {queue.length === 0 ? (
          <div className="mt-1 rounded-2xl bg-white p-6 text-center ring-1 ring-slate-200">
            <p className="font-semibold text-ink" data-testid="review-empty">
              {pending > 0 ? fill(t.queueMore, { count: pending }, lang) : t.queueEmpty}
            </p>
            {pending > 0 && (
              <button type="button" className={`${secondaryButtonClass} mt-3`} onClick={loadMore}>
                {t.loadMore}
              </button>
            )}
          </div>
        ) : (
          <ol className="mt-1 space-y-3">
            {queue.map((item, i) => (
              <li key={item.id} data-testid="review-item" data-bib={item.bib} data-frame={item.frame}>
                <Form
                  method="post"
                  onSubmit={onSubmit(item)}
                  onFocus={() => setCurrent(i)}
                  className="grid gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 focus-within:ring-2 focus-within:ring-brand-500 sm:grid-cols-[minmax(0,20rem)_1fr] sm:items-center"
                >
                  <CsrfField />
                  <input type="hidden" name="intent" value="decide" />
                  <input type="hidden" name="suggestionId" value={item.id} />
                  <input type="hidden" name="suggested" value={item.bib} />
                  {item.evidence ? (
                    <BurstEvidence item={item} evidence={item.evidence} eager={i < 6} />
                  ) : (
                    <div className="flex aspect-[2/1] items-center justify-center overflow-hidden rounded-xl bg-slate-800">
                      <img
                        src={cropUrl(item.id, 480)}
                        alt={fill(t.crop, { frame: item.frame })}
                        className="h-full w-full object-contain"
                        loading={i < 6 ? "eager" : "lazy"}
                        data-testid="review-crop"
                      />
                    </div>
                  )}
                  <div className="min-w-0 space-y-2">
                    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
                      <span className="rounded-full bg-sky-100 px-2 py-0.5 font-semibold text-sky-900">{fill(t.suggested, { bib: item.bib })}</span>
                      <span>{fill(t.confidence, { percent: percent(item.confidence) })}</span>
                      {item.doubts.map((d) => (
                        <span key={d} className="rounded-full bg-amber-50 px-2 py-0.5 text-amber-900 ring-1 ring-amber-200">
                          {(t.doubts as Record<string, string>)[d] ?? d}
                        </span>
                      ))}
                      {item.claimed && (
                        <span
                          className="rounded-full bg-emerald-50 px-2 py-0.5 font-semibold text-emerald-900 ring-1 ring-emerald-200"
                          data-testid="review-claimed"
                        >
                          {fill(t.claimSays, { bib: item.bib })}
                        </span>
                      )}
                    </p>
                    <label htmlFor={`review-${item.id}`} className="block text-sm font-semibold text-ink">
                      {fill(t.bibOf, { frame: item.frame })}{" "}
                      <Link
                        to={link({ mode: "single", from: item.photoId, after: undefined, before: undefined, filter: "all" })}
                        className="font-normal text-brand-700 underline"
                      >
                        {fill(t.openPhoto, { frame: item.frame })}
                      </Link>
                    </label>
                    {item.provenIn && (
                      <p className="text-xs text-slate-600" data-testid="proven-in">
                        <Link
                          to={link({ mode: "single", from: item.provenIn.photoId, after: undefined, before: undefined, filter: "all" })}
                          className="text-brand-700 underline"
                        >
                          {fill(t.provenIn, { bib: item.bib, frame: item.provenIn.frame })}
                        </Link>
                      </p>
                    )}
                    <div className="flex flex-wrap items-center gap-2">
                      <input
                        ref={(el) => {
                          if (el) inputs.current.set(item.id, el);
                          else inputs.current.delete(item.id);
                        }}
                        id={`review-${item.id}`}
                        name="bib"
                        defaultValue={item.bib}
                        onKeyDown={onKeyDown(item)}
                        inputMode="numeric"
                        autoComplete="off"
                        aria-describedby="review-help"
                        className={`${inputClass} mt-0 max-w-40 py-2 font-mono text-2xl tracking-wider`}
                        data-testid="review-input"
                      />
                      <button type="submit" name="verdict" value="save" className={buttonClass}>
                        {t.accept} ⏎
                      </button>
                      <button type="submit" name="verdict" value="reject" className={secondaryButtonClass}>
                        {t.reject}
                      </button>
                    </div>
                  </div>
                </Form>
              </li>
            ))}
          </ol>
        )}
      </section>

      <RunnerClaims claims={review.claims} />

      <section aria-labelledby="auto-tags-title">
        <h2 id="auto-tags-title" className="text-lg font-bold text-ink">
          {t.autoTitle} <span className="ml-1 rounded-full bg-emerald-100 px-2 py-0.5 text-sm tabular-nums text-emerald-900">{review.auto.total - undone}</span>
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">{t.autoHelp}</p>
        {auto.length === 0 ? (
          <p className="mt-3 rounded-2xl bg-white p-6 text-center text-slate-600 ring-1 ring-slate-200">{t.autoEmpty}</p>
        ) : (
          <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
            {auto.map((item) => (
              <li
                key={item.id}
                className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200 focus-within:ring-2 focus-within:ring-brand-500"
                data-testid="auto-item"
                data-bib={item.bib}
                data-frame={item.frame}
              >
                <div className="flex aspect-[2/1] items-center justify-center bg-slate-800">
                  <img src={cropUrl(item.id, 240)} alt={fill(t.crop, { frame: item.frame })} className="h-full w-full object-contain" loading="lazy" />
                </div>
                <Form
                  method="post"
                  className="flex items-center gap-2 p-2"
                  onSubmit={(event) => {
                    event.preventDefault();
                    undo(item);
                  }}
                >
                  <CsrfField />
                  <input type="hidden" name="intent" value="undoAuto" />
                  <input type="hidden" name="photoId" value={item.photoId} />
                  <input type="hidden" name="bib" value={item.bib} />
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-x-1.5">
                      <span className="font-mono text-lg font-bold leading-tight text-ink">{item.bib}</span>
                      <span className="rounded bg-emerald-100 px-1 text-[10px] font-semibold uppercase tracking-wide text-emerald-900">{t.autoBadge}</span>
                    </p>
                    <p className="truncate text-[11px] text-slate-500">
                      {percent(item.confidence)} % · {item.frame}
                    </p>
                  </div>
                  <button
                    ref={(el) => {
                      if (el) undoButtons.current.set(item.id, el);
                      else undoButtons.current.delete(item.id);
                    }}
                    type="submit"
                    className="rounded-lg px-2 py-1 text-sm font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50"
                    aria-label={fill(t.undoLabel, { bib: item.bib, frame: item.frame })}
                    onKeyDown={(event) => {
                      if (event.key === "Delete" || event.key === "Backspace") {
                        event.preventDefault();
                        undo(item);
                      }
                    }}
                    data-testid="auto-undo"
                  >
                    {t.undo}
                  </button>
                </Form>
                {item.inPass && <p className="px-2 pb-2 text-[11px] leading-snug text-emerald-800">{t.doubts["in-pass"]}</p>}
              </li>
            ))}
          </ul>
        )}
        {review.auto.total > review.auto.items.length && (
          <p className="mt-2 text-xs text-slate-500">{fill(t.autoMore, { shown: review.auto.items.length, total: review.auto.total })}</p>
        )}
      </section>

      {data.startList && <StartListSection list={data.startList} who={data.view.who} raceId={race.id} canLoad={review.config !== null} outcome={outcome} />}

      {review.config && <RecognitionSettings config={review.config} outcome={outcome} raceId={race.id} />}
    </div>
  );
}

/** A burst's or a pass's suggestion: this frame beside the frame where the bib was read (a pass's: this frame whole). */
function BurstEvidence({ item, evidence, eager }: { item: Item; evidence: NonNullable<Item["evidence"]>; eager: boolean }) {
  const t = useAdminMessages().review;
  const proof = item.doubts.includes("pass-between") ? t.passProof : t.burstProof;
  return (
    <div className="grid grid-cols-2 gap-2" data-testid="burst-evidence" data-evidence-frame={evidence.frame}>
      {[
        { src: cropUrl(item.id, 320), alt: fill(t.crop, { frame: item.frame }), caption: item.frame, testId: "review-crop" },
        {
          src: cropUrl(item.id, 320, true),
          alt: fill(proof, { frame: evidence.frame, bib: item.bib }),
          caption: fill(t.burstSeen, { frame: evidence.frame }),
          testId: "evidence-crop",
        },
      ].map((pic) => (
        <figure key={pic.testId} className="min-w-0">
          <div className="flex aspect-[3/4] items-center justify-center overflow-hidden rounded-xl bg-slate-800">
            <img src={pic.src} alt={pic.alt} className="h-full w-full object-contain" loading={eager ? "eager" : "lazy"} data-testid={pic.testId} />
          </div>
          <figcaption className="mt-1 truncate text-center text-xs text-slate-600">{pic.caption}</figcaption>
        </figure>
      ))}
    </div>
  );
}
