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

/** Numbers a camera read in many of its moments: scenery, and those read often (scenery among them). */
export type Scenery = { scenery: Set<number>; oftenRead: Set<number> };

/** The scenery among `counts` (moments each number was read in) of a camera whose photos read were taken in `momentsRead`. */
export function sceneryOf(counts: ReadonlyMap<number, number>, momentsRead: number): Scenery {
  const atLeast = (floor: number) => new Set([...counts].filter(([, n]) => n >= floor).map(([number]) => number));
  return { scenery: atLeast(sceneryFloor(momentsRead)), oftenRead: atLeast(oftenFloor(momentsRead)) };
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

/** How many moments a camera read a number in, and in how many of them the timing file has its runner crossing the photo point. */
export type NumberMoments = { number: number; camera: string; moments: number; passing?: number };

/** Each camera's scenery, from the moments it took photos in and those it read each number in. */
export function sceneryByCamera(momentsRead: ReadonlyMap<string, number>, counts: NumberMoments[]): SceneryByCamera {
  const aSign = (c: NumberMoments) => (c.passing ?? 0) < c.moments * PASSING_SHARE;
  return new Map(
    [...momentsRead].map(([camera, moments]) => {
      const own = new Map(counts.filter((c) => c.camera === camera && aSign(c)).map((c) => [c.number, c.moments]));
      return [camera, sceneryOf(own, moments)];
    }),
  );
}

/**
 * The scenery a photo of `camera` is decided with; when the camera is unknown
 * (not given, or taking no read photo yet), every camera's: a sign anywhere
 * in the race is dropped rather than tagged.
 */
export function sceneryAt(byCamera: SceneryByCamera, camera: string | undefined): Scenery {
  const own = camera === undefined ? undefined : byCamera.get(camera);
  if (own) return own;
  const all = [...byCamera.values()];
  return { scenery: new Set(all.flatMap((s) => [...s.scenery])), oftenRead: new Set(all.flatMap((s) => [...s.oftenRead])) };
}
