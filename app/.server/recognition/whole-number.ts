import type { RotatedRect } from "./geometry.ts";
import type { OcrModels } from "./models.ts";
import { bilinear, type Raw } from "./patch.ts";

// A partial read of a bib ("133" of 1335 under a hand, "16" of a 16x cut by the frame) is read as surely as a whole
// number: nothing in the text lines tells them apart (decision 0006). A small network of ours looks at the number with
// its surroundings (the bib's paper going on, a hand, a digit's edge, a sign's post) and says how likely it is a whole
// bib number. Trained on the field generator's tuning splits (scripts/whole-number/).

/** The verifier's picture of a number: its box turned level, 1.5 box heights past each end and above and below. */
export const WHOLE_ROWS = 64;
export const WHOLE_COLS = 128;
const AROUND = 1.5;
/** At most this many samples a side for one pixel of a big box (a box filter against aliasing). */
const MAX_SUBSAMPLES = 4;

/**
 * What the whole-number verifier sees of a line: `WHOLE_ROWS` × `WHOLE_COLS` colours (channels first, 0–255)
 * from `source`, `rect` in its pixels. Outside the picture, the picture's edge.
 */
export function wholeNumberInput(source: Raw, rect: RotatedRect, out = new Float32Array(3 * WHOLE_ROWS * WHOLE_COLS)): Float32Array {
  const width = rect.width + 2 * AROUND * rect.height;
  const height = rect.height * (1 + 2 * AROUND);
  const sx = width / WHOLE_COLS;
  const sy = height / WHOLE_ROWS;
  const kx = Math.min(MAX_SUBSAMPLES, Math.max(1, Math.round(sx)));
  const ky = Math.min(MAX_SUBSAMPLES, Math.max(1, Math.round(sy)));
  const cos = Math.cos(rect.angle);
  const sin = Math.sin(rect.angle);
  const plane = WHOLE_ROWS * WHOLE_COLS;
  const px = [0, 0, 0];
  const sum = [0, 0, 0];
  for (let j = 0; j < WHOLE_ROWS; j++) {
    for (let i = 0; i < WHOLE_COLS; i++) {
      sum[0] = sum[1] = sum[2] = 0;
      for (let b = 0; b < ky; b++) {
        const v = (j + (b + 0.5) / ky) * sy - height / 2;
        for (let a = 0; a < kx; a++) {
          const u = (i + (a + 0.5) / kx) * sx - width / 2;
          bilinear(source.data, source.width, source.height, rect.cx + u * cos - v * sin - 0.5, rect.cy + u * sin + v * cos - 0.5, px);
          sum[0] += px[0];
          sum[1] += px[1];
          sum[2] += px[2];
        }
      }
      const at = j * WHOLE_COLS + i;
      const n = kx * ky;
      // Whole levels, as the verifier was trained on.
      out[at] = Math.round(sum[0] / n);
      out[plane + at] = Math.round(sum[1] / n);
      out[2 * plane + at] = Math.round(sum[2] / n);
    }
  }
  return out;
}

/** How likely each box (in `source`'s pixels) holds a whole bib number, from 0 to 1: one batch through the verifier. */
export async function wholeNumberScores(models: Pick<OcrModels, "wholeNumber" | "tensor">, source: Raw, rects: RotatedRect[]): Promise<number[]> {
  if (!rects.length) return [];
  const size = 3 * WHOLE_ROWS * WHOLE_COLS;
  const batch = new Float32Array(rects.length * size);
  rects.forEach((rect, i) => wholeNumberInput(source, rect, batch.subarray(i * size, (i + 1) * size)));
  const out = await models.wholeNumber.run({ x: models.tensor(batch, [rects.length, 3, WHOLE_ROWS, WHOLE_COLS]) });
  return Array.from(out.logit.data as Float32Array, (logit) => 1 / (1 + Math.exp(-logit)));
}
