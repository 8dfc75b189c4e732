import { splitCsv } from "../csv.ts";
import type { EitherEnd } from "./geometry.ts";

// The organiser's start list (bib, name, distance, team): the race's registered
// bibs. It is recognition's strongest prior: a reading that is no registered
// bib is never tagged on its own, and a reading one digit away from exactly one
// registered bib (a covered, cut or misread digit) is offered for review as that bib.

export type Entrant = { bib: number; name: string; distance: string; team: string };
export type StartListLineError = { line: number; problem: "bib" | "duplicate"; value: string };
export type StartListParse = { entrants: Entrant[]; errors: StartListLineError[] };

const MAX_BIB = 999_999;
const HEADERS: Record<keyof Entrant, string[]> = {
  bib: ["bib", "dorsal", "numero", "number", "nro", "no", "peito", "num"],
  name: ["name", "nombre", "nome", "runner", "corredor", "atleta", "athlete"],
  distance: ["distance", "distancia", "category", "categoria", "race", "prueba", "prova"],
  team: ["team", "equipo", "equipe", "club", "clube", "equipa"],
};
const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z]/gi, "")
    .toLowerCase();

/** Column positions from a header row, or the plain order bib, name, distance, team when there is none. */
function columnsOf(header: string[] | undefined): Record<keyof Entrant, number> {
  const plain = { bib: 0, name: 1, distance: 2, team: 3 };
  if (!header) return plain;
  const names = header.map(fold);
  const found = { ...plain };
  for (const key of Object.keys(HEADERS) as (keyof Entrant)[]) {
    const at = names.findIndex((n) => HEADERS[key].includes(n));
    found[key] = at >= 0 ? at : key === "bib" ? 0 : -1;
  }
  return found;
}

/**
 * Reads a start list: comma or semicolon separated, RFC 4180 quotes, an
 * optional header (any first row whose bib cell is not a number) naming the
 * columns in es, en or br. Unreadable bibs and repeated bibs come back by line.
 */
export function parseStartListCsv(text: string): StartListParse {
  const rows = splitCsv(text);
  const hasHeader = rows.length > 0 && !/^\s*\d+\s*$/.test(rows[0][0] ?? "");
  const columns = columnsOf(hasHeader ? rows[0] : undefined);
  const entrants: Entrant[] = [];
  const errors: StartListLineError[] = [];
  const seen = new Set<number>();
  const cell = (row: string[], at: number) => (at >= 0 ? (row[at] ?? "").trim().slice(0, 120) : "");
  rows.forEach((row, index) => {
    if (hasHeader && index === 0) return;
    const line = index + 1;
    const bibCell = cell(row, columns.bib);
    const bib = /^\d{1,6}$/.test(bibCell) ? Number(bibCell) : NaN;
    if (!(bib > 0 && bib <= MAX_BIB)) return void errors.push({ line, problem: "bib", value: bibCell.slice(0, 40) });
    if (seen.has(bib)) return void errors.push({ line, problem: "duplicate", value: bibCell });
    seen.add(bib);
    entrants.push({ bib, name: cell(row, columns.name), distance: cell(row, columns.distance), team: cell(row, columns.team) });
  });
  return { entrants, errors };
}

const asBibs = (texts: Iterable<string>, except: string) => [...new Set(texts)].filter((t) => t !== except && /^[1-9]\d*$/.test(t)).map(Number);

/**
 * Every number `bib` with one more digit (no leading zero): what it was before
 * a digit was covered or cut off, at its start, its end, or anywhere.
 */
export function oneDigitMore(bib: number, at: EitherEnd = "either"): number[] {
  const text = String(bib);
  const places = at === "start" ? [0] : at === "end" ? [text.length] : [...Array(text.length + 1).keys()];
  const out = places.flatMap((i) => [...Array(10).keys()].map((d) => text.slice(0, i) + d + text.slice(i)));
  return asBibs(out, text);
}

/** The numbers `bib` is one digit longer than: its first or last digit dropped (no leading zero). */
export function oneDigitLess(bib: number): number[] {
  const text = String(bib);
  if (text.length < 2) return [];
  return asBibs([text.slice(1), text.slice(0, -1)], text);
}

/** Every number one digit away from `bib`: one digit changed, dropped or added (no leading zero). */
export function oneEditAway(bib: number): number[] {
  const text = String(bib);
  const out = oneDigitMore(bib).map(String);
  for (let i = 0; i < text.length; i++) {
    for (let d = 0; d <= 9; d++) out.push(text.slice(0, i) + d + text.slice(i + 1)); // changed
    out.push(text.slice(0, i) + text.slice(i + 1)); // dropped
  }
  return asBibs(out, text);
}

/** More registered bibs than this one digit away and the reading says too little to offer any. */
export const MAX_NEAR = 3;

/**
 * What the start list says of a reading: registered; or not, with the
 * registered bibs one digit away (a covered, cut or misread digit) when there
 * are at most MAX_NEAR of them, for a person to pick from. `gone`: the reading
 * shows signs of a digit gone (frame edge, cut or off-centre print) at that
 * end; then the registered bibs it may be the rest of are named even when the
 * reading is registered itself ("31" of 331 with both on the list).
 */
export type ListEvidence = { kind: "unknown" } | { kind: "registered"; longer?: number[] } | { kind: "unregistered"; near: number[] };

/** A start list as a decision asks it: which bibs are on it, and whether it has any (`size` 0 when none). A whole Set, or one asked only about some bibs (store.ts photoContext, whose size is 1 when the list has bibs). */
export type Registered = Pick<ReadonlySet<number>, "size" | "has">;

/**
 * `proven`: when more registered bibs than MAX_NEAR fit, those of them tagged
 * in the race's photos around the same time (decide.ts provenNear) are often
 * few enough to offer.
 */
export function listEvidence(bib: number, registered: Registered, gone?: EitherEnd, proven: (bib: number) => boolean = () => false): ListEvidence {
  if (registered.size === 0) return { kind: "unknown" };
  // What is left of a covered or cut bib lacks a digit, often at a known end: far fewer neighbours to pick from.
  const few = (bibs: number[]) => {
    const listed = bibs.filter((b) => registered.has(b));
    const offered = listed.length <= MAX_NEAR ? listed : listed.filter(proven);
    return offered.length <= MAX_NEAR ? offered.sort((a, b) => a - b) : [];
  };
  if (registered.has(bib)) return gone ? { kind: "registered", longer: few(oneDigitMore(bib, gone)) } : { kind: "registered" };
  return { kind: "unregistered", near: few(gone ? oneDigitMore(bib, gone) : oneEditAway(bib)) };
}
