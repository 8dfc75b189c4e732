import { Form } from "react-router";
import { CALIBRATION, CALIBRATION_MEASURED } from "../../admin/recognition-calibration.ts";
import { fill } from "../../i18n/messages/index.ts";
import { useAdminMessages } from "../../i18n/messages/admin/index.ts";
import { useLang } from "../../i18n/use-messages.ts";
import { CsrfField } from "./csrf-field.tsx";
import { buttonClass, FileField, inputClass, secondaryButtonClass } from "./fields.tsx";
import type { ReviewOutcome, TaggingData } from "./tagging-types.ts";

type Review = NonNullable<TaggingData["review"]>;

/** The race's threshold and timing window, and its timing file (admins only). */
export function RecognitionSettings({ config, outcome }: { config: NonNullable<Review["config"]>; outcome: ReviewOutcome | undefined; raceId: number }) {
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
          <FileField
            label={t.timingFile}
            id="timing-file"
            name="file"
            accept=".csv,.txt,text/csv,text/plain"
            required
            hint={t.timingHint}
            data-testid="timing-file"
          />
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
