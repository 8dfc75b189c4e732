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
// of its photographer's. A number is scenery in that camera's photos only.

/** From this many of a camera's moments, and this share of those it took read photos in, a number is scenery there. */
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

/** In how many moments a number is scenery, for a camera whose photos read were taken in `momentsRead`. */
export const sceneryFloor = (momentsRead: number) => Math.max(SCENERY_MIN_MOMENTS, Math.ceil(momentsRead * SCENERY_SHARE));

/**
 * Numbers a camera read in many of its moments: scenery, and those read often (scenery among them);
 * `comesAndGoes`, the scenery read in few of the camera's moments between its first and last (PRESENT_SHARE).
 */
export type Scenery = { scenery: Set<number>; oftenRead: Set<number>; comesAndGoes: Set<number> };

/** The scenery among `counts` (moments each number was read in) of a camera whose photos read were taken in `momentsRead`. */
export function sceneryOf(counts: ReadonlyMap<number, number>, momentsRead: number, comesAndGoes: ReadonlySet<number> = new Set()): Scenery {
  const atLeast = (floor: number) => new Set([...counts].filter(([, n]) => n >= floor).map(([number]) => number));
  const scenery = atLeast(sceneryFloor(momentsRead));
  return { scenery, oftenRead: atLeast(oftenFloor(momentsRead)), comesAndGoes: new Set([...comesAndGoes].filter((n) => scenery.has(n))) };
}

/**
 * Each camera's scenery (bursts.ts cameraKey), every camera that took a read
 * photo listed. A number is scenery only in the photos of the camera that
 * read it minute after minute: a km sign beside one photographer is runner
 * 10's bib at another photo point, and a runner lingering at the finish,
 * photographed there for five minutes, is still a runner on the course.
 */
export type SceneryByCamera = ReadonlyMap<string, Scenery>;

/**
 * From this share of the moments a camera read a number in falling when the
 * timing file has that runner crossing the photo point, the number is a
 * runner on a lap course, not a sign: a sign beside the photographer is read
 * all morning, runner 10 of a criterium only as they pass, lap after lap.
 */
export const PASSING_SHARE = 0.75;

/**
 * Under this share of a camera's moments from the first to the last it read
 * a number in, the number comes and goes: a runner lapping past the
 * photographer (a 24-hour race's loop, timed elsewhere or not at all) is read
 * once a lap, a sign beside the photographer minute after minute. Read on a
 * bib's print it is a runner's; plain, its count still makes it scenery, but a
 * person looks rather than the photo losing it (decide.ts withScenery). Laps of
 * three minutes and more; a sign in view a third of the time waits too.
 */
export const PRESENT_SHARE = 1 / 3;

/**
 * How many moments a camera read a number in; in how many of them the timing
 * file has its runner crossing the photo point; and, of those with a known
 * time, how many (`timed`) against the camera's own from the first to the
 * last of them (`span`).
 */
export type NumberMoments = { number: number; camera: string; moments: number; passing?: number; timed?: number; span?: number };

/** Each camera's scenery, from the moments it took photos in and those it read each number in. */
export function sceneryByCamera(momentsRead: ReadonlyMap<string, number>, counts: NumberMoments[]): SceneryByCamera {
  const aSign = (c: NumberMoments) => (c.passing ?? 0) < c.moments * PASSING_SHARE;
  const fleeting = (c: NumberMoments) => !!c.span && (c.timed ?? 0) < c.span * PRESENT_SHARE;
  return new Map(
    [...momentsRead].map(([camera, moments]) => {
      const own = counts.filter((c) => c.camera === camera && aSign(c));
      return [camera, sceneryOf(new Map(own.map((c) => [c.number, c.moments])), moments, new Set(own.filter(fleeting).map((c) => c.number)))];
    }),
  );
}

/**
 * The scenery a photo of `camera` is decided with; when the camera is unknown
 * (not given, or taking no read photo yet), every camera's: a sign anywhere
 * in the race is dropped rather than tagged, and a number comes and goes only
 * if no camera read it minute after minute.
 */
export function sceneryAt(byCamera: SceneryByCamera, camera: string | undefined): Scenery {
  const own = camera === undefined ? undefined : byCamera.get(camera);
  if (own) return own;
  const all = [...byCamera.values()];
  const union = (of: (s: Scenery) => Iterable<number>) => new Set(all.flatMap((s) => [...of(s)]));
  // A number read minute after minute by one camera is a sign, whatever another camera saw of it.
  const steady = union((s) => [...s.scenery].filter((n) => !s.comesAndGoes.has(n)));
  return {
    scenery: union((s) => s.scenery),
    oftenRead: union((s) => s.oftenRead),
    comesAndGoes: new Set([...union((s) => s.comesAndGoes)].filter((n) => !steady.has(n))),
  };
}
