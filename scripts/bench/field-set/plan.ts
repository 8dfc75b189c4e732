import { createRng, type Rng } from "../../../app/.server/demo/index.ts";
import { capHeight, FONT_NAMES, textPath, textWidth, type FontName } from "./fonts.ts";

// The field set: a second labelled set, drawn apart from the first one (its
// own scenes, real typefaces, bib designs with event names, years, distances
// and sponsors, camera sizes from 12 to 45 MP, crowds, hands, jackets and the
// frame cutting bibs). Recognition is tuned on the first set and only
// reported on this one. Everything is drawn from one seed, so the plan doubles
// as the labels.

export const FIELD_SEED = 20261125;
export const FIELD_SIZE = 150;
/**
 * The tuning split: the same generator from another seed. Settings may be
 * chosen on it (and on the own set); the field set itself is only reported.
 * Its first 120 photos were the whole split until 2026-11-27; the 180 drawn
 * after them showed how much the rules chosen on those had learnt the 120 by
 * heart (docs/decisions/0006).
 */
export const TUNE_SEED = 20261126;
export const TUNE_SIZE = 300;

/**
 * The race split: runners who pass one photo point and show in several of its
 * frames, with capture times, to measure what a race's other photos tell
 * (planRaceSet). Only reported, like the field set.
 */
export const RACE_SEED = 20261128;
export const RACE_SIZE = 120;
const RACE_RUNNERS = 160;
/**
 * The race tuning split: the race split's generator from another seed and
 * with more runners (a denser photo point), for choosing what a race's other
 * photos decide (docs/decisions/0006); the race split stays for reporting.
 */
export const RACE_TUNE_SEED = 20261129;
const RACE_TUNE_RUNNERS = 240;
/** Seconds between frames, and how far from a frame's time a runner passing shows in it: each runner is in about three frames. */
const RACE_GAP_S = 4;
const RACE_SEEN_S = 6;
const RACE_START = Date.parse("2026-03-15T09:00:00Z");

/**
 * Close-ups: a runner near the camera, the bib a fifth to half the frame wide
 * (the other draws stop at a fifth), sometimes with a farther runner or two.
 * The detector loses or splits such big digits (decision 0006, 2026-12-05).
 * `close` (C001…) is only reported; `close-tune` (K001…) may be tuned on.
 */
export const CLOSE_SEED = 20261205;
export const CLOSE_TUNE_SEED = 20261206;
export const CLOSE_SIZE = 60;

/**
 * Covers across the number: an arm over the top or bottom of the digits, a
 * jacket's hem hanging over their top, beside the side covers of the other
 * draws. The other draws only hide digits from the side; digits half hidden
 * from above or below are misread as whole other numbers ("1704" of 1794),
 * which those draws could not show (decision 0006, 2026-12-05).
 * `cover` (H001…) is only reported; `cover-tune` (J001…) may be tuned on.
 */
export const COVER_SEED = 20261207;
export const COVER_TUNE_SEED = 20261208;
export const COVER_SIZE = 80;

/**
 * The draws of the generator: the reported field set (photos F001…), the tuning split (T001…), the race split
 * (R001…) and its tuning draw (Q001…), the close-ups (C001…) and their tuning draw (K001…), the covers
 * across the number (H001…) and their tuning draw (J001…).
 */
export const FIELD_SPLITS = ["field", "tune", "race", "race-tune", "close", "close-tune", "cover", "cover-tune"] as const;
export type FieldSplit = (typeof FIELD_SPLITS)[number];
/** The folder under tests/fixtures/ that holds a draw's labels and photos. */
export const fieldSetFolder = (split: FieldSplit) => `${split}-bibs`;
/** The field race's registered bibs run 1–2999 (a start list of every runner is part of the set). */
export const FIELD_MAX_BIB = 2999;

export const CAMERAS = [
  { name: "12MP", width: 4000, height: 3000, share: 0.35 },
  { name: "20MP", width: 5472, height: 3648, share: 0.3 },
  { name: "24MP", width: 6000, height: 4000, share: 0.25 },
  { name: "45MP", width: 8256, height: 5504, share: 0.1 },
] as const;

