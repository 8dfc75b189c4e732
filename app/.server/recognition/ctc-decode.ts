/** One read line: its characters and, for each, the model's probability of it. */
export type DecodedLine = { text: string; confidences: number[] };

/**
 * Greedy CTC decoding of a [steps × classes] probability matrix: best class per
 * step, repeats collapsed, blanks (class 0) dropped. A character's confidence
 * is its best step's probability. `allowed` limits the classes considered
 * (the blank always is).
 */
export function greedyDecode(probs: Float32Array, steps: number, classes: number, alphabet: string[], allowed?: (c: number) => boolean): DecodedLine {
  let text = "";
  const confidences: number[] = [];
  let previous = 0;
  for (let t = 0; t < steps; t++) {
    const row = t * classes;
    const best = bestClass(probs, row, classes, allowed);
    const bestP = probs[row + best];
    if (best !== 0 && best === previous) {
      const last = confidences.length - 1;
      if (bestP > confidences[last]) confidences[last] = bestP;
    } else if (best !== 0) {
      text += alphabet[best] ?? "";
      confidences.push(bestP);
    }
    previous = best;
  }
  return { text, confidences };
}

/** The most probable class at the step starting at `row` (the blank, 0, unless another beats it), among `allowed` ones. */
function bestClass(probs: Float32Array, row: number, classes: number, allowed?: (c: number) => boolean): number {
  let best = 0;
  for (let c = 1; c < classes; c++) if ((!allowed || allowed(c)) && probs[row + c] > probs[row + best]) best = c;
  return best;
}

const EDGE_MARKS = /^[\s.,:;'`´·_-]+|[\s.,:;'`´·_-]+$/g;

/** A line's text without the dots, commas and dashes a pin, a crease or the paper's edge adds at either end ("1046." is 1046). */
export const numberText = (text: string) => text.replace(EDGE_MARKS, "");

/** numberText with the reader's confidence in each character kept: how sure it was of the number, not of a pin beside it. */
export function numberOf(line: DecodedLine): DecodedLine {
  const text = numberText(line.text);
  const start = line.text.indexOf(text);
  return { text, confidences: line.confidences.slice(start, start + text.length) };
}

/** Below this a letter among digits is the reader hesitating ("145C", "B42"), not a word. */
const SURE_LETTER = 0.9;

/**
 * The same line decoded with digits only, when it is a number with one
 * letter the reader was unsure of ("145C", "B42"): each character kept, the
 * letter swapped for the digit it was weighed against, at that digit's own
 * (lower) probability. A letter that would only drop out ("21K" as 21) or
 * a sure one keeps the line as read: undefined.
 */
export function asDigits(plain: DecodedLine, probs: Float32Array, steps: number, classes: number, alphabet: string[]): DecodedLine | undefined {
  const core = numberOf(plain);
  const letters = [...core.text].map((ch, i) => ({ ch, p: core.confidences[i] })).filter(({ ch }) => !/[0-9]/.test(ch));
  if (letters.length !== 1 || core.text.length < 2 || letters[0].p >= SURE_LETTER) return undefined;
  const decoded = greedyDecode(probs, steps, classes, alphabet, (c) => /^[0-9]$/.test(alphabet[c] ?? ""));
  return decoded.text.length === core.text.length ? decoded : undefined;
}

/**
 * How much of a digit the reader saw past each end of what it read (0 when
 * nothing), along the line, and which digit it leant to there.
 */
export type Beyond = { start: number; end: number; startDigit?: string; endDigit?: string };

/**
 * The most probability the reader gave the ten digits together at any step
 * more than one step before the first digit it read, or after the last: a
 * digit half covered by a hand or cut by a sleeve that it saw but did not
 * read. The steps right beside a read digit are left out: its own spike
 * spills into them. Tuning split: whole numbers reach 0.1 there in 3 of 540
 * lines (two of them unsure anyway), partial reads in 10 of 48; the digit it
 * leant to was the one covered in 6 of 8.
 */
export function digitsBeyond(probs: Float32Array, steps: number, classes: number, alphabet: string[]): Beyond {
  const digits = [..."0123456789"].map((d) => alphabet.indexOf(d)).filter((c) => c > 0);
  const mass: number[] = [];
  const isDigit: boolean[] = [];
  for (let t = 0; t < steps; t++) {
    const row = t * classes;
    isDigit.push(digits.includes(bestClass(probs, row, classes)));
    mass.push(digits.reduce((sum, c) => sum + probs[row + c], 0));
  }
  const first = isDigit.indexOf(true);
  const last = isDigit.lastIndexOf(true);
  if (first < 0) return { start: 0, end: 0 };
  /** The step from `from` to `to` where the digits weigh most, and the digit it leans to. */
  const strongest = (from: number, to: number) => {
    let at = -1;
    for (let t = Math.max(0, from); t < Math.min(steps, to); t++) if (at < 0 || mass[t] > mass[at]) at = t;
    if (at < 0) return { p: 0 };
    const row = at * classes;
    return { p: mass[at], digit: alphabet[digits.reduce((a, c) => (probs[row + c] > probs[row + a] ? c : a))] };
  };
  const before = strongest(0, first - 1);
  const after = strongest(last + 2, steps);
  return {
    start: before.p,
    end: after.p,
    ...(before.digit && before.p ? { startDigit: before.digit } : {}),
    ...(after.digit && after.p ? { endDigit: after.digit } : {}),
  };
}
