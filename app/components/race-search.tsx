import { useId, useState } from "react";
import { Form, useNavigate } from "react-router";
import { parseRunnerNumber } from "../domain/bibs.ts";
import { href } from "../i18n/href.ts";
import { useLang, useMessages } from "../i18n/use-messages.ts";
import { SearchIcon } from "./icons.tsx";
import { RacePicker, type PickerRace } from "./race-picker.tsx";

/**
 * The home hero's search: race picker, bib number and search button. With
 * JavaScript it goes straight to the race page (with `n` only when a number
 * greater than 0 was typed); without, the form GETs the races route, which
 * redirects to the same place.
 */
export function RaceSearch({ races }: { races: PickerRace[] }) {
  const lang = useLang();
  const m = useMessages();
  const navigate = useNavigate();
  const labelId = useId();
  const bibId = useId();
  const [slug, setSlug] = useState(races[0]?.slug ?? "");
  const [bib, setBib] = useState("");

  return (
    <Form
      method="get"
      action={href("races", lang)}
      onSubmit={(event) => {
        event.preventDefault();
        const n = parseRunnerNumber(bib);
        if (n === undefined) setBib("");
        if (slug) navigate(href("race", lang, { slug }, { n }));
      }}
      className="mx-auto mt-8 grid max-w-3xl gap-3 rounded-2xl bg-white/95 p-3 text-left text-ink shadow-2xl ring-1 ring-black/5 grid-cols-[minmax(0,1fr)] sm:grid-cols-[minmax(0,1fr)_11rem_auto] sm:items-end"
      data-testid="race-search"
    >
      <div className="min-w-0">
        <span id={labelId} className="mb-1 block px-1 text-xs font-bold uppercase tracking-wide text-slate-600">
          {m.home.pickRace}
        </span>
        <RacePicker races={races} value={slug} onChange={setSlug} name="race" labelId={labelId} />
      </div>
      <div>
        <label htmlFor={bibId} className="mb-1 block px-1 text-xs font-bold uppercase tracking-wide text-slate-600">
          {m.home.bibLabel}
        </label>
        <input
          id={bibId}
          name="n"
          type="text"
          inputMode="numeric"
          pattern="\+?[0-9]*"
          autoComplete="off"
          placeholder={m.home.bibPlaceholder}
          value={bib}
          onChange={(event) => setBib(event.target.value.replace(/[^\d+]/g, ""))}
          onBlur={() => {
            // SPEC §5: a number that is not greater than 0 is cleared.
            if (bib && parseRunnerNumber(bib) === undefined) setBib("");
          }}
          className="h-[3.75rem] w-full rounded-xl border border-slate-300 bg-white px-4 text-lg tabular-nums"
        />
      </div>
      <button
        type="submit"
        className="flex h-[3.75rem] items-center justify-center gap-2 self-end rounded-xl bg-brand-700 px-6 text-lg font-black text-white hover:bg-ink"
      >
        <SearchIcon />
        {m.home.search}
      </button>
    </Form>
  );
}