export type BibDesign = {
  paper: string;
  ink: string;
  band: string;
  bandInk: string;
  event: string;
  footer: string;
  font: FontName;
  /** Race year printed small in a corner of the bib. */
  year: boolean;
};

/**
 * What stands in front of the number. `cover` is the share of the outer digit
 * hidden (0–1); from HIDDEN_COVER up a person cannot read the bib.
 */
export type Occluder =
  | { kind: "none" }
  | { kind: "hand" | "jacket" | "runner"; side: -1 | 1; cover: number }
  /** The frame's edge crosses the number: `cover` of the outer digit is outside the photo. */
  | { kind: "frame"; side: -1 | 1; cover: number }
  | AcrossCover;

/**
 * Across the number: an arm over the top or the bottom of the digits, or a jacket's hem over their top;
 * `cover` is the share of the digits' height hidden, `tilt` the cover's edge against the baseline (degrees).
 */
export type AcrossCover = { kind: "arm" | "hem"; edge: "top" | "bottom"; cover: number; tilt: number };
export const isAcross = (o: Occluder): o is AcrossCover => o.kind === "arm" || o.kind === "hem";

export const HIDDEN_COVER = 0.55;
/** From this share of their height hidden across, digits read as others (a 9 as a 0); the cover draws leave 0.4–0.55 out, so labels are sure. */
export const HIDDEN_ACROSS = 0.45;

export type RunnerPlan = {
  bib: number;
  design: BibDesign;
  /** Bib width in photo pixels. */
  bibWidth: number;
  /** Centre of the bib in the photo (fractions of width and height). */
  x: number;
  y: number;
  place: "chest" | "shorts" | "back";
  angle: number;
  /** Horizontal squash (body turned) and shear. */
  squash: number;
  skew: number;
  shirt: string;
  skin: string;
  occluder: Occluder;
  crease: boolean;
};

export type SignPlan = { text: string; font: FontName; x: number; y: number; height: number; paper: string; ink: string };

export type FieldPhotoPlan = {
  file: string;
  seed: number;
  camera: (typeof CAMERAS)[number]["name"];
  width: number;
  height: number;
  scene: "road" | "trail" | "city" | "stadium";
  runners: RunnerPlan[];
  signs: SignPlan[];
  /** Motion blur is a horizontal pan; defocus a gaussian. */
  blur: { kind: "none" } | { kind: "motion"; length: number } | { kind: "defocus"; sigma: number };
  light: "normal" | "low" | "back";
  /** Sensor noise, standard deviation in grey levels (high ISO). */
  noise: number;
  quality: number;
  /** When it was taken (the race split only). */
  takenAt?: string;
};

/** Classes a bib is reported under, so a weak one shows. */
export type BibClass = { digits: string; size: string; occlusion: string; blur: string; light: string; place: string; ink: string; camera: string };

export type FieldLabel = {
  file: string;
  width: number;
  height: number;
  /** Bibs a person can read in the photo. */
  bibs: number[];
  /** Bibs in the photo a person cannot read whole (a covered digit, cut by the frame): only a start list can name them. */
  hidden: number[];
  classes: Record<string, BibClass>;
  /** When it was taken (the race split only). */
  takenAt?: string;
};

