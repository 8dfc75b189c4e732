import { useRef, useState } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { fill } from "../../i18n/messages/index.ts";
import { useLang } from "../../i18n/use-messages.ts";
import { useAdmin } from "../../admin/use-admin.ts";
import { CsrfField } from "./csrf-field.tsx";
import { buttonClass, inputClass, secondaryButtonClass } from "./fields.tsx";
import type { TaggingData, TaggingLink } from "./tagging-types.ts";
import { useAdminMessages } from "../../i18n/messages/admin/index.ts";

const ACTIONS = ["addBibs", "removeBibs", "addTag", "removeTag", "free", "unfree", "sale", "clearSale", "hide", "show", "photographer", "delete"] as const;
type Action = (typeof ACTIONS)[number];
/** Prices and who earns from a photo are the shop's: only admins see these (the server refuses them to photographers too). */
const ADMIN_ACTIONS: readonly Action[] = ["free", "unfree", "sale", "clearSale", "photographer"];

/**
 * Thumbnails with checkboxes and one bulk action for the selection (tag, free,
 * sale price, hide, delete). A plain form: it works without JavaScript; with it,
 * "select all" and shift-click ranges make big selections quick.
 */
export function TaggingGrid({ data, link }: { data: TaggingData; link: TaggingLink }) {
  const m = useAdminMessages();
  const t = m.tagging;
  const lang = useLang();
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  const { race, photos, hasNext, hasPrevious, photographers } = data;
  const photographerName = new Map(photographers.map((p) => [p.id, p.name]));
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  // Photos a bulk action deleted (or the page turned away from) leave the selection; the rest stay chosen for the next action.
  const selected = new Set(photos.filter((p) => chosen.has(p.id)).map((p) => p.id));
  const [action, setAction] = useState<Action>("addBibs");
  const last = useRef<number | null>(null);
  const isAdmin = useAdmin().operator.role === "admin";
  const actions = isAdmin ? ACTIONS : ACTIONS.filter((a) => !ADMIN_ACTIONS.includes(a));

  const toggle = (index: number, shift: boolean) => {
    const next = new Set(selected);
    const on = !next.has(photos[index].id);
    const from = shift && last.current !== null ? Math.min(last.current, index) : index;
    const to = shift && last.current !== null ? Math.max(last.current, index) : index;
    for (let i = from; i <= to; i++) on ? next.add(photos[i].id) : next.delete(photos[i].id);
    last.current = index;
    setChosen(next);
  };

  const labels: Record<Action, string> = {
    addBibs: t.addBibs,
    removeBibs: t.removeBibs,
    addTag: t.addTag,
    removeTag: t.removeTag,
    free: t.markFree,
    unfree: t.unmarkFree,
    sale: t.setSale,
    clearSale: t.clearSale,
    hide: t.hide,
    show: t.show,
    photographer: t.setPhotographer,
    delete: t.delete,
  };

  return (
    <Form
      method="post"
      onSubmit={(event) => {
        if (action === "delete" && !window.confirm(t.confirmDelete)) event.preventDefault();
      }}
    >
      <CsrfField />
      <input type="hidden" name="intent" value="bulk" />
      <input type="hidden" name="back" value={location.pathname + location.search.replace(/([?&])(notice|count|hidden)=[^&]*/g, "$1")} />
      <div className="sticky top-14 z-30 -mx-4 mb-4 flex flex-wrap items-end gap-3 border-b border-slate-200 bg-slate-100/95 px-4 py-3 backdrop-blur">
        <p className="mr-2 text-sm font-semibold text-ink">
          {fill(t.counts, race.counts, lang)} · <span data-testid="selected-count">{fill(t.selected, { count: selected.size }, lang)}</span>
        </p>
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => setChosen(selected.size === photos.length ? new Set() : new Set(photos.map((p) => p.id)))}
        >
          {t.selectAll}
        </button>
        <label className="text-xs font-semibold text-slate-600">
          {t.bulk}
          <select name="action" value={action} onChange={(e) => setAction(e.target.value as Action)} className={`${inputClass} mt-0.5 py-1.5`}>
            {actions.map((a) => (
              <option key={a} value={a}>
                {labels[a]}
              </option>
            ))}
          </select>
        </label>
        {action === "addBibs" && (
          <label className="text-xs font-semibold text-slate-600">
            {t.bibs}
            <input name="bibs" className={`${inputClass} mt-0.5 w-40 py-1.5 font-mono`} inputMode="numeric" required />
          </label>
        )}
        {(action === "addTag" || action === "removeTag") && (
          <label className="text-xs font-semibold text-slate-600">
            {t.tags}
            <select name="tagId" className={`${inputClass} mt-0.5 py-1.5`} required>
              {race.tags.map((tag) => (
                <option key={tag.id} value={tag.id}>
                  {tag.name[lang] || tag.name.es}
                </option>
              ))}
            </select>
          </label>
        )}
        {action === "sale" && (
          <>
            <label className="text-xs font-semibold text-slate-600">
              {t.saleArs}
              <input name="saleArs" className={`${inputClass} mt-0.5 w-28 py-1.5`} inputMode="numeric" pattern="\d*" />
            </label>
            <label className="text-xs font-semibold text-slate-600">
              {t.saleUsd}
              <input name="saleUsd" className={`${inputClass} mt-0.5 w-24 py-1.5`} inputMode="numeric" pattern="\d*" />
            </label>
          </>
        )}
        {action === "photographer" && (
          <label className="text-xs font-semibold text-slate-600">
            {t.photographer}
            <select name="photographerId" className={`${inputClass} mt-0.5 py-1.5`} required>
              {photographers.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
              <option value="none">{t.nobody}</option>
            </select>
          </label>
        )}
        <button
          type="submit"
          className={action === "delete" ? `${buttonClass} bg-red-700 hover:bg-red-800` : buttonClass}
          disabled={busy || selected.size === 0}
          data-testid="bulk-apply"
        >
          {m.common.apply}
        </button>
      </div>

      {photos.length === 0 ? (
        <p className="rounded-2xl bg-white p-10 text-center text-slate-600 ring-1 ring-slate-200">{t.empty}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-6">
          {photos.map((photo, i) => {
            const on = selected.has(photo.id);
            return (
              <li
                key={photo.id}
                className={`overflow-hidden rounded-xl bg-white shadow-sm ring-2 ${on ? "ring-brand-500" : "ring-transparent"}`}
                data-testid="grid-photo"
              >
                <label className="relative block aspect-[3/2] cursor-pointer bg-slate-200">
                  {photo.thumbUrl && (
                    <img
                      src={photo.thumbUrl}
                      alt={fill(t.frame, { frame: photo.frame })}
                      loading="lazy"
                      className={`h-full w-full object-cover ${photo.hidden ? "opacity-40" : ""}`}
                    />
                  )}
                  <input
                    type="checkbox"
                    name="ids"
                    value={photo.id}
                    checked={on}
                    onChange={() => {}}
                    onClick={(e) => toggle(i, e.shiftKey)}
                    className="absolute left-2 top-2 h-5 w-5 accent-brand-600"
                  />
                  <span className="absolute right-1 top-1 flex gap-1">
                    {photo.free && <span className="rounded bg-emerald-600 px-1.5 text-[10px] font-bold text-white">{t.free}</span>}
                    {photo.onSale && <span className="rounded bg-brand-600 px-1.5 text-[10px] font-bold text-white">{t.sale}</span>}
                    {photo.hidden && <span className="rounded bg-slate-700 px-1.5 text-[10px] font-bold text-white">{t.hidden}</span>}
                  </span>
                </label>
                <div className="flex items-center gap-2 px-2 py-1.5 text-xs">
                  <span className={`min-w-0 flex-1 truncate font-mono ${photo.bibs.length ? "text-ink" : "text-amber-700"}`}>
                    {photo.bibs.length
                      ? photo.bibs.map((bib, n) => {
                          const auto = photo.auto.find((a) => a.bib === bib);
                          return (
                            <span key={bib}>
                              {n > 0 && " "}
                              {auto ? (
                                <span
                                  className="text-emerald-800"
                                  title={fill(t.autoTagTitle, { percent: Math.round(auto.confidence * 100) })}
                                  data-testid="grid-auto-bib"
                                >
                                  {bib}
                                  <span className="ml-0.5 rounded bg-emerald-100 px-1 font-sans text-[10px] font-semibold">{t.autoTag}</span>
                                </span>
                              ) : (
                                bib
                              )}
                            </span>
                          );
                        })
                      : "—"}
                  </span>
                  <Link
                    to={link({ mode: "single", from: photo.id, after: undefined, before: undefined })}
                    className="shrink-0 text-brand-700 underline"
                    title={t.openSingle}
                  >
                    {photo.frame}
                  </Link>
                </div>
                {isAdmin && (
                  <p className="truncate px-2 pb-1.5 text-[11px] text-slate-500" data-testid="grid-photographer">
                    {t.photographer}: {photo.photographerId === null ? t.nobody : (photographerName.get(photo.photographerId) ?? "—")}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <nav className="mt-6 flex justify-center gap-3">
        {hasPrevious && photos.length > 0 && (
          <Link to={link({ before: photos[0].id, after: undefined, from: undefined })} className={secondaryButtonClass}>
            ← {t.previous}
          </Link>
        )}
        {hasNext && photos.length > 0 && (
          <Link to={link({ after: photos[photos.length - 1].id, before: undefined, from: undefined })} className={secondaryButtonClass}>
            {t.next} →
          </Link>
        )}
      </nav>
    </Form>
  );
}
