import { useEffect, useId, useState } from "react";
import { Form, Link, useNavigate } from "react-router";
import { parseRunnerNumber } from "../domain/bibs.ts";
import { href } from "../i18n/href.ts";
import { useLang, useMessages } from "../i18n/use-messages.ts";
import { SearchIcon } from "./icons.tsx";

/**
 * Search by runner number on the race page (digits, optionally a leading plus).
 * Without JavaScript it GETs the page with `n`; the loader drops a 0 or unclean
 * value (SPEC §5). A new search starts at page 1 with every tag.
 */
export function BibSearch({ slug, n }: { slug: string; n: number | null }) {
  const lang = useLang();
  const m = useMessages();
  const navigate = useNavigate();
  const id = useId();
  const [value, setValue] = useState(n ? String(n) : "");
  useEffect(() => {
    setValue(n ? String(n) : "");
  }, [n]);
  const action = href("race", lang, { slug });

  return (
    <Form
      method="get"
      action={action}
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        const bib = parseRunnerNumber(value);
        if (bib === undefined) setValue("");
        navigate(href("race", lang, { slug }, { n: bib }));
      }}
      className="flex max-w-2xl flex-wrap items-end gap-2"
      data-testid="bib-search"
    >
      <div className="min-w-0 flex-1 basis-48">
        <label htmlFor={id} className="mb-1 block text-sm font-bold text-slate-700">
          {m.race.searchLabel}
        </label>
        <input
          id={id}
          name="n"
          type="text"
          inputMode="numeric"
          pattern="\+?[0-9]*"
          autoComplete="off"
          placeholder={m.race.searchPlaceholder}
          value={value}
          onChange={(event) => setValue(event.target.value.replace(/[^\d+]/g, ""))}
          onBlur={() => {
            if (value && parseRunnerNumber(value) === undefined) setValue("");
          }}
          className="h-12 w-full rounded-xl border border-slate-300 bg-white px-4 text-lg tabular-nums"
        />
      </div>
      <button type="submit" className="flex h-12 items-center gap-2 rounded-xl bg-brand-700 px-5 font-black text-white hover:bg-ink">
        <SearchIcon />
        {m.race.searchButton}
      </button>
      {n !== null && (
        <Link to={action} className="flex h-12 items-center rounded-xl px-4 font-semibold text-slate-700 underline-offset-2 hover:underline">
          {m.race.clearSearch}
        </Link>
      )}
    </Form>
  );
}