const EVENTS = ["MARATÓN DE ROSARIO", "TRAIL DES CIMES", "CORRIDA SÃO SILVESTRE", "CITY HALF", "ULTRA ANDES", "MEDIA MARATÓN", "NIGHT RUN", "CROSS DEL SUR", "VOLTA DA PAMPULHA"];
const FOOTERS = ["21K", "42K", "10K", "5K", "42.195", "ELITE", "CORRAL B", "VAMOS!", "POWERED BY NOVA", "KAIRO SPORTS", "HIDRATÁ BIEN", "WAVE 2"];
const SIGN_TEXTS = ["KM 21", "KM 5", "META", "FINISH", "SALIDA", "LARGADA", "2026", "1988", "01:23:45", "23", "29", "1280", "0800 555 1234", "AV. SAN MARTÍN 450", "HIDRATACIÓN 2 KM", "10K", "PUESTO 3"];
const PAPERS: [string, string][] = [
  ["#f7f7f2", "#111111"],
  ["#ffffff", "#1a2a6c"],
  ["#fff35c", "#111111"],
  ["#bfe3ff", "#0b1f3a"],
  ["#ffb347", "#1b1b1b"],
  ["#ffd1dc", "#5a0020"],
  ["#123c8c", "#ffffff"],
  ["#c8102e", "#ffffff"],
  ["#111111", "#ffe14d"],
  ["#1f7a3a", "#ffffff"],
];
const BANDS = ["#c8102e", "#123c8c", "#111111", "#ff6b00", "#00a19a", "#6a1b9a", "#e6007e"];
const SHIRTS = ["#d7263d", "#1b998b", "#2e294e", "#f46036", "#e2e2e2", "#111111", "#ffd23f", "#3bceac", "#5f0f40", "#0f4c5c", "#8ac926", "#ff99c8"];
const SKINS = ["#f1c7a5", "#e0ac85", "#c68a62", "#a06b48", "#7a4e33", "#5b3a24"];

function pickWeighted<T extends { share: number }>(rng: Rng, items: readonly T[]): T {
  let r = rng.next();
  for (const item of items) {
    r -= item.share;
    if (r < 0) return item;
  }
  return items[items.length - 1];
}

/** Bib numbers of every length: small races number from 1, big ones run to 4 digits. */
function bibNumber(rng: Rng): number {
  const r = rng.next();
  if (r < 0.07) return rng.int(1, 9);
  if (r < 0.22) return rng.int(10, 99);
  if (r < 0.55) return rng.int(100, 999);
  return rng.int(1000, FIELD_MAX_BIB);
}

function design(rng: Rng): BibDesign {
  const [paper, ink] = rng.pick(PAPERS);
  const band = rng.pick(BANDS);
  return { paper, ink, band, bandInk: "#ffffff", event: rng.pick(EVENTS), footer: rng.pick(FOOTERS), font: rng.pick(FONT_NAMES), year: rng.next() < 0.4 };
}

function occluder(rng: Rng): Occluder {
  const r = rng.next();
  const side = rng.next() < 0.5 ? -1 : 1;
  if (r < 0.12) return { kind: "hand", side, cover: rng.range(0.15, 0.5) };
  if (r < 0.2) return { kind: "jacket", side, cover: rng.range(0.15, 0.5) };
  if (r < 0.25) return { kind: "runner", side, cover: rng.range(0.2, 0.5) };
  // Past the readable: a whole digit gone behind a hand or out of the frame.
  if (r < 0.3) return { kind: rng.next() < 0.5 ? "hand" : "jacket", side, cover: rng.range(0.8, 1.6) };
  if (r < 0.34) return { kind: "frame", side, cover: rng.range(0.7, 1.8) };
  return { kind: "none" };
}

/** A cover split's runner: most are covered across the number, some from the side, a few not at all. */
function coverOccluder(rng: Rng): Occluder {
  const r = rng.next();
  const tilt = rng.range(-4, 4);
  if (r < 0.25) return { kind: "arm", edge: "top", cover: rng.range(0.15, 0.4), tilt };
  if (r < 0.45) return { kind: "arm", edge: "bottom", cover: rng.range(0.15, 0.4), tilt };
  if (r < 0.6) return { kind: "hem", edge: "top", cover: rng.range(0.15, 0.4), tilt };
  // Past the readable: most of the digits' height gone.
  if (r < 0.7) return rng.next() < 0.5 ? { kind: "arm", edge: rng.next() < 0.5 ? "top" : "bottom", cover: rng.range(0.55, 0.85), tilt } : { kind: "hem", edge: "top", cover: rng.range(0.55, 0.85), tilt };
  if (r < 0.8) return { kind: rng.pick(["hand", "jacket", "runner"] as const), side: rng.next() < 0.5 ? -1 : 1, cover: rng.range(0.15, 0.5) };
  return { kind: "none" };
}

