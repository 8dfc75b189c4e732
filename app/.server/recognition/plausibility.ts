import { inRanges, type BibRange } from "../../domain/bibs.ts";
import { cutWithPrint } from "./bib-print.ts";
import { numberOf, numberText } from "./ctc-decode.ts";
import { alongLine, boundsOf, type EitherEnd, type RotatedRect, sameLine } from "./geometry.ts";
import type { TextReading } from "./read-text.ts";

/** Why a candidate's confidence was lowered; shown beside it in the review queue. */
export type Doubt =
  | "low-score"
  | "frame-edge"
  | "off-centre"
  | "cut-print"
  | "half-digit"
  | "covered"
  | "between-print"
  | "small-print"
  | "year"
  | "unstable"
  | "timing-far"
  | "timing-absent"
  | "short"
  | "unregistered"
  | "near-registered"
  | "longer-registered"
  | "longer-proven"
  | "longer-in-pass"
  | "in-pass"
  | "proven"
  | "burst"
  | "burst-cut"
  | "pass-between"
  | "scenery"
  | "often-read"
  | "not-whole";

/**
 * `reviewOnly`: whatever its confidence, a person decides (a number the start list does not know, a lone digit).
 * `printed`: smaller print stacked above or below the number (an event name, a distance, a sponsor): it sits on a bib.
 */
export type BibCandidate = {
  bib: number;
  confidence: number;
  box: RotatedRect;
  doubts: Doubt[];
  reviewOnly?: boolean;
  printed?: boolean;
  /** Where a digit of the number may be gone (frame edge, cut or off-centre print): one end, or either when the signs disagree. */
  gone?: EitherEnd;
};

export type BibRules = {
  /** The race's bib numbers; empty = unknown (any number of the right length). */
  ranges: BibRange[];
  minDigits: number;
  maxDigits: number;
  /** Print read on many of the race's photos (bib-print.ts): a bib whose print is one of these cut short may be cut too. */
  prints?: ReadonlySet<string>;
  /** The whole-number verifier's floor (WHOLE_FLOOR unless a benchmark tries another). */
  wholeFloor?: number;
};

export const DEFAULT_RULES: BibRules = { ranges: [], minDigits: 1, maxDigits: 5 };

/**
 * Below this the whole-number verifier's word sends a number to a person (whole-number.ts). Chosen on the tuning
 * splits, each read by a model not trained on it, and the own set, whose bibs the model never saw drawn: 18 → 10
 * wrong automatic tags for 3 right ones fewer of 1,727 bibs (at 0.1: 18 → 9 wrong for 21 right fewer, 10 of them
 * the own set's: a model trained on one generator's bibs doubts another's whole numbers). Decision 0006.
 */
export const WHOLE_FLOOR = 0.01;

/** A number this close to the frame (fraction of the long side) may go on beyond it. */
const EDGE_MARGIN = 0.02;

const isBibText = (text: string, rules: BibRules) => new RegExp(`^[1-9][0-9]{${rules.minDigits - 1},${rules.maxDigits - 1}}$`).test(text);

/** Any letter or symbol that is not a digit: what a sign ("KM 21", "42K") has and a bib does not. */
const hasWords = (line: TextReading) => /[^0-9\s]/.test(numberText(line.text)) && Math.max(...line.confidences) >= 0.5;

/** Every digit of a reading, whatever lies between them ("42.195" → "42195"). */
export const digitsOf = (text: string) => text.replace(/[^0-9]/g, "");

/**
 * The number the wider second reading gives instead, when that is a
 * plausible bib too: the detector's box clipped a digit, or the first reading
 * was unsure. Pins, edges and folds around a number read as stray marks or a
 * digit that makes it implausible, which is no reason to doubt it.
 */
function rival(line: TextReading, plausible: (text: string) => boolean): string | undefined {
  if (!line.wide) return undefined;
  const digits = digitsOf(line.wide.text);
  return digits !== line.text && plausible(digits) ? digits : undefined;
}

/**
 * How much surer of a digit one reading must be than the other to be taken
 * over it. Own set and tuning split: one more bib each tagged from 0.1 to
 * 0.15, none wrong; 0.3 takes none.
 */
const SURER_BY = 0.15;

/**
 * When the two readings of a number differ in one digit only, the one whose
 * reader was clearly surer of that digit ("1231" at 0.55 against "1251" at
 * 0.90); undefined when neither is, or they differ more.
 */
