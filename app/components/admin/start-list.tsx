import { Form, Link } from "react-router";
import { adminHref } from "../../i18n/admin-href.ts";
import { useAdminMessages } from "../../i18n/messages/admin/index.ts";
import { fill } from "../../i18n/messages/index.ts";
import { useLang } from "../../i18n/use-messages.ts";
import type { ReviewOutcome, TaggingData } from "./tagging-types.ts";
import { CsrfField } from "./csrf-field.tsx";
import { buttonClass, FileField, secondaryButtonClass } from "./fields.tsx";

type StartList = NonNullable<TaggingData["startList"]>;

/**
 * The race's start list on the review tab: how many registered runners have
 * photos, who has none (the runners worth a second look through the photos),
 * and for admins the file that loads or replaces it.
 */
export function StartListSection({
  list,
  who,
  raceId,
  canLoad,
  outcome,
}: {
  list: StartList;
  who: "all" | "missing";
  raceId: number;
  canLoad: boolean;
  outcome: ReviewOutcome | undefined;
}) {
  const t = useAdminMessages().review;
  const lang = useLang();
  const said = outcome?.intent === "startList" || outcome?.intent === "clearStartList" ? outcome : undefined;
  const lines = said && "lines" in said ? (said.lines ?? []) : [];
  const lineCount = said && "lineCount" in said ? (said.lineCount ?? 0) : 0;
  const shownTotal = who === "missing" ? list.withoutPhotos : list.entrants;
  const tab = (active: boolean) =>
    `rounded-lg px-3 py-1 text-sm font-semibold ${active ? "bg-ink text-white" : "bg-white text-ink ring-1 ring-slate-300 hover:bg-slate-50"}`;
  const whoLink = (next: "all" | "missing") =>
    adminHref("adminRaceTagging", lang, { raceId }, { mode: "review", who: next === "all" ? undefined : next }) + "#start-list-title";
  if (!canLoad && list.entrants === 0) return null;
  return (
    <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" aria-labelledby="start-list-title" data-testid="start-list">
      <h2 id="start-list-title" className="text-lg font-bold text-ink">
        {t.startTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-600" data-testid="start-list-summary">
        {list.entrants ? fill(t.startSummary, { entrants: list.entrants, withPhotos: list.withPhotos, withoutPhotos: list.withoutPhotos }) : t.startNone}
      </p>
      {said && (
        <div
          role={said.ok ? "status" : "alert"}
          className={`mt-3 rounded-lg px-3 py-2 text-sm ring-1 ${said.ok ? "bg-emerald-50 text-emerald-900 ring-emerald-200" : "bg-red-50 text-red-900 ring-red-200"}`}
          data-testid="start-list-outcome"
        >
          <p className="font-semibold">
            {!said.ok
              ? said.error
              : said.intent === "startList"
                ? fill(t.startLoaded, { entrants: said.entrants, count: said.redecided }, lang)
                : fill(t.startCleared, { count: "redecided" in said ? said.redecided : 0 }, lang)}
          </p>
          {lines.length > 0 && (
            <>
              <p className="mt-2">{fill(t.startLineErrors, { count: lineCount }, lang)}</p>
              <ul className="mt-1 list-disc space-y-0.5 pl-5" data-testid="start-list-line-errors">
                {lines.map((l) => (
                  <li key={l.line}>{fill(l.problem === "duplicate" ? t.startLineDuplicate : t.startLineBib, { line: l.line, value: l.value })}</li>
                ))}
              </ul>
              {lineCount > lines.length && <p className="mt-1">{fill(t.timingMoreErrors, { count: lineCount - lines.length }, lang)}</p>}
            </>
          )}
        </div>
      )}
      {list.entrants > 0 && (
        <>
          <nav className="mt-3 flex gap-1" aria-label={t.startTitle}>
            <Link to={whoLink("all")} className={tab(who === "all")} aria-current={who === "all" ? "page" : undefined}>
              {t.startShowAll} <span className="tabular-nums">({list.entrants})</span>
            </Link>
            <Link
              to={whoLink("missing")}
              className={tab(who === "missing")}
              aria-current={who === "missing" ? "page" : undefined}
              data-testid="start-list-missing"
            >
              {t.startShowMissing} <span className="tabular-nums">({list.withoutPhotos})</span>
            </Link>
          </nav>
          {list.rows.length === 0 ? (
            <p className="mt-3 text-sm font-semibold text-emerald-700">{t.startAllFound}</p>
          ) : (
            <div className="mt-3 max-h-96 overflow-auto rounded-lg ring-1 ring-slate-200">
              <table className="w-full text-left text-sm" data-testid="start-list-table">
                <thead className="sticky top-0 bg-slate-50 text-xs uppercase text-slate-600">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      {t.startBib}
                    </th>
                    <th scope="col" className="px-3 py-2">
                      {t.startName}
                    </th>
                    <th scope="col" className="hidden px-3 py-2 sm:table-cell">
                      {t.startDistance}
                    </th>
                    <th scope="col" className="hidden px-3 py-2 sm:table-cell">
                      {t.startTeam}
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      {t.startPhotos}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {list.rows.map((r) => (
                    <tr key={r.bib} data-testid="start-list-row" data-bib={r.bib}>
                      <td className="px-3 py-1.5 font-mono tabular-nums">{r.bib}</td>
                      <td className="px-3 py-1.5">{r.name}</td>
                      <td className="hidden px-3 py-1.5 sm:table-cell">{r.distance}</td>
                      <td className="hidden px-3 py-1.5 sm:table-cell">{r.team}</td>
                      <td className={`px-3 py-1.5 text-right tabular-nums ${r.photos ? "" : "font-semibold text-amber-700"}`}>{r.photos}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {shownTotal > list.rows.length && <p className="mt-2 text-xs text-slate-500">{fill(t.startMore, { shown: list.rows.length, total: shownTotal })}</p>}
        </>
      )}
      {canLoad && (
        <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
          <Form method="post" encType="multipart/form-data" className="min-w-0 flex-1 space-y-2">
            <CsrfField />
            <input type="hidden" name="intent" value="startList" />
            <FileField
              label={t.startFile}
              id="start-list-file"
              name="file"
              accept=".csv,.txt,text/csv,text/plain"
              required
              hint={t.startHelp}
              data-testid="start-list-file"
            />
            <button type="submit" className={buttonClass} data-testid="start-list-upload">
              {t.startUpload}
            </button>
          </Form>
          {list.entrants > 0 && (
            <Form method="post">
              <CsrfField />
              <input type="hidden" name="intent" value="clearStartList" />
              <button type="submit" className={secondaryButtonClass}>
                {t.startClear}
              </button>
            </Form>
          )}
        </div>
      )}
    </section>
  );
}
