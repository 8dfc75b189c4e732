import { useId } from "react";
import { Form, Link } from "react-router";
import { href } from "../i18n/href.ts";
import { fill } from "../i18n/messages/index.ts";
import { useLang, useMessages } from "../i18n/use-messages.ts";
import type { RaceData } from "../storefront/race-data.ts";
import { ClockIcon } from "./icons.tsx";

/** "YYYY-MM-DD HH:MM:SS" → "HH:MM". */
const clockOf = (wallClock: string) => wallClock.slice(11, 16);

/**
 * The runner's way out when the bib search finds too little: a bib covered by
 * a hand or turned away is not read, but the runner is in the photos taken as
 * they passed. Their chip's passing (from the timing file) links straight to
 * those; otherwise they give an approximate time and a photo point. A plain
 * GET form, so it works without JavaScript.
 */
export function FindByTime({ race }: { race: RaceData }) {
  const lang = useLang();
  const m = useMessages();
  const timeId = useId();
  const pointId = useId();
  return (
    <section className="rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-6" aria-labelledby={`${timeId}-title`} data-testid="find-by-time">
      <h2 id={`${timeId}-title`} className="flex items-center gap-2 text-lg font-black">
        <ClockIcon className="h-5 w-5 shrink-0 text-brand-700" />
        {m.race.findTitle}
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-slate-600">{m.race.findText}</p>
      {race.passings.length > 0 && (
        <ul className="mt-3 space-y-1" data-testid="chip-passings">
          {race.passings.map((at) => (
            <li key={at} className="text-sm">
              {fill(m.race.findPassing, { time: clockOf(at) })}{" "}
              <Link
                to={href("race", lang, { slug: race.slug }, { h: clockOf(at), t: race.t })}
                className="font-bold text-brand-700 underline underline-offset-2 hover:text-ink"
              >
                {m.race.findPassingLink}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Form method="get" action={href("race", lang, { slug: race.slug })} className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={timeId} className="mb-1 block text-sm font-bold text-slate-700">
            {m.race.findTime}
          </label>
          <input
            id={timeId}
            name="h"
            type="time"
            required
            defaultValue={race.h ?? (race.passings[0] ? clockOf(race.passings[0]) : "")}
            className="h-12 rounded-xl border border-slate-300 bg-white px-3 text-lg tabular-nums"
          />
        </div>
        {race.tags.length > 0 && (
          <div>
            <label htmlFor={pointId} className="mb-1 block text-sm font-bold text-slate-700">
              {m.race.findPoint}
            </label>
            <select id={pointId} name="t" defaultValue={race.t ?? ""} className="h-12 rounded-xl border border-slate-300 bg-white px-3">
              <option value="">{m.race.findAllPoints}</option>
              {race.tags.map((tag) => (
                <option key={tag.slug} value={tag.slug}>
                  {tag.nombre}
                </option>
              ))}
            </select>
          </div>
        )}
        <button type="submit" className="h-12 rounded-xl bg-ink px-5 font-black text-white hover:bg-brand-700">
          {m.race.findButton}
        </button>
      </Form>
    </section>
  );
}
