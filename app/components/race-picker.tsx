import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { fill } from "../i18n/messages/index.ts";
import { useMessages } from "../i18n/use-messages.ts";
import { ChevronIcon } from "./icons.tsx";

export type PickerRace = { slug: string; nombre: string; subtitulo: string; logoUrl: string };

/** Case-insensitive substring match on the race name (SPEC §2). */
export function filterRaces<T extends { nombre: string }>(races: T[], query: string): T[] {
  const q = query.trim().toLocaleLowerCase();
  return q ? races.filter((r) => r.nombre.toLocaleLowerCase().includes(q)) : races;
}

/**
 * The home page's race picker. Without JavaScript it is a plain select. With it,
 * a button shows the chosen race (logo, name, subtitle); opening it turns it into
 * a text filter over a list of races (ARIA combobox with a listbox popup):
 * arrows move, Enter picks, Escape or a click outside closes.
 */
export function RacePicker({
  races,
  value,
  onChange,
  name,
  labelId,
}: {
  races: PickerRace[];
  value: string;
  onChange: (slug: string) => void;
  name: string;
  labelId: string;
}) {
  const m = useMessages();
  const id = useId();
  const listId = `${id}-list`;
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [enhanced, setEnhanced] = useState(false);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const shown = useMemo(() => filterRaces(races, query), [races, query]);
  const chosen = races.find((r) => r.slug === value) ?? races[0];

  useEffect(() => {
    setEnhanced(true);
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    document.getElementById(`${id}-opt-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [open, active, id]);

  const openList = () => {
    setQuery("");
    setActive(
      Math.max(
        0,
        races.findIndex((r) => r.slug === chosen?.slug),
      ),
    );
    setOpen(true);
  };
  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) requestAnimationFrame(() => button.current?.focus());
  };
  const pick = (race: PickerRace | undefined) => {
    if (race) onChange(race.slug);
    close(true);
  };

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (["ArrowDown", "ArrowUp", "Enter", " "].includes(event.key) || (event.key.length === 1 && /\S/.test(event.key))) {
      event.preventDefault();
      openList();
      // Typing on the closed picker starts the filter with that letter.
      if (event.key.length === 1 && event.key !== " ") setQuery(event.key);
    }
  };

  const onInputKey = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        setActive((a) => Math.min(a + 1, shown.length - 1));
        break;
      case "ArrowUp":
        event.preventDefault();
        setActive((a) => Math.max(a - 1, 0));
        break;
      case "PageDown":
        event.preventDefault();
        setActive((a) => Math.min(a + 5, shown.length - 1));
        break;
      case "PageUp":
        event.preventDefault();
        setActive((a) => Math.max(a - 5, 0));
        break;
      case "Enter":
        event.preventDefault();
        pick(shown[active]);
        break;
      case "Escape":
        event.preventDefault();
        close(true);
        break;
      case "Tab":
        setOpen(false);
        break;
    }
  };

  if (!enhanced) {
    return (
      <select
        name={name}
        aria-labelledby={labelId}
        defaultValue={chosen?.slug}
        className="w-full rounded-xl border border-slate-300 bg-white px-3 py-3 text-base"
      >
        {races.map((r) => (
          <option key={r.slug} value={r.slug}>
            {r.nombre}
          </option>
        ))}
      </select>
    );
  }

  return (
    <div ref={root} className="relative w-full text-left">
      <input type="hidden" name={name} value={chosen?.slug ?? ""} />
      {open ? (
        <input
          ref={input}
          type="text"
          role="combobox"
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={shown[active] ? `${id}-opt-${active}` : undefined}
          aria-labelledby={labelId}
          aria-describedby={`${id}-hint`}
          placeholder={m.picker.filterPlaceholder}
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onInputKey}
          data-testid="race-filter"
          className="h-[3.75rem] w-full rounded-xl border-2 border-brand-500 bg-white px-4 text-base outline-none"
        />
      ) : (
        <button
          ref={button}
          type="button"
          role="combobox"
          aria-expanded="false"
          aria-controls={listId}
          aria-haspopup="listbox"
          aria-labelledby={`${labelId} ${id}-value`}
          onClick={openList}
          onKeyDown={onButtonKey}
          data-testid="race-picker"
          className="flex h-[3.75rem] w-full items-center gap-3 rounded-xl border border-slate-300 bg-white px-3 text-left hover:border-slate-400"
        >
          {chosen && <RaceLogo race={chosen} />}
          <span id={`${id}-value`} className="min-w-0 flex-1">
            <span className="block truncate font-bold leading-tight">{chosen?.nombre}</span>
            <span className="block truncate text-sm text-slate-600">{chosen?.subtitulo}</span>
          </span>
          <ChevronIcon direction="down" className="h-5 w-5 shrink-0 text-slate-500" />
        </button>
      )}
      <span id={`${id}-hint`} className="sr-only">
        {m.picker.filterLabel}
      </span>
      <ul
        id={listId}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the combobox's listbox (ARIA 1.2); keys are handled on its input
        role="listbox"
        aria-labelledby={labelId}
        hidden={!open}
        className="absolute inset-x-0 top-full z-30 mt-1 max-h-[15rem] overflow-y-auto rounded-xl border border-slate-200 bg-white py-1 shadow-xl"
      >
        {shown.map((race, i) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: an option of the combobox; keys are handled on its input (aria-activedescendant)
          // biome-ignore lint/a11y/useFocusableInteractive: the input keeps the focus; options are pointed at by aria-activedescendant
          <li
            key={race.slug}
            id={`${id}-opt-${i}`}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: an option of the combobox's listbox (ARIA 1.2)
            role="option"
            aria-selected={race.slug === chosen?.slug}
            data-active={i === active ? "true" : undefined}
            onPointerDown={(event) => event.preventDefault()}
            onClick={() => pick(race)}
            onMouseMove={() => setActive(i)}
            className={`flex cursor-pointer items-center gap-3 px-3 py-2 ${i === active ? "bg-brand-50" : ""} ${race.slug === chosen?.slug ? "font-bold" : ""}`}
          >
            <RaceLogo race={race} />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-semibold leading-tight text-ink">{race.nombre}</span>
              <span className="block truncate text-sm text-slate-600">{race.subtitulo}</span>
            </span>
          </li>
        ))}
        {open && shown.length === 0 && (
          <li role="presentation" className="px-4 py-3 text-sm text-slate-600">
            {fill(m.picker.noMatch, { q: query })}
          </li>
        )}
      </ul>
    </div>
  );
}

function RaceLogo({ race }: { race: PickerRace }) {
  return race.logoUrl ? (
    <img
      src={race.logoUrl}
      alt=""
      width={40}
      height={40}
      loading="lazy"
      className="h-10 w-10 shrink-0 rounded-full bg-white object-contain ring-1 ring-slate-200"
    />
  ) : (
    <span className="h-10 w-10 shrink-0 rounded-full bg-slate-200" />
  );
}