/** From a far runner (bib under 3.5 % of the frame) to a close one (a fifth of it); `far` is a draw of 0–1. */
function bibShare(rng: Rng, far: number): number {
  return far < 0.25 ? rng.range(0.018, 0.035) : far < 0.7 ? rng.range(0.035, 0.08) : rng.range(0.08, 0.2);
}

/** A runner of the race split: the same bib, bib design, shirt and skin in every frame. */
type Entrant = { bib: number; design: BibDesign; shirt: string; skin: string };

/**
 * A photo's plan; `cast`, the race split's runners in it and its time (otherwise each photo draws its own);
 * `close`, a close-up: its first runner's bib is a fifth to half the frame wide; `covers`, a cover split's photo.
 */
function photoPlan(index: number, rng: Rng, prefix: string, { cast, close = false, covers = false }: { cast?: { who: Entrant[]; takenAt: string }; close?: boolean; covers?: boolean } = {}): FieldPhotoPlan {
  const camera = pickWeighted(rng, CAMERAS);
  const long = camera.width;
  const count = cast ? cast.who.length : close ? (rng.next() < 0.6 ? 1 : rng.int(2, 3)) : rng.next() < 0.1 ? 0 : rng.next() < 0.45 ? 1 : rng.int(2, 6);
  const used = new Set<number>();
  const drafts: Omit<RunnerPlan, "x">[] = [];
  for (let i = 0; i < count; i++) {
    const who = cast?.who[i];
    let bib = who?.bib ?? bibNumber(rng);
    while (!who && used.has(bib)) bib = bibNumber(rng);
    used.add(bib);
    // Drawn in close-ups too, so every draw keeps its sequence. A close-up's first runner is the near one; its others stand farther off.
    const far = rng.next();
    const nearest = close && i === 0;
    const bibWidth = Math.round(long * (close ? (nearest ? rng.range(0.2, 0.5) : rng.range(0.05, 0.15)) : bibShare(rng, far)));
    const o = covers ? coverOccluder(rng) : occluder(rng);
    drafts.push({
      bib,
      design: who?.design ?? design(rng),
      bibWidth,
      // A close-up's bib sits higher: the runner's chest fills the frame.
      y: nearest ? rng.range(0.4, 0.6) : rng.range(0.45, 0.72),
      place: rng.pick(["chest", "chest", "chest", "shorts", "back"] as const),
      // A bib the frame cuts stands level, so the cut falls where the plan says.
      angle: o.kind === "frame" ? 0 : rng.range(-14, 14),
      squash: rng.next() < 0.3 ? rng.range(0.65, 0.9) : 1,
      skew: o.kind === "frame" || rng.next() >= 0.25 ? 0 : rng.range(-12, 12),
      shirt: who?.shirt ?? rng.pick(SHIRTS),
      skin: who?.skin ?? rng.pick(SKINS),
      occluder: o,
      crease: rng.next() < 0.3,
    });
  }
  const runners = placeRunners(drafts, camera.width, camera.height, rng, close);
  const signs: SignPlan[] = [];
  const signCount = rng.next() < 0.55 ? rng.int(1, 3) : 0;
  for (let i = 0; i < signCount; i++) {
    const [paper, ink] = rng.pick(PAPERS);
    signs.push({ text: rng.pick(SIGN_TEXTS), font: rng.pick(FONT_NAMES), x: rng.range(0.1, 0.9), y: rng.range(0.08, 0.35), height: long * rng.range(0.006, 0.028), paper, ink });
  }
  const b = rng.next();
  const blur: FieldPhotoPlan["blur"] =
    b < 0.18 ? { kind: "motion", length: Math.round(long * rng.range(0.0015, 0.005)) } : b < 0.3 ? { kind: "defocus", sigma: long * rng.range(0.0005, 0.0014) } : { kind: "none" };
  const l = rng.next();
  const light = l < 0.15 ? "low" : l < 0.27 ? "back" : "normal";
  const iso = rng.next();
  return {
    file: `${prefix}${String(index + 1).padStart(3, "0")}.jpg`,
    seed: rng.int(1, 2 ** 30),
    camera: camera.name,
    width: camera.width,
    height: camera.height,
    scene: rng.pick(["road", "trail", "city", "stadium"] as const),
    runners,
    signs,
    blur,
    light,
    noise: iso < 0.25 ? rng.range(10, 22) : rng.range(1.5, 6),
    quality: rng.int(55, 94),
    ...(cast ? { takenAt: cast.takenAt } : {}),
  };
}

