import type { RotatedRect } from "./geometry.ts";

/** An RGB picture, 3 bytes a pixel. */
export type Raw = { data: Buffer; width: number; height: number };

/** The colour at (x, y), between pixels, into `out` (r, g, b); outside the picture its edge's. */
export function bilinear(data: Buffer, width: number, height: number, x: number, y: number, out: number[]): void {
  const cx = Math.min(Math.max(x, 0), width - 1);
  const cy = Math.min(Math.max(y, 0), height - 1);
  const x0 = Math.floor(cx);
  const y0 = Math.floor(cy);
  const x1 = Math.min(x0 + 1, width - 1);
  const y1 = Math.min(y0 + 1, height - 1);
  const fx = cx - x0;
  const fy = cy - y0;
  const a = (y0 * width + x0) * 3;
  const b = (y0 * width + x1) * 3;
  const c = (y1 * width + x0) * 3;
  const d = (y1 * width + x1) * 3;
  for (let ch = 0; ch < 3; ch++) {
    const top = data[a + ch] + (data[b + ch] - data[a + ch]) * fx;
    const bottom = data[c + ch] + (data[d + ch] - data[c + ch]) * fx;
    out[ch] = top + (bottom - top) * fy;
  }
}

/** A box's pixels turned level: `rows` × `cols` colours. */
export type Patch = { rgb: Float32Array; rows: number; cols: number };

/**
 * The box turned level, stretched `reach` of its height above and below and `side` of its height past each end,
 * one sample every `step` source pixels.
 */
export function uprightPatch(source: Raw, rect: RotatedRect, { reach, side, step }: { reach: number; side: number; step: number }): Patch {
  const width = rect.width + 2 * side * rect.height;
  const cols = Math.max(4, Math.round(width / step));
  const rows = Math.max(4, Math.round((rect.height * (1 + 2 * reach)) / step));
  const rgb = new Float32Array(rows * cols * 3);
  const cos = Math.cos(rect.angle);
  const sin = Math.sin(rect.angle);
  const top = -rect.height * (0.5 + reach);
  const px = [0, 0, 0];
  for (let j = 0; j < rows; j++) {
    const v = top + (j + 0.5) * step;
    for (let i = 0; i < cols; i++) {
      const u = (i + 0.5) * step - width / 2;
      bilinear(source.data, source.width, source.height, rect.cx + u * cos - v * sin - 0.5, rect.cy + u * sin + v * cos - 0.5, px);
      rgb.set(px, (j * cols + i) * 3);
    }
  }
  return { rgb, rows, cols };
}
