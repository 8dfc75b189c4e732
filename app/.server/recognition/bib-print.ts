import { alongLine, type LineEnd, type RotatedRect, sameLine } from "./geometry.ts";
import type { TextReading } from "./read-text.ts";

// A race's bibs share their print: the event name, a sponsor, a distance. Read
// whole on the bibs of many of its photos, it shows when the print on one bib
// is cut short ("TON DE ROSARIO" of "MARATON DE ROSARIO"): whatever cut the
// print (a hand, an arm, another runner) may have cut the number under it too.

/** Letters only, upper case: how print is compared across photos (the reader's spaces come and go). */
export const printKey = (text: string) => text.replace(/[^A-Za-z]/g, "").toUpperCase();

/** Print shorter than this is a word, not an event name worth knowing. */
const KNOWN_MIN_LETTERS = 6;
/**
 * In this many photos of a race, and this share of those read, print is the
 * race's: its bibs are on every runner, a word on a shirt or a sign is not.
 */
const KNOWN_MIN_PHOTOS = 2;
const KNOWN_SHARE = 0.01;
/** A number reaching this many of its heights past the print's cut is seen past whatever cut it. */
const REACH = 0.5;
/** A number ending this many of its heights inside the print's cut shows its end digit whole. */
const INSIDE = 0.35;
/** At least this many letters missing at one end: one or two come and go at the edge of any reading. */
const CUT_MIN_LETTERS = 3;

/** The distinct print keys of a photo's text lines worth counting across the race. */
export function printsRead(lines: TextReading[]): Set<string> {
  return new Set(lines.map((l) => printKey(l.text)).filter((key) => key.length >= KNOWN_MIN_LETTERS));
}

/** In how many photos print is the race's, in a race with `photosRead` photos read. */
export const knownFloor = (photosRead: number) => Math.max(KNOWN_MIN_PHOTOS, Math.ceil(photosRead * KNOWN_SHARE));

/** The race's print among `counts` (photos each key was read in) of a race with `photosRead` photos read. */
export function knownPrints(counts: ReadonlyMap<string, number>, photosRead: number): Set<string> {
  const floor = knownFloor(photosRead);
  return new Set([...counts].filter(([, n]) => n >= floor).map(([key]) => key));
}

/** Same letters but at most one (from six letters on: the reader's slips). */
function alike(a: string, b: string): boolean {
  let differ = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i] && ++differ > (a.length >= 6 ? 1 : 0)) return false;
  return true;
}

/** Which end of a known print `key` lacks: it is the print's start (its right is gone) or its end (its left is gone). */
export function cutEnds(key: string, known: Iterable<string>): { leftGone: boolean; rightGone: boolean } {
  let leftGone = false;
  let rightGone = false;
  if (key.length < 3) return { leftGone, rightGone };
  for (const whole of known) {
    if (whole.length - key.length < CUT_MIN_LETTERS) continue;
    rightGone ||= alike(whole.slice(0, key.length), key);
    leftGone ||= alike(whole.slice(-key.length), key);
  }
  return { leftGone, rightGone };
}

/**
 * The end of the number in `box` that may be cut where the print stacked on
 * its bib is (undefined when neither): the print is one end of the race's known print with letters missing at
 * the other (cut short by something in front of it, or by the frame), and the
 * number does not reach past that cut by more than half its height (a hand
 * over the print alone leaves the number whole). A known print the detector
 * split in two words is not cut: the rest is read beside it on the same line.
 */
export function cutWithPrint(box: RotatedRect, print: TextReading, lines: TextReading[], known: ReadonlySet<string>): LineEnd | undefined {
  const key = printKey(print.text);
  // Print read whole often enough is the race's own, even if it starts another.
  if (known.has(key)) return undefined;
  const { leftGone, rightGone } = cutEnds(key, known);
  if (!rightGone && !leftGone) return undefined;
  // The detector splits a print at a word gap: up to one height between the words.
  if (lines.some((other) => other !== print && sameLine(other.box, print.box, 1))) return undefined;
  // Along the number's line, from its centre: how far the number reaches past the cut.
  const along = alongLine(box, print.box);
  const pastRight = box.width / 2 - (along + print.box.width / 2);
  const pastLeft = along - print.box.width / 2 + box.width / 2;
  const atCut = (past: number) => past <= box.height * REACH && past >= -box.height * INSIDE;
  if (rightGone && atCut(pastRight)) return "end";
  if (leftGone && atCut(pastLeft)) return "start";
  return undefined;
}
