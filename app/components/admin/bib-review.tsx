import { Form, Link } from "react-router";
import { useReviewQueue, type ReviewItem as Item } from "../../admin/use-review-queue.ts";
import { fill } from "../../i18n/messages/index.ts";
import { useLang } from "../../i18n/use-messages.ts";
import type { ReviewOutcome } from "./tagging-types.ts";
import { CALIBRATION, CALIBRATION_MEASURED } from "../../admin/recognition-calibration.ts";
import { CsrfField } from "./csrf-field.tsx";
import { StartListSection } from "./start-list.tsx";
import { buttonClass, inputClass, secondaryButtonClass } from "./fields.tsx";
import type { TaggingData, TaggingLink } from "./tagging-types.ts";
import { useAdminMessages } from "../../i18n/messages/admin/index.ts";

type Review = NonNullable<TaggingData["review"]>;

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
      </section>

      {outcome && !outcome.ok && (outcome.intent === "decide" || outcome.intent === "undoAuto") && (
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

/** A burst's suggestion: this frame beside the frame of the same burst where the bib was read. */
function BurstEvidence({ item, evidence, eager }: { item: Item; evidence: NonNullable<Item["evidence"]>; eager: boolean }) {
  const t = useAdminMessages().review;
  return (
    <div className="grid grid-cols-2 gap-2" data-testid="burst-evidence" data-evidence-frame={evidence.frame}>
      {[
        { src: cropUrl(item.id, 320), alt: fill(t.crop, { frame: item.frame }), caption: item.frame, testId: "review-crop" },
        {
          src: cropUrl(item.id, 320, true),
          alt: fill(t.burstProof, { frame: evidence.frame, bib: item.bib }),
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

/** The race's threshold and timing window, and its timing file (admins only). */
function RecognitionSettings({ config, outcome }: { config: NonNullable<Review["config"]>; outcome: ReviewOutcome | undefined; raceId: number }) {
  const t = useAdminMessages().review;
  const lang = useLang();
  const lines = outcome?.intent === "timing" && "lines" in outcome ? (outcome.lines ?? []) : [];
  const lineCount = outcome?.intent === "timing" && "lineCount" in outcome ? (outcome.lineCount ?? 0) : 0;
  const lineText = (l: (typeof lines)[number]) =>
    fill({ bib: t.lineBib, time: t.lineTime, noDate: t.lineNoDate, duplicate: t.lineBib }[l.problem], { line: l.line, value: l.value });
  const said = (intent: string) => (outcome?.intent === intent ? outcome : undefined);
  const settingsSaid = said("recognitionSettings");
  const timingSaid = said("timing") ?? said("clearTiming");
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" aria-labelledby="recognition-settings-title">
        <h2 id="recognition-settings-title" className="text-lg font-bold text-ink">
          {t.settingsTitle}
        </h2>
        {settingsSaid && (
          <p role={settingsSaid.ok ? "status" : "alert"} className={`mt-2 text-sm font-semibold ${settingsSaid.ok ? "text-emerald-700" : "text-red-700"}`}>
            {settingsSaid.ok ? fill(t.settingsSaved, { count: "redecided" in settingsSaid ? settingsSaid.redecided : 0 }, lang) : settingsSaid.error}
          </p>
        )}
        <Form method="post" className="mt-3 space-y-3">
          <CsrfField />
          <input type="hidden" name="intent" value="recognitionSettings" />
          <NumberField
            name="threshold"
            label={t.threshold}
            hint={t.thresholdHint}
            min={60}
            max={100}
            defaultValue={Math.round(config.settings.autoThreshold * 100)}
          />
          <Calibration current={config.settings.autoThreshold} />
          <NumberField name="window" label={t.window} hint={t.windowHint} min={1} max={3600} defaultValue={config.settings.timing.windowSeconds} />
          <NumberField name="offset" label={t.offset} hint={t.offsetHint} min={-86400} max={86400} defaultValue={config.settings.timing.offsetSeconds} />
          <button type="submit" className={buttonClass}>
            {t.saveSettings}
          </button>
        </Form>
      </section>
      <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" aria-labelledby="timing-title">
        <h2 id="timing-title" className="text-lg font-bold text-ink">
          {t.timingTitle}
        </h2>
        <p className="mt-1 text-sm text-slate-600" data-testid="timing-summary">
          {config.timing.passings ? fill(t.timingSummary, config.timing) : t.timingNone}
        </p>
        {timingSaid && (
          <div
            role={timingSaid.ok ? "status" : "alert"}
            className={`mt-3 rounded-lg px-3 py-2 text-sm ring-1 ${timingSaid.ok ? "bg-emerald-50 text-emerald-900 ring-emerald-200" : "bg-red-50 text-red-900 ring-red-200"}`}
            data-testid="timing-outcome"
          >
            <p className="font-semibold">
              {timingSaid.ok
                ? timingSaid.intent === "timing"
                  ? fill(t.timingLoaded, { passings: timingSaid.passings, count: timingSaid.redecided }, lang)
                  : fill(t.timingCleared, { count: "redecided" in timingSaid ? timingSaid.redecided : 0 }, lang)
                : timingSaid.error}
            </p>
            {lines.length > 0 && (
              <>
                <p className={`mt-2 ${timingSaid.ok ? "text-amber-900" : ""}`}>{fill(t.timingLineErrors, { count: lineCount }, lang)}</p>
                <ul className="mt-1 list-disc space-y-0.5 pl-5" data-testid="timing-line-errors">
                  {lines.map((l) => (
                    <li key={l.line}>{lineText(l)}</li>
                  ))}
                </ul>
                {lineCount > lines.length && <p className="mt-1">{fill(t.timingMoreErrors, { count: lineCount - lines.length }, lang)}</p>}
              </>
            )}
          </div>
        )}
        <Form method="post" encType="multipart/form-data" className="mt-3 space-y-3">
          <CsrfField />
          <input type="hidden" name="intent" value="timing" />
          <div>
            <label htmlFor="timing-file" className="block text-sm font-semibold text-ink">
              {t.timingFile}
            </label>
            <input
              id="timing-file"
              name="file"
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              required
              aria-describedby="timing-hint"
              className="mt-1 block w-full text-sm"
              data-testid="timing-file"
            />
            <p id="timing-hint" className="mt-1 text-xs text-slate-500">
              {t.timingHint}
            </p>
          </div>
          <button type="submit" className={buttonClass} data-testid="timing-upload">
            {t.timingUpload}
          </button>
        </Form>
        {config.timing.passings > 0 && (
          <Form method="post" className="mt-3">
            <CsrfField />
            <input type="hidden" name="intent" value="clearTiming" />
            <button type="submit" className={secondaryButtonClass}>
              {t.timingClear}
            </button>
          </Form>
        )}
      </section>
    </div>
  );
}

/** What each threshold gave on the benchmark's independent set, the current one marked. */
function Calibration({ current }: { current: number }) {
  const t = useAdminMessages().review;
  const pct = (v: number) => `${(v * 100).toFixed(1)} %`;
  if (!CALIBRATION.length) return null;
  return (
    <details className="rounded-lg bg-slate-50 px-3 py-2 text-sm ring-1 ring-slate-200" data-testid="calibration">
      <summary className="cursor-pointer font-semibold text-ink">{t.calibrationTitle}</summary>
      <p className="mt-1 text-xs text-slate-600">{fill(t.calibrationHelp, { date: CALIBRATION_MEASURED })}</p>
      <table className="mt-2 w-full text-left text-xs tabular-nums [&_td]:whitespace-nowrap">
        <thead className="text-slate-600">
          <tr>
            <th scope="col" className="py-1 pr-2">
              {t.calibrationThreshold}
            </th>
            <th scope="col" className="py-1 pr-2">
              {t.calibrationPrecision}
            </th>
            <th scope="col" className="py-1 pr-2">
              {t.calibrationPrecisionList}
            </th>
            <th scope="col" className="py-1">
              {t.calibrationRecall}
            </th>
          </tr>
        </thead>
        <tbody>
          {CALIBRATION.map((row) => (
            <tr key={row.threshold} className={Math.abs(row.threshold - current) < 0.005 ? "font-bold text-ink" : "text-slate-700"}>
              <td className="py-0.5 pr-2">{Math.round(row.threshold * 100)}</td>
              <td className="py-0.5 pr-2">{pct(row.precision)}</td>
              <td className="py-0.5 pr-2">{pct(row.precisionWithList)}</td>
              <td className="py-0.5">{pct(row.recall)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

function NumberField({
  name,
  label,
  hint,
  min,
  max,
  defaultValue,
}: {
  name: string;
  label: string;
  hint: string;
  min: number;
  max: number;
  defaultValue: number;
}) {
  return (
    <div>
      <label htmlFor={`recognition-${name}`} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        id={`recognition-${name}`}
        name={name}
        type="number"
        min={min}
        max={max}
        step={1}
        required
        defaultValue={defaultValue}
        aria-describedby={`recognition-${name}-hint`}
        className={`${inputClass} mt-1 max-w-40`}
      />
      <p id={`recognition-${name}-hint`} className="mt-1 text-xs text-slate-500">
        {hint}
      </p>
    </div>
  );
}
