import { alongLine, boundsOf, type RotatedRect } from "./geometry.ts";

/** A box the detector found, as read. */
export type Read = { rect: RotatedRect; text: string; score: number };

/**
 * Where a bib's number should be but the detector saw none: between two lines
 * of print stacked on it (event name above, sponsor or corral below), level
 * with each other, a few print heights apart, with no number read in between.
 * A lone "1" or a dim, blurred digit is what the detector misses there.
 */
export function printGaps(read: Read[]): { rect: RotatedRect; score: number }[] {
  const print = read.filter((r) => /[A-Za-z]{3}/.test(r.text));
  const numbers = read.filter((r) => /[0-9]/.test(r.text));
  const gaps: { rect: RotatedRect; score: number }[] = [];
  for (const above of print) {
    for (const below of print) {
      const a = above.rect;
      const b = below.rect;
      if (a === b || Math.abs(a.angle - b.angle) > 0.15) continue;
      const h = Math.max(a.height, b.height);
      if (Math.min(a.height, b.height) < h * 0.5) continue;
      // Across the print's lines (down the bib) and along them.
      const down = -(b.cx - a.cx) * Math.sin(a.angle) + (b.cy - a.cy) * Math.cos(a.angle);
      const along = alongLine(a, b);
      const gap = down - (a.height + b.height) / 2;
      if (gap < h * 1.5 || gap > h * 8 || Math.abs(along) > Math.max(a.width, b.width) * 0.25) continue;
      const rect = { cx: (a.cx + b.cx) / 2, cy: (a.cy + b.cy) / 2, width: Math.max(a.width, b.width), height: gap * 0.95, angle: a.angle };
      const o = boundsOf(rect);
      if (numbers.some((n) => n.rect.cx >= o.left && n.rect.cx <= o.right && n.rect.cy >= o.top && n.rect.cy <= o.bottom)) continue;
      gaps.push({ rect, score: Math.min(above.score, below.score) });
    }
  }
  return gaps;
}
