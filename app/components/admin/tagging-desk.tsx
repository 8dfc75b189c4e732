import { Form } from "react-router";
import { useTaggingDesk } from "../../admin/use-tagging-desk.ts";
import { fill } from "../../i18n/messages/index.ts";
import { useLang } from "../../i18n/use-messages.ts";
import type { TaggingData, TaggingLink } from "./tagging-types.ts";
import { CsrfField } from "./csrf-field.tsx";
import { buttonClass, inputClass, secondaryButtonClass } from "./fields.tsx";
import { useAdminMessages } from "../../i18n/messages/admin/index.ts";

/**
 * The keyboard-first tagging desk: one big photo, the bib field always focused.
 * Enter saves in the background and moves on at once; arrows go back and forth.
 * Without JavaScript the same form posts to the page and redirects to the next photo.
 */
export function TaggingDesk({ data, link }: { data: TaggingData; link: TaggingLink }) {
  const m = useAdminMessages();
  const t = m.tagging;
  const lang = useLang();
  const { race, hasPrevious } = data;
  const { photos, index, photo, draft, tagIds, problem, states, lastSaved, state, counts, outside, input, go, save, undoAuto, onKeyDown, type, toggleTag } =
    useTaggingDesk(data, link);

  const counter = (
    <p className="text-sm font-semibold text-slate-600" aria-live="polite" data-testid="tag-counts">
      {fill(t.counts, counts, lang)}
    </p>
  );

  if (!photo) {
    return (
      <div className="rounded-2xl bg-white p-10 text-center shadow-sm ring-1 ring-slate-200">
        {counter}
        <p className="mt-4 text-lg font-bold text-ink" data-testid="tagging-done">
          {photos.length === 0 ? t.empty : counts.untagged === 0 ? t.allDone : t.empty}
        </p>
        {photos.length > 0 && (
          <button type="button" className={`${secondaryButtonClass} mt-6`} onClick={() => go(photos.length - 1)}>
            ← {t.previous}
          </button>
        )}
      </div>
    );
  }

  const nextHref = photos[index + 1]
    ? link({ from: photos[index + 1].id, after: undefined, before: undefined })
    : link({ after: photo.id, before: undefined, from: undefined });
  const strip = photos.slice(Math.max(0, index - 6), index + 10);

  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_22rem]">
      <figure className="flex min-h-[50vh] items-center justify-center overflow-hidden rounded-2xl bg-ink">
        {photo.mediumUrl ? (
          <img
            key={photo.id}
            src={photo.mediumUrl}
            alt={fill(t.frame, { frame: photo.frame })}
            width={photo.width}
            height={photo.height}
            className="max-h-[75vh] w-auto max-w-full object-contain"
            data-testid="tagging-photo"
          />
        ) : (
          <p className="p-10 text-slate-300">{t.processing}</p>
        )}
      </figure>
      <div className="space-y-4">
        <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          {counter}
          <p className="mt-1 text-xs text-slate-500">
            {fill(t.frame, { frame: photo.frame })} · {photo.time}
            {photo.free && ` · ${t.free}`}
            {photo.onSale && ` · ${t.sale}`}
            {photo.hidden && ` · ${t.hidden}`}
          </p>
          <Form
            method="post"
            className="mt-4 space-y-3"
            onSubmit={(event) => {
              event.preventDefault();
              save();
            }}
          >
            <CsrfField />
            <input type="hidden" name="intent" value="save" />
            <input type="hidden" name="photoId" value={photo.id} />
            <input type="hidden" name="next" value={nextHref} />
            <label htmlFor="bibs" className="block text-sm font-semibold text-ink">
              {t.bibs} <span className="font-normal text-slate-500">({t.bibsHint})</span>
            </label>
            <input
              ref={input}
              id="bibs"
              name="bibs"
              value={draft}
              onChange={(e) => {
                type(e.target.value);
              }}
              onKeyDown={onKeyDown}
              inputMode="numeric"
              autoComplete="off"
              aria-invalid={problem ? true : undefined}
              aria-describedby="bibs-help"
              className={`${inputClass} py-3 font-mono text-2xl tracking-wider`}
              data-testid="bibs-input"
            />
            {problem && (
              <p role="alert" className="text-sm font-semibold text-red-700">
                {problem}
              </p>
            )}
            {outside.length > 0 && <p className="text-sm text-amber-700">{fill(t.outOfRange, { bibs: outside.join(" ") })}</p>}
            {photo.auto.length > 0 && (
              <div className="space-y-1 rounded-lg bg-emerald-50 p-2 text-sm ring-1 ring-emerald-200" data-testid="desk-auto">
                <div className="flex flex-wrap items-center gap-2">
                  {photo.auto.map((a) => (
                    <span
                      key={a.bib}
                      className="inline-flex items-center gap-1 rounded-full bg-white py-0.5 pl-2 pr-0.5 ring-1 ring-emerald-300"
                      title={fill(t.autoTagTitle, { percent: Math.round(a.confidence * 100) })}
                    >
                      <span className="font-mono font-semibold text-ink">{a.bib}</span>
                      <span className="text-xs text-emerald-800">
                        {t.autoTag} · {Math.round(a.confidence * 100)} %
                      </span>
                      <button
                        type="button"
                        onClick={() => undoAuto(a.bib)}
                        className="ml-1 rounded-full px-1.5 text-xs font-bold text-red-700 hover:bg-red-50"
                        aria-label={fill(t.autoUndo, { bib: a.bib })}
                        data-testid="desk-auto-undo"
                      >
                        ✕
                      </button>
                    </span>
                  ))}
                </div>
                <p className="text-xs text-emerald-900">{t.autoHelp}</p>
              </div>
            )}
            {photo.suggestions.length > 0 && (
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <span className="text-slate-500">{t.suggestions}:</span>
                {photo.suggestions.map((s) => (
                  <span key={s.bib} className="rounded-full bg-sky-100 px-2 py-0.5 font-mono text-sky-900" title={`${Math.round(s.confidence * 100)} %`}>
                    {s.bib}
                  </span>
                ))}
              </div>
            )}
            {race.tags.length > 0 && (
              <fieldset>
                <legend className="text-sm font-semibold text-ink">{t.tags}</legend>
                <div className="mt-2 flex flex-wrap gap-2">
                  {race.tags.map((tag, i) => {
                    const on = tagIds.includes(tag.id);
                    return (
                      <label
                        key={tag.id}
                        className={`cursor-pointer rounded-full px-3 py-1 text-sm font-semibold ring-1 ${on ? "bg-brand-500 text-white ring-brand-500" : "bg-white text-ink ring-slate-300"}`}
                      >
                        <input type="checkbox" name="tag" value={tag.id} checked={on} onChange={() => toggleTag(tag.id)} className="sr-only" />
                        {tag.name[lang] || tag.name.es}
                        {i < 9 && <kbd className="ml-1 text-xs opacity-70">Alt+{i + 1}</kbd>}
                      </label>
                    );
                  })}
                </div>
              </fieldset>
            )}
            <div className="flex items-center gap-2 pt-1">
              <button
                type="button"
                className={secondaryButtonClass}
                onClick={() => go(index - 1)}
                disabled={index === 0 && !hasPrevious}
                aria-label={t.previous}
              >
                ←
              </button>
              <button type="submit" className={`${buttonClass} flex-1`}>
                {t.saveNext} ⏎
              </button>
              <button type="button" className={secondaryButtonClass} onClick={() => go(index + 1)} aria-label={t.next}>
                →
              </button>
            </div>
            <p className="text-xs" aria-live="polite" data-testid="save-state" data-state={typeof state === "object" ? "error" : state}>
              {lastSaved && <span className="font-mono text-slate-500">{lastSaved.frame} · </span>}
              {state === "saving" && <span className="text-slate-500">{t.saving}</span>}
              {state === "saved" && <span className="text-emerald-700">{t.saved} ✓</span>}
              {typeof state === "object" && <span className="text-red-700">{fill(t.unsaved, { error: state.error })}</span>}
            </p>
          </Form>
        </div>
        <div id="bibs-help" className="rounded-2xl bg-slate-50 p-4 text-xs text-slate-600 ring-1 ring-slate-200">
          <p>{t.help}</p>
          {race.tags.length > 0 && <p className="mt-2">{t.tagsHelp}</p>}
          {photo.auto.length > 0 && <p className="mt-2">{t.autoKeys}</p>}
        </div>
      </div>
      <ol className="flex gap-2 overflow-x-auto pb-2 lg:col-span-2" aria-label={fill(t.position, { index: index + 1, total: photos.length })}>
        {strip.map((p) => {
          const i = photos.indexOf(p);
          const st = states[p.id];
          return (
            <li key={p.id} className="shrink-0">
              <button
                type="button"
                onClick={() => go(i)}
                aria-current={i === index ? "true" : undefined}
                title={p.frame}
                className={`relative block h-16 w-24 overflow-hidden rounded-lg ring-2 ${i === index ? "ring-brand-500" : p.bibs.length ? "ring-emerald-500" : "ring-transparent"}`}
              >
                {p.thumbUrl && <img src={p.thumbUrl} alt="" className="h-full w-full object-cover" loading="lazy" />}
                {p.bibs.length > 0 && (
                  <span className="absolute bottom-0 left-0 right-0 truncate bg-black/60 px-1 text-[10px] font-mono text-white">{p.bibs.join(" ")}</span>
                )}
                {typeof st === "object" && <span className="absolute right-1 top-1 h-2.5 w-2.5 rounded-full bg-red-600" />}
              </button>
            </li>
          );
        })}
      </ol>
      <p className="text-xs text-slate-500 lg:col-span-2">{fill(t.position, { index: index + 1, total: photos.length })}</p>
    </div>
  );
}
