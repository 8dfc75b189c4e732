import { numberText } from "./ctc-decode.ts";
import type { TextReading } from "./read-text.ts";

// Scenery: a number read in many of a race's photos is part of the place, not
// a runner (a km marker, an aid station's number, a banner's year, a street
// number at the photo point). A runner is in a handful of photos; the sign
// beside a photographer is in most of theirs.

/** From this many photos of a race, and this share of those read, a number is scenery. */
export const SCENERY_MIN_PHOTOS = 5;
export const SCENERY_SHARE = 0.04;

/** The distinct numbers (1 to 5 digits, past edge dots) among a photo's text lines. */
export function numbersRead(lines: TextReading[]): Set<number> {
  const out = new Set<number>();
  for (const line of lines) {
    const text = numberText(line.text);
    if (/^[1-9][0-9]{0,4}$/.test(text)) out.add(Number(text));
  }
  return out;
}

/** In how many photos a number is scenery, in a race with `photosRead` photos read. */
export const sceneryFloor = (photosRead: number) => Math.max(SCENERY_MIN_PHOTOS, Math.ceil(photosRead * SCENERY_SHARE));

/** The scenery among `counts` (photos each number was read in) of a race with `photosRead` photos read. */
export function sceneryOf(counts: ReadonlyMap<number, number>, photosRead: number): Set<number> {
  const floor = sceneryFloor(photosRead);
  return new Set([...counts].filter(([, n]) => n >= floor).map(([number]) => number));
}
