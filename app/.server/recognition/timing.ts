import { csvRows } from "../csv.ts";
import { zonedToInstant } from "../images/index.ts";

// The organiser's timing file as a second opinion: a runner whose chip crossed
// the photo point at the moment the photo was taken is very likely the number
// read; a number whose runner passed an hour earlier was probably misread.

export type Passing = { bib: number; at: Date };

export type TimingWindow = {
  /** A passing this close to the capture time (seconds, either side) backs the reading. */
  windowSeconds: number;
  /** Camera clock minus timing clock, in seconds (cameras are rarely set to the second). */
  offsetSeconds: number;
};

export const DEFAULT_TIMING_WINDOW: TimingWindow = { windowSeconds: 30, offsetSeconds: 0 };

/** near: passed within the window; far: passed, but never near the photo; absent: not in the file. */
export type TimingEvidence = "near" | "far" | "absent" | "unknown";

/** A line that could not be read: which cell was wrong and what it held (the screen words it in the operator's language). */
export type TimingLineError = { line: number; problem: "bib" | "time" | "noDate"; value: string };
export type TimingParse = { passings: Passing[]; errors: TimingLineError[] };

/**
 * Reads "bib,time" rows (CSV as a spreadsheet writes it: comma, semicolon or
 * tab, quoted cells, a BOM; a header row is skipped). Time is "HH:MM:SS" on
 * the race day, "YYYY-MM-DD HH:MM:SS" on the race's wall clock, or ISO 8601
 * with an offset.
 */
export function parseTimingCsv(text: string, race: { date: string | null; timeZone: string }): TimingParse {
  const passings: Passing[] = [];
  const errors: TimingParse["errors"] = [];
  csvRows(text).forEach(({ cells, line }, index) => {
    const [bibCell = "", timeCell = ""] = cells.map((c) => c.trim());
    if (index === 0 && !/^\d+$/.test(bibCell)) return; // header
    const bib = /^\d{1,6}$/.test(bibCell) ? Number(bibCell) : NaN;
    if (!(bib > 0)) return void errors.push({ line, problem: "bib", value: bibCell.slice(0, 40) });
    // A bare clock time needs the race's date, which the race may not have yet.
    if (!race.date && CLOCK.test(timeCell)) return void errors.push({ line, problem: "noDate", value: timeCell.slice(0, 40) });
    const at = parseTime(timeCell, race);
    if (!at) return void errors.push({ line, problem: "time", value: timeCell.slice(0, 40) });
    passings.push({ bib, at });
  });
  return { passings, errors };
}

const CLOCK = /^(\d{1,2}):(\d{2}):(\d{2})(?:[.,]\d+)?$/;

function parseTime(cell: string, race: { date: string | null; timeZone: string }): Date | undefined {
  if (/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/.test(cell)) {
    const at = new Date(cell);
    return Number.isNaN(at.getTime()) ? undefined : at;
  }
  const clock = CLOCK.exec(cell);
  if (clock) {
    if (!race.date) return undefined;
    const [, h, m, s] = clock;
    return wallClock(`${race.date} ${h.padStart(2, "0")}:${m}:${s}`, race.timeZone);
  }
  return wallClock(cell, race.timeZone);
}

/** "YYYY-MM-DD HH:MM:SS" on the race's clock; "25:61:00" or "2025-02-30" are mistakes, not times to roll over. */
function wallClock(text: string, timeZone: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:[.,]\d+)?$/.exec(text);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
  const day = new Date(Date.UTC(y, mo - 1, d));
  if (day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return undefined;
  return zonedToInstant(text, timeZone);
}

/** Passings per bib, for repeated look-ups; linear in the file's length (a bib passing many times is one list, grown in place). */
export function indexPassings(passings: Passing[]): Map<number, Date[]> {
  const byBib = new Map<number, Date[]>();
  for (const p of passings) {
    const times = byBib.get(p.bib);
    if (times) times.push(p.at);
    else byBib.set(p.bib, [p.at]);
  }
  return byBib;
}

/** Passings as a decision asks them: whether the timing file has any (`size` 0 when none) and when a bib passed. A whole index, or part of one (store.ts photoContext, whose size is 1 when the file has passings). */
export type PassingsByBib = Pick<ReadonlyMap<number, readonly Date[]>, "size" | "get">;

/** What the timing file says about `bib` being in a photo taken at `takenAt` (camera clock). */
export function timingEvidence(
  bib: number,
  takenAt: Date | null | undefined,
  byBib: PassingsByBib,
  window: TimingWindow = DEFAULT_TIMING_WINDOW,
): TimingEvidence {
  if (!takenAt || byBib.size === 0) return "unknown";
  const times = byBib.get(bib);
  if (!times) return "absent";
  const photoAt = takenAt.getTime() - window.offsetSeconds * 1000;
  return times.some((t) => Math.abs(t.getTime() - photoAt) <= window.windowSeconds * 1000) ? "near" : "far";
}

/**
 * Moves a reading's confidence by the timing evidence: "near" takes away most
 * of the remaining doubt, "far" halves it, "absent" (no chip read at this
 * point: a missed mat, or no runner at all: a sign, a partial read) takes it
 * under the default auto threshold (0.7), so a person looks.
 */
export function withTiming(confidence: number, evidence: TimingEvidence): number {
  if (evidence === "near") return 1 - (1 - confidence) * 0.4;
  if (evidence === "far") return confidence * 0.5;
  if (evidence === "absent") return confidence * 0.65;
  return confidence;
}

/** Bibs the timing file puts at the photo point when the photo was taken (for the review screen's hints). */
export function bibsNear(takenAt: Date | null | undefined, passings: Passing[], window: TimingWindow = DEFAULT_TIMING_WINDOW): number[] {
  if (!takenAt) return [];
  const photoAt = takenAt.getTime() - window.offsetSeconds * 1000;
  const near = passings.filter((p) => Math.abs(p.at.getTime() - photoAt) <= window.windowSeconds * 1000).map((p) => p.bib);
  return [...new Set(near)].sort((a, b) => a - b);
}
