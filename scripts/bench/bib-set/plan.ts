import { createRng, type Rng } from "../../../app/.server/demo/index.ts";

// The labelled set of `npm run bench -- bibs`: a deterministic plan of hard race
// photos. Everything about a photo (its runners, their bibs, how each bib is
// turned, covered or folded, and what the camera did to the picture) is drawn
// here from one seed, so the plan doubles as the labels.

/** The benchmark race's bib numbers: 2 to 5 digits, with gaps. */
export const SET_BIB_RANGES = "10-1999 5001-5999 10001-10999";
export const SET_SEED = 20251115;
export const SET_SIZE = 240;
export const SET_WIDTH = 2400;
export const SET_HEIGHT = 1600;

export type Occlusion =
  | { kind: "none" }
  /** A forearm across one side of the bib, hiding at most `depth` of the outer digit. */
  | { kind: "arm"; side: -1 | 1; depth: number; lift: number }
  /** A corner folded over, its fold line reaching `depth` into the outer digit. */
  | { kind: "corner"; side: -1 | 1; top: boolean; depth: number }
  /** A crease across the whole bib: a shadow band with a highlight beside it. */
  | { kind: "crease"; at: number; slope: number };

export type BibPlan = {
  number: number;
  /** Bib turn in degrees (with the camera tilt, the total stays within ±25°). */
  angle: number;
  /** Shear and horizontal squash: a body turned away from the camera. */
  skew: number;
  squash: number;
  occlusion: Occlusion;
  /** Runner scale: 1 = a 220 px wide bib on a 2400 px photo. */
  scale: number;
  /** A small race year printed on the bib's band (a plausible-looking number that is not the bib). */
  year: boolean;
};

export type Distractor = { kind: "km-sign" | "distance-sign" | "year-banner"; text: string };

export type PhotoPlan = {
  file: string;
  seed: number;
  bibs: BibPlan[];
  distractors: Distractor[];
  /** Distant runners with blank bibs: texture, never labelled. */
  distant: number;
  tilt: number;
  /** Keystone: how far (fraction of the size) the corners move. */
  perspective: number;
  /** Motion blur length in pixels and its direction in degrees; 0 = sharp. */
  blur: number;
  blurAngle: number;
  light: "normal" | "low" | "back";
  noise: number;
  quality: number;
};

export type Label = { file: string; bibs: number[]; conditions: string[] };

function bibNumber(rng: Rng): number {
  const digits = rng.pick([2, 3, 3, 3, 4, 4, 4, 5]);
  if (digits === 2) return rng.int(10, 99);
  if (digits === 3) return rng.int(100, 999);
  if (digits === 5) return rng.int(10001, 10999);
  return rng.next() < 0.5 ? rng.int(1000, 1999) : rng.int(5001, 5999);
}

function occlusion(rng: Rng): Occlusion {
  const roll = rng.next();
  const side = rng.next() < 0.5 ? -1 : 1;
  // Every digit keeps most of itself: a human still reads the number, so it stays labelled.
  if (roll < 0.16) return { kind: "arm", side, depth: rng.range(0.15, 0.5), lift: rng.range(-0.3, 0.5) };
  if (roll < 0.27) return { kind: "corner", side, top: rng.next() < 0.5, depth: rng.range(0.05, 0.45) };
  if (roll < 0.39) return { kind: "crease", at: rng.range(-0.3, 0.5), slope: rng.range(-0.25, 0.25) };
  return { kind: "none" };
}

function photoPlan(rng: Rng, index: number): PhotoPlan {
  const seed = rng.int(1, 2 ** 31 - 1);
  const roll = rng.next();
  const count = roll < 0.1 ? 0 : roll < 0.42 ? 1 : roll < 0.67 ? 2 : roll < 0.87 ? 3 : rng.int(4, 5);
  const tilt = rng.next() < 0.35 ? rng.range(-8, 8) : 0;
  const far = count > 0 && rng.next() < 0.25;
  const used = new Set<number>();
  const bibs: BibPlan[] = [];
  for (let i = 0; i < count; i++) {
    let number = bibNumber(rng);
    while (used.has(number)) number = bibNumber(rng);
    used.add(number);
    const turn = rng.next() < 0.5 ? rng.range(-25, 25) : rng.range(-10, 10);
    const angle = Math.max(-25, Math.min(25, turn + tilt)) - tilt;
    const small = far && i === count - 1; // one runner back in the field
    bibs.push({
      number,
      angle,
      skew: rng.next() < 0.35 ? rng.range(-18, 18) : 0,
      squash: rng.next() < 0.35 ? rng.range(0.62, 1) : 1,
      occlusion: occlusion(rng),
      scale: small ? rng.range(0.25, 0.45) : rng.range(0.72, 1.1),
      year: rng.next() < 0.2,
    });
  }
  const distractors: Distractor[] = [];
  if (rng.next() < 0.2) distractors.push({ kind: "km-sign", text: `KM ${rng.int(2, 40)}` });
  if (rng.next() < 0.12) distractors.push({ kind: "distance-sign", text: `${rng.pick([10, 21, 42])}K` });
  if (rng.next() < 0.1) distractors.push({ kind: "year-banner", text: String(rng.int(2019, 2027)) });
  const lightRoll = rng.next();
  return {
    file: `bib-${String(index + 1).padStart(3, "0")}.jpg`,
    seed,
    bibs,
    distractors,
    distant: rng.int(count === 0 ? 3 : 0, count === 0 ? 6 : 3),
    tilt,
    perspective: rng.next() < 0.3 ? rng.range(0.03, 0.09) : 0,
    blur: rng.next() < 0.3 ? 2 * rng.int(3, 11) + 1 : 0,
    blurAngle: rng.pick([0, 0, 20, -20, 45, 90]),
    light: lightRoll < 0.2 ? "low" : lightRoll < 0.36 ? "back" : "normal",
    noise: lightRoll < 0.2 || rng.next() < 0.4 ? rng.range(5, 14) : 0,
    quality: rng.int(55, 90),
  };
}

/** The whole set, always the same for the same constants. */
export function planSet(size = SET_SIZE, seed = SET_SEED): PhotoPlan[] {
  const rng = createRng(seed);
  return Array.from({ length: size }, (_, i) => photoPlan(rng, i));
}

/** What the benchmark compares against, with the hardships named for per-condition figures. */
export function labelOf(plan: PhotoPlan): Label {
  const conditions = new Set<string>();
  if (plan.bibs.length === 0) conditions.add("no-bib");
  if (plan.bibs.length > 1) conditions.add("several");
  if (plan.bibs.some((b) => Math.abs(b.angle + plan.tilt) >= 12)) conditions.add("angle");
  if (plan.perspective > 0 || plan.bibs.some((b) => b.skew !== 0 || b.squash < 1)) conditions.add("perspective");
  if (plan.blur > 0) conditions.add("motion-blur");
  if (plan.light === "low") conditions.add("low-light");
  if (plan.light === "back") conditions.add("back-light");
  if (plan.bibs.some((b) => b.occlusion.kind === "arm" || b.occlusion.kind === "corner")) conditions.add("covered");
  if (plan.bibs.some((b) => b.occlusion.kind === "crease")) conditions.add("fold");
  if (plan.bibs.some((b) => b.scale < 0.6)) conditions.add("far");
  if (plan.distractors.length || plan.bibs.some((b) => b.year)) conditions.add("distractor");
  return { file: plan.file, bibs: plan.bibs.map((b) => b.number).sort((a, b) => a - b), conditions: [...conditions] };
}
