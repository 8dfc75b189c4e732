import { numberText } from "./ctc-decode.ts";
import type { TextReading } from "./read-text.ts";

// Scenery: a number read all through a race is part of the place, not a
// runner (a km marker, an aid station's number, a banner's year, a street
// number at the photo point). A runner passes a photographer once, in a
// burst of a few seconds; the sign beside a photographer is in their photos
// all morning. So what counts is moments, not photos: minutes of the race's
// clock (migration 0017; five minutes until 2026-11-29 let a sign read all
// through a short photo point stay a runner's), or each photo on its own when
// its time is unknown (as in most benchmark sets, whose photos carry none);
// and one camera's moments (migration 0019): a runner seen at five photo
// points in five minutes is in one moment of each camera, the sign in many
// of its photographer's.

/** From this many moments of a race, and this share of those read, a number is scenery. */
export const SCENERY_MIN_MOMENTS = 5;
export const SCENERY_SHARE = 0.04;

/**
 * From half the moments that make a number scenery (three at least), a number
 * is read too often for a runner passing once: without a bib's print stacked
 * on it, it waits for a person. A sign read in four photos of a small race's
 * forty, or five of 150, never reached scenery and was tagged in each. Chosen
 * on the tuning split (docs/decisions/0006).
 */
export const oftenFloor = (momentsRead: number) => Math.ceil(sceneryFloor(momentsRead) / 2);

/** The distinct numbers (1 to 5 digits, past edge dots) among a photo's text lines. */
export function numbersRead(lines: TextReading[]): Set<number> {
  const out = new Set<number>();
  for (const line of lines) {
    const text = numberText(line.text);
    if (/^[1-9][0-9]{0,4}$/.test(text)) out.add(Number(text));
  }
  return out;
}

/** In how many moments a number is scenery, in a race whose photos read were taken in `momentsRead`. */
export const sceneryFloor = (momentsRead: number) => Math.max(SCENERY_MIN_MOMENTS, Math.ceil(momentsRead * SCENERY_SHARE));

/** A race's numbers read in many of its moments: scenery, and those read often (scenery among them). */
export type Scenery = { scenery: Set<number>; oftenRead: Set<number> };

/** The scenery among `counts` (moments each number was read in) of a race whose photos read were taken in `momentsRead`. */
export function sceneryOf(counts: ReadonlyMap<number, number>, momentsRead: number): Scenery {
  const atLeast = (floor: number) => new Set([...counts].filter(([, n]) => n >= floor).map(([number]) => number));
  return { scenery: atLeast(sceneryFloor(momentsRead)), oftenRead: atLeast(oftenFloor(momentsRead)) };
}