/**
 * The race split: 160 runners (240 in its tuning draw) pass one photo point over eight minutes, a
 * frame every four seconds; each shows in the frames taken within six seconds
 * of their pass (about three, up to six runners a frame), with a pose, size,
 * light and cover of its own in each. A bib read short in one frame is often
 * whole in another, as in a race.
 */
function planRaceSet({ seed, runners: count, prefix }: { seed: number; runners: number; prefix: string }): FieldPhotoPlan[] {
  const rng = createRng(seed);
  const span = RACE_SIZE * RACE_GAP_S;
  const pool = new Map<number, Entrant & { at: number }>();
  while (pool.size < count) {
    const bib = bibNumber(rng);
    if (!pool.has(bib)) pool.set(bib, { bib, design: design(rng), shirt: rng.pick(SHIRTS), skin: rng.pick(SKINS), at: rng.range(0, span) });
  }
  const runners = [...pool.values()];
  return Array.from({ length: RACE_SIZE }, (_, i) => {
    const at = i * RACE_GAP_S + rng.range(0, 1);
    const near = (r: { at: number }) => Math.abs(r.at - at);
    const who = runners
      .filter((r) => near(r) <= RACE_SEEN_S)
      .sort((a, b) => near(a) - near(b))
      .slice(0, 6);
    return photoPlan(i, rng, prefix, { cast: { who, takenAt: new Date(RACE_START + at * 1000).toISOString() } });
  });
}

type Box = { left: number; right: number; top: number; bottom: number };
const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** A runner's body (arms and legs included) and bib, in photo pixels, for a bib centred at (x, y). */
function extents(r: Omit<RunnerPlan, "x">, x: number, y: number): { body: Box; bib: Box } {
  const w = r.bibWidth;
  const above = r.place === "shorts" ? w * 3.7 : w * 2.2;
  return {
    body: { left: x - w * 1.4, right: x + w * 1.4, top: y - above, bottom: y + w * 5 },
    bib: { left: x - w * 0.55, right: x + w * 0.55, top: y - w * 0.4, bottom: y + w * 0.4 },
  };
}

/**
 * Places runners nearest first, each where no nearer runner's body stands in
 * front of its bib (covering is planned, not accidental); one with no such
 * place is left out. A bib the frame cuts goes to its edge; `inFrame`, every
 * other bib stays whole in the frame (a close-up's half-frame bib would not).
 */
function placeRunners(drafts: Omit<RunnerPlan, "x">[], width: number, height: number, rng: Rng, inFrame: boolean): RunnerPlan[] {
  const placed: { runner: RunnerPlan; body: Box }[] = [];
  for (const r of [...drafts].sort((a, b) => b.bibWidth - a.bibWidth)) {
    const half = inFrame ? (r.bibWidth * 0.6) / width : 0;
    for (let attempt = 0; attempt < 40; attempt++) {
      const x = r.occluder.kind === "frame" ? (r.occluder.side < 0 ? 0 : 1) : rng.range(Math.max(0.08, half), Math.min(0.92, 1 - half));
      const { body, bib } = extents(r, x * width, r.y * height);
      if (placed.some((p) => overlaps(p.body, bib))) continue;
      placed.push({ runner: { ...r, x }, body });
      break;
    }
  }
  return placed.map((p) => p.runner);
}

