import type { RotatedRect } from "./geometry.ts";
import { oneDigitMore } from "./start-list.ts";

// Photographers shoot bursts: several frames of one runner within a second or
// two. When the bib shows in one frame and is turned, covered or blurred in the
// next, the runner is still there: same camera, moments apart, same place in
// the frame and the same colours around it. Such a frame gets the bib as a
// review suggestion, with the frame that proved it.

/** Frames this close in time from one camera count as one burst. */
export const BURST_SECONDS = 4;
/**
 * How far apart in time two frames of one runner passing a photo point are at
 * most: a burst, the next frames as the runner comes closer and the one of
 * their back. Chosen on the race tuning split (docs/decisions/0006).
 */
export const SAME_PASS_MS = 12_000;
/** The colour grid kept per photo: coarse, but a shirt, shorts and skin show as blocks. */
export const SIGNATURE_GRID = { cols: 32, rows: 24 };
/** Mean colour difference (0–255 per channel) under which the region around a bib is "the same runner". */
export const SAME_RUNNER = 22;
/** How far (in grid cells) the runner may have moved between frames. */
const SHIFT = { x: 2, y: 1 };
/** A burst suggestion never comes near the auto threshold: a person always looks. */
const BURST_CONFIDENCE = 0.6;
/** Below a burst's: the runner's place in the frame is not known. */
const PASS_CONFIDENCE = 0.5;

export type BurstFrame = {
  photoId: number;
  frame: string;
  camera: string | null;
  takenAt: Date | null;
  width: number;
  height: number;
  /** SIGNATURE_GRID colours, RGB bytes. */
  signature: Uint8Array | null;
  /** Bibs known to be in this frame, with where (read, or tagged from a reading); `auto` when no person said so. */
  proven: { bib: number; box: RotatedRect; auto?: boolean }[];
  /** Every bib the frame already has or had suggested, decided or not: never suggested again. */
  known: ReadonlySet<number>;
};

/**
 * `doubt` "burst": `box` is where the runner stood in the proving frame, moved into this one's pixels.
 * "pass-between": the bib is tagged in a frame before this one and in one after (passSuggestions);
 * `box` is the bib in the proving frame, in its pixels.
 */
export type BurstSuggestion = { photoId: number; bib: number; box: RotatedRect; confidence: number; evidencePhotoId: number; doubt: "burst" | "pass-between" };

/**
 * Which camera a frame came from: EXIF's make, model and serial; without it the
 * letters of the file name ("DSC_", "IMG_", "A7R4") that cameras number frames after.
 * Migration 0019's photo_recognition_moment says the same in SQL, for scenery's counts.
 */
export function cameraKey(frame: Pick<BurstFrame, "camera" | "frame">): string {
  if (frame.camera) return frame.camera;
  return `name:${/^[^0-9]*/.exec(frame.frame)?.[0].toLowerCase() ?? ""}`;
}

export function inOneBurst(a: BurstFrame, b: BurstFrame): boolean {
  if (!a.takenAt || !b.takenAt || a.photoId === b.photoId) return false;
  return Math.abs(a.takenAt.getTime() - b.takenAt.getTime()) <= BURST_SECONDS * 1000 && cameraKey(a) === cameraKey(b);
}

/** The grid cells of a runner's torso around a bib: the bib's width twice over, from above it to below. */
function regionCells(box: RotatedRect, frame: { width: number; height: number }) {
  const { cols, rows } = SIGNATURE_GRID;
  const half = Math.max(box.width, box.height);
  const toX = (x: number) => Math.floor((x / frame.width) * cols);
  const toY = (y: number) => Math.floor((y / frame.height) * rows);
  return {
    x0: Math.max(0, toX(box.cx - half)),
    x1: Math.min(cols - 1, toX(box.cx + half)),
    y0: Math.max(0, toY(box.cy - half * 1.5)),
    y1: Math.min(rows - 1, toY(box.cy + half * 1.5)),
  };
}

/**
 * How different the region around `box` in frame `a` looks in frame `b`
 * (mean colour difference per channel), allowing the runner a small move; 255 when it cannot tell.
 */
export function runnerDistance(a: BurstFrame, b: BurstFrame, box: RotatedRect): number {
  if (!a.signature || !b.signature) return 255;
  const { cols, rows } = SIGNATURE_GRID;
  const r = regionCells(box, a);
  let best = 255;
  for (let dy = -SHIFT.y; dy <= SHIFT.y; dy++) {
    for (let dx = -SHIFT.x; dx <= SHIFT.x; dx++) {
      if (r.x0 + dx < 0 || r.x1 + dx >= cols || r.y0 + dy < 0 || r.y1 + dy >= rows) continue;
      let sum = 0;
      let n = 0;
      for (let y = r.y0; y <= r.y1; y++) {
        for (let x = r.x0; x <= r.x1; x++) {
          const i = (y * cols + x) * 3;
          const j = ((y + dy) * cols + x + dx) * 3;
          for (let c = 0; c < 3; c++) sum += Math.abs(a.signature[i + c] - b.signature[j + c]);
          n += 3;
        }
      }
      if (n) best = Math.min(best, sum / n);
    }
  }
  return best;
}