function surerReading(line: TextReading, other: string): "narrow" | "wide" | undefined {
  const wide = line.wide;
  if (!wide || other.length !== line.text.length || line.confidences.length !== line.text.length) return undefined;
  const differ = [...line.text].flatMap((ch, i) => (ch === other[i] ? [] : [i]));
  if (differ.length !== 1) return undefined;
  const wideDigits = [...wide.text].flatMap((ch, i) => (/[0-9]/.test(ch) ? [wide.confidences[i]] : []));
  const narrowSure = line.confidences[differ[0]];
  const wideSure = wideDigits[differ[0]];
  if (wideSure - narrowSure >= SURER_BY) return "wide";
  if (narrowSure - wideSure >= SURER_BY) return "narrow";
  return undefined;
}

/** The wider reading is the number with letters right before or after it ("10K", "KM10"). */
function lettered(line: TextReading, text: string): boolean {
  if (!line.wide) return false;
  const wide = numberText(line.wide.text).replace(/\s/g, "");
  return wide !== text && wide.includes(text) && /^[A-Za-z]*$/.test(wide.replace(text, ""));
}

/**
 * Smaller print stacked right above or below a number and overlapping it
 * sideways: a bib's event name, distance or sponsor line. A sign's number or a
 * stray digit seldom has it.
 */
function printAround(line: TextReading, lines: TextReading[]): TextReading[] {
  const { box } = line;
  return lines.filter((other) => {
    if (other === line || numberText(other.text).length < 2) return false;
    const ratio = other.box.height / box.height;
    if (ratio < 0.12 || ratio > 0.75) return false;
    const rise = Math.abs(other.box.cy - box.cy);
    const sideways = Math.abs(other.box.cx - box.cx);
    return rise > (box.height + other.box.height) * 0.4 && rise < box.height * 1.6 && sideways < Math.max(box.width, other.box.width) / 2;
  });
}

/**
 * From this many half digits off, the number read is not centred under its
 * bib's print: a digit gone moves what is read by one half digit, and whole
 * numbers on the tuning split sat up to about 0.5 off (at 0.45, 7 of them were
 * doubted; from 0.6 to 0.75 none, and 10 wrong automatic tags became 7; 0.9 left 8).
 */
const OFF_CENTRE = 0.75;
/** Only print about as wide as the number shows the bib's centre: a year or a logo in a corner does not. */
const SPANNING = 0.9;

/**
 * A bib's number is centred under its event name; a digit covered by a hand or
 * cut off at one end leaves what is read half a digit to the side. How far,
 * in half digits, the nearest centre of the print stacked on its bib is from
 * the number's centre along its line: positive when the print's centre lies
 * towards the number's end (the end's digit is the one gone).
 */
function offCentre(line: TextReading, digits: number, prints: TextReading[]): number {
  const { box } = line;
  const halfDigit = box.width / digits / 2;
  const offsets = prints.filter((p) => p.box.width >= box.width * SPANNING).map((p) => alongLine(box, p.box) / halfDigit);
  return offsets.length ? offsets.reduce((a, b) => (Math.abs(b) < Math.abs(a) ? b : a)) : 0;
}

/**
 * Whether `text` could be what is left of a longer bib with one digit gone (a
 * digit added anywhere gives a plausible bib). A number the race's ranges
 * allow no longer bib around ("1501" of 1–2999) has lost none, wherever it sits.
 */
export function mayBePartial(text: string, plausible: (text: string) => boolean): boolean {
  for (let at = 0; at <= text.length; at++) {
    for (let digit = 0; digit <= 9; digit++) if (plausible(text.slice(0, at) + digit + text.slice(at))) return true;
  }
  return false;
}

/**
 * The end of a number near the frame (within EDGE_MARGIN of the long side),
 * where it may go on beyond it: the end facing that edge, or either when the
 * edge runs along the number (a top or bottom edge of an upright one).
 */
function frameEdgeEnd(box: RotatedRect, width: number, height: number): EitherEnd | undefined {
  const margin = Math.max(width, height) * EDGE_MARGIN;
  const b = boundsOf(box);
  // Outward directions of the edges the box touches, against the number's reading direction.
  const outward = [
    ...(b.left < margin ? [[-1, 0]] : []),
    ...(b.right > width - margin ? [[1, 0]] : []),
    ...(b.top < margin ? [[0, -1]] : []),
    ...(b.bottom > height - margin ? [[0, 1]] : []),
  ];
  if (!outward.length) return undefined;
  const ends = new Set(
    outward.map(([x, y]) => x * Math.cos(box.angle) + y * Math.sin(box.angle)).map((d) => (d > 0.5 ? "end" : d < -0.5 ? "start" : "either")),
  );
  return ends.size === 1 ? [...ends][0] : "either";
}