export function planFieldSet(split: FieldSplit = "field"): FieldPhotoPlan[] {
  if (split === "race") return planRaceSet({ seed: RACE_SEED, runners: RACE_RUNNERS, prefix: "R" });
  if (split === "race-tune") return planRaceSet({ seed: RACE_TUNE_SEED, runners: RACE_TUNE_RUNNERS, prefix: "Q" });
  if (split === "close" || split === "close-tune") {
    const rng = createRng(split === "close" ? CLOSE_SEED : CLOSE_TUNE_SEED);
    return Array.from({ length: CLOSE_SIZE }, (_, i) => photoPlan(i, rng, split === "close" ? "C" : "K", { close: true }));
  }
  if (split === "cover" || split === "cover-tune") {
    const rng = createRng(split === "cover" ? COVER_SEED : COVER_TUNE_SEED);
    return Array.from({ length: COVER_SIZE }, (_, i) => photoPlan(i, rng, split === "cover" ? "H" : "J", { covers: true }));
  }
  const rng = createRng(split === "field" ? FIELD_SEED : TUNE_SEED);
  const size = split === "field" ? FIELD_SIZE : TUNE_SIZE;
  return Array.from({ length: size }, (_, i) => photoPlan(i, rng, split === "field" ? "F" : "T"));
}

function readable({ occluder: o }: RunnerPlan): boolean {
  if (o.kind === "none") return true;
  return o.cover < (isAcross(o) ? HIDDEN_ACROSS : HIDDEN_COVER);
}

function occlusionClass(o: Occluder): string {
  if (o.kind === "none") return "not covered";
  if (o.kind === "arm") return `part covered (arm ${o.edge === "top" ? "above" : "below"})`;
  if (o.kind === "hem") return "part covered (jacket hem)";
  return `part covered (${o.kind})`;
}

/** The label a plan gives: readable bibs, hidden ones, and each readable bib's classes. */
export function fieldLabelOf(plan: FieldPhotoPlan): FieldLabel {
  const classes: Record<string, BibClass> = {};
  for (const r of plan.runners.filter(readable)) {
    // Digit height on the 2400 px picture recognition works from.
    const digitPx = (numberLayout(r).cap * 2400) / plan.width;
    classes[r.bib] = {
      digits: `${String(r.bib).length} digit${r.bib > 9 ? "s" : ""}`,
      size: digitPx < 16 ? "digits <16 px" : digitPx < 28 ? "digits 16-28 px" : digitPx < 50 ? "digits 28-50 px" : digitPx < 150 ? "digits 50-150 px" : "digits ≥150 px",
      occlusion: occlusionClass(r.occluder),
      blur: plan.blur.kind === "none" ? "sharp" : plan.blur.kind === "motion" ? "motion blur" : "out of focus",
      light: plan.light === "normal" ? (plan.noise > 9 ? "high ISO" : "normal light") : plan.light === "low" ? "low light" : "back light",
      place: r.place === "chest" ? "on the chest" : r.place === "shorts" ? "on the shorts" : "on the back",
      ink: luminance(r.design.paper) > luminance(r.design.ink) ? "dark on light" : "light on dark",
      camera: plan.camera,
    };
  }
  return {
    file: plan.file,
    width: plan.width,
    height: plan.height,
    bibs: plan.runners.filter(readable).map((r) => r.bib),
    hidden: plan.runners.filter((r) => !readable(r)).map((r) => r.bib),
    classes,
    ...(plan.takenAt ? { takenAt: plan.takenAt } : {}),
  };
}

export function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
}

/** Where the number sits on a bib of width w: font size and the digits' extent (bib coordinates, centre 0,0). */
export function numberLayout(r: Pick<RunnerPlan, "bib" | "bibWidth" | "design">) {
  const w = r.bibWidth;
  const h = w * 0.72;
  const text = String(r.bib);
  // As tall as the bib's middle allows, narrowed for long numbers.
  let size = (h * 0.5) / (capHeight(r.design.font, 100) / 100);
  const width = textWidth(r.design.font, text, size, 0.04);
  if (width > w * 0.86) size *= (w * 0.86) / width;
  const baseline = h * 0.02 + (capHeight(r.design.font, size) / 2);
  return { text, size, baseline, cap: capHeight(r.design.font, size), ...textPath(r.design.font, text, 0, baseline, size, { tracking: 0.04 }) };
}