/** A bib proven in another frame of a burst, where the same runner stands, placed in this frame's pixels. */
export type SeenInBurst = { bib: number; box: RotatedRect; evidencePhotoId: number; distance: number };

/** Every bib proven in another frame of `target`'s burst where the same runner seems to stand. */
export function provenAround(frames: BurstFrame[], target: BurstFrame): SeenInBurst[] {
  const seen: SeenInBurst[] = [];
  for (const source of frames) {
    if (!inOneBurst(source, target)) continue;
    for (const { bib, box } of source.proven) {
      const distance = runnerDistance(source, target, box);
      if (distance >= SAME_RUNNER) continue;
      // The same place in this frame, scaled if the two frames differ in size.
      const sx = target.width / source.width;
      const sy = target.height / source.height;
      const moved = { ...box, cx: box.cx * sx, cy: box.cy * sy, width: box.width * sx, height: box.height * sy };
      seen.push({ bib, box: moved, evidencePhotoId: source.photoId, distance });
    }
  }
  return seen;
}

/**
 * The suggestions a burst gives: for every bib proven in one frame and unknown
 * in another frame of the same burst where the same runner seems to stand, that
 * bib for the other frame, with the proving frame. The closest match wins.
 */
export function burstSuggestions(frames: BurstFrame[]): BurstSuggestion[] {
  const best = new Map<string, BurstSuggestion>();
  for (const target of frames) {
    for (const { bib, box, evidencePhotoId, distance } of provenAround(frames, target)) {
      if (target.known.has(bib)) continue;
      const confidence = BURST_CONFIDENCE * (1 - distance / (2 * SAME_RUNNER));
      const key = `${target.photoId}:${bib}`;
      const seen = best.get(key);
      if (!seen || confidence > seen.confidence) best.set(key, { photoId: target.photoId, bib, box, confidence, evidencePhotoId, doubt: "burst" });
    }
  }
  return [...best.values()];
}

/**
 * A runner passing a photo point is in its photographer's frames for seconds,
 * coming closer: a bib tagged in a frame before this one and in a frame after
 * it, by the same camera within SAME_PASS_MS, was in front of the camera in
 * between, hidden behind another runner, turned or blurred here. The runner
 * may stand anywhere in this frame, so neither place nor colours are asked (a
 * burst's suggestion asks both); the suggestion names the nearer proving frame.
 * Only `targets` (of `frames`) are offered bibs. burst-store.ts
 * withdrawUnbracketed asks the same of the stored ones in SQL.
 */
export function passSuggestions(frames: BurstFrame[], targets: BurstFrame[] = frames): BurstSuggestion[] {
  const suggestions: BurstSuggestion[] = [];
  for (const target of targets) {
    if (!target.takenAt) continue;
    const at = target.takenAt.getTime();
    const camera = cameraKey(target);
    // For each bib, its nearest proving frame on each side.
    const nearest = { before: new Map<number, Proof>(), after: new Map<number, Proof>() };
    for (const source of frames) {
      if (!source.takenAt || source.photoId === target.photoId || cameraKey(source) !== camera) continue;
      const gap = source.takenAt.getTime() - at;
      if (gap === 0 || Math.abs(gap) > SAME_PASS_MS) continue;
      const side = gap < 0 ? nearest.before : nearest.after;
      for (const { bib, box } of source.proven) {
        const seen = side.get(bib);
        if (!seen || Math.abs(gap) < seen.gap) side.set(bib, { gap: Math.abs(gap), box, photoId: source.photoId });
      }
    }
    for (const [bib, before] of nearest.before) {
      const after = nearest.after.get(bib);
      if (!after || target.known.has(bib)) continue;
      const proof = after.gap < before.gap ? after : before;
      suggestions.push({ photoId: target.photoId, bib, box: proof.box, confidence: PASS_CONFIDENCE, evidencePhotoId: proof.photoId, doubt: "pass-between" });
    }
  }
  return suggestions;
}

type Proof = { gap: number; box: RotatedRect; photoId: number };

/**
 * Whether `bib`, read at `box` in a frame, is a bib the same runner shows in
 * another frame of the burst, at the same place, less one digit: a digit
 * covered by a hand or turned away in this frame ("214" where the next frame
 * proves 1214). The place allows the move a runner is allowed between frames.
 */
export function cutInBurst(bib: number, box: RotatedRect, around: SeenInBurst[], frame: { width: number; height: number }): SeenInBurst | undefined {
  const longer = new Set(oneDigitMore(bib));
  const slackX = (frame.width * SHIFT.x) / SIGNATURE_GRID.cols;
  const slackY = (frame.height * SHIFT.y) / SIGNATURE_GRID.rows;
  return around.find(
    (seen) =>
      longer.has(seen.bib) && Math.abs(seen.box.cx - box.cx) <= seen.box.width + slackX && Math.abs(seen.box.cy - box.cy) <= seen.box.height * 1.5 + slackY,
  );
}