/**
 * From this much of a digit seen past a number's end (ctc-decode.ts
 * digitsBeyond), the number is doubted as cut there. Tuning split: 3 of 540
 * whole numbers reach it (two of them unsure anyway) and 10 of 48 partial
 * reads; from 0.05 the same partial reads, 0.2 one fewer.
 */
const HALF_DIGIT = 0.1;

/**
 * The end past which the reader half saw a digit it did not read, if any, and
 * the numbers it would make with the digit the reader leant to there.
 */
function halfDigit(line: TextReading, text: string): { end?: EitherEnd; guesses: string[] } {
  const start = (line.beyond?.start ?? 0) >= HALF_DIGIT;
  const end = (line.beyond?.end ?? 0) >= HALF_DIGIT;
  const guesses = [start && line.beyond?.startDigit ? line.beyond.startDigit + text : "", end && line.beyond?.endDigit ? text + line.beyond.endDigit : ""];
  return { end: bothEnds(start ? "start" : undefined, end ? "end" : undefined), guesses: guesses.filter(Boolean) };
}

/**
 * A number whose box overlaps another line's on the same line, and that line
 * reads more digits holding these: one of the detector's looks took a piece
 * of a longer figure (the "555" of a phone number "0800 555 1234", the "95" of
 * 42.195, the "202" of a year). Not a bib of its own; the longer reading is
 * weighed as itself. Tuning splits: 6 such numbers, none a bib.
 */
function pieceOfLonger(line: { text: string; box: RotatedRect }, lines: TextReading[]): boolean {
  return lines.some((other) => {
    if (other.box === line.box || !sameLine(other.box, line.box, 0)) return false;
    const digits = digitsOf(other.text);
    return digits.length > line.text.length && digits.includes(line.text);
  });
}

/** A covered line's first reading, where a second cut read another number: never sure enough to tag, kept for review. */
const COVERED_FIRST = 0.5;

/** The detector's word on a box: full from a score of 0.9, less below (PaddleOCR keeps boxes from 0.6). */
const detectionWeight = (line: TextReading) => Math.min(1, line.detectionScore / 0.9);

/** Two signs of where a digit went: the same end, or either. */
const bothEnds = (a: EitherEnd | undefined, b: EitherEnd | undefined) => (!a ? b : !b || a === b ? a : "either");

/**
 * Turns a photo's text lines into bib candidates: one number of the race's
 * length and range per line (so "KM 21", "42K" and years outside the range go),
 * minus numbers printed beside words, each with a confidence from the reader's
 * weakest character, lowered for every reason to doubt it. Duplicates merge
 * into the most confident one.
 */
export function bibCandidates(readLines: TextReading[], frame: { width: number; height: number }, rules: BibRules = DEFAULT_RULES): BibCandidate[] {
  const plausible = (text: string) => isBibText(text, rules) && (!rules.ranges.length || inRanges(Number(text), rules.ranges));
  // A covered line read again as no bib of the race ("3700" of "370."): its first reading stands.
  const lines = readLines.map((l) => (l.across?.first && !plausible(numberOf(l).text) ? { ...l, ...l.across.first, across: { edge: l.across.edge } } : l));
  const numbers = lines.map((l) => ({ ...l, ...numberOf(l) })).filter((l) => plausible(l.text));
  const words = lines.filter(hasWords);
  const best = new Map<number, BibCandidate>();
  const consider = (bib: number, confidence: number, box: RotatedRect, doubts: Doubt[], printed: boolean, gone?: BibCandidate["gone"]) => {
    const seen = best.get(bib);
    if (!seen || confidence > seen.confidence) best.set(bib, { bib, confidence, box, doubts, ...(printed ? { printed } : {}), ...(gone ? { gone } : {}) });
  };
  /** A number only a person may confirm, unless it is read elsewhere in the photo. */
  const offer = (bib: number, confidence: number, box: RotatedRect, doubt: Doubt) => {
    if (!best.has(bib)) best.set(bib, { bib, confidence, box, doubts: [doubt], reviewOnly: true });
  };
  // Read where the detector saw nothing: the box is the gap between the print, so nothing tells a digit gone; a person looks.
  for (const line of numbers.filter((l) => l.between))
    offer(Number(line.text), Math.min(...line.confidences) * detectionWeight(line), line.box, "between-print");
  for (const line of numbers) {
    if (line.between || words.some((w) => sameLine(w.box, line.box, 0.5)) || pieceOfLonger(line, lines)) continue;

    const doubts: Doubt[] = [];
    const prints = printAround(line, lines);
    const printed = prints.length > 0;
    const detection = detectionWeight(line);
    let text = line.text;
    let confidence = Math.min(...line.confidences) * detection;
    const other = rival(line, plausible);
    const wideScore = line.wide ? Math.min(...numberOf(line.wide).confidences) * detection : 0;
    const nested = other !== undefined && (other.includes(text) || text.includes(other));
    // The reading taken over the other, whose number waits for a person. When
    // one holds the other, the longer: the wider cut shows a digit the
    // detector's box clipped, or the narrow one read a digit the wider cut lost
    // to the paper's edge. When they differ in one digit, the one surer of it.
    const winner = !other ? undefined : nested ? (other.length > text.length ? "wide" : "narrow") : surerReading(line, other);
    if (other && winner) {
      const wideWins = winner === "wide";
      consider(Number(wideWins ? text : other), (wideWins ? confidence : wideScore) * 0.5, line.box, ["unstable"], printed);
      if (wideWins) [text, confidence] = [other, wideScore];
    }
    const first = line.across?.first && numberOf(line.across.first);
    if (first) {
      // Read again with some of what covers the digits in the cut: the number taken, no surer than the first
      // reading was (an unsure "288" is not a sure "188"), and the first reading for a person.
      const firstConfidence = Math.min(...first.confidences) * detection;
      confidence = Math.min(confidence, firstConfidence);
      doubts.push("covered");
      if (plausible(first.text)) consider(Number(first.text), Math.min(firstConfidence, COVERED_FIRST), line.box, ["covered"], printed);
    }
    if (confidence < 0.9) doubts.push("low-score");
    if (line.whole !== undefined && line.whole < (rules.wholeFloor ?? WHOLE_FLOOR)) {
      doubts.push("not-whole");
      confidence *= 0.5;
    }
    if (lettered(line, text)) {
      // "10" whose wider cut reads "10K": a distance or a sign's, with a letter the detector's box left out.
      doubts.push("unstable");
      confidence *= 0.5;
    }
    if (other && !winner) {
      // Two different numbers: both go to the review queue; the operator sees the crop and picks.
      doubts.push("unstable");
      confidence *= 0.5;
      consider(Number(other), Math.min(confidence, wideScore * 0.5), line.box, ["unstable"], printed);
    }
    // Signs that a digit is gone (covered, or cut by the frame), when one can be.
    const partial = mayBePartial(text, plausible);
    let gone: BibCandidate["gone"];
    const off = partial && printed && text === line.text ? offCentre(line, text.length, prints) : 0;
    if (Math.abs(off) >= OFF_CENTRE) {
      doubts.push("off-centre");
      confidence *= 0.5;
      gone = off > 0 ? "end" : "start";
    }
    const cut = partial && rules.prints ? prints.map((p) => cutWithPrint(line.box, p, lines, rules.prints!)).find(Boolean) : undefined;
    if (cut) {
      doubts.push("cut-print");
      confidence *= 0.5;
      gone = bothEnds(gone, cut);
    }
    const half = partial && text === line.text ? halfDigit(line, text) : { guesses: [] };
    if (half.end) {
      doubts.push("half-digit");
      confidence *= 0.5;
      gone = bothEnds(gone, half.end);
    }
    const edge = partial ? frameEdgeEnd(line.box, frame.width, frame.height) : undefined;
    if (edge) {
      doubts.push("frame-edge");
      confidence *= 0.5;
      gone = bothEnds(gone, edge);
    }
    // A race year or a sponsor's number beside a much bigger number on the same bib.
    const dwarfed = numbers.some(
      (other) =>
        other !== line &&
        other.box.height >= line.box.height * 2.5 &&
        Math.hypot(other.box.cx - line.box.cx, other.box.cy - line.box.cy) < other.box.height * 1.5,
    );
    if (dwarfed) {
      doubts.push("small-print");
      confidence *= 0.4;
    }
    consider(Number(text), confidence, line.box, doubts, printed, gone);
    // The whole number with the digit the reader half saw, for a person to confirm.
    for (const guess of half.guesses.filter(plausible)) offer(Number(guess), confidence, line.box, "half-digit");
  }
  return [...best.values()].sort((a, b) => b.confidence - a.confidence);
}
