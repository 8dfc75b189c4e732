import type { RotatedRect } from "./geometry.ts";
import { type Patch, type Raw, uprightPatch } from "./patch.ts";

// An arm across a bib, or a shirt's hem over it, hides the top or the bottom
// of every digit. The reader, given the box of what is left stretched to its
// height, reads other digits or letters ("1507" of 1597, "65U" of 650); the
// same digits cut with some of the cover above or below them keep their
// shape and read right more often. What shows the cover is the paper: a
// printed digit is surrounded by its bib's paper, so just past the top and
// the bottom of the digits there is paper; where they are cut, what lies just
// past them is the cover (decision 0006, 2026-12-05).

export type AcrossEdge = "top" | "bottom";

/** Box heights sampled above and below the detector's box. */
const REACH = 0.5;
/** Box heights sampled past each end of it: a bib's paper goes on past its number's first and last digit. */
const SIDE = 0.25;
/** Samples over the box's height: finer says nothing more about a cut. */
const ROWS_IN_BOX = 48;
/** Under this many source pixels high, blur spreads a cut over the strip that is looked at. */
const MIN_BOX_HEIGHT = 20;
/** Where past the digits the paper is looked for, in digit heights: short of a bib's band or print, past the edge's blur. */
const STRIP = [0.04, 0.12] as const;
/** Under this share of paper (or ink, or a blur of the two) in that strip, the digits end at something else. */
const MIN_PAPER = 0.35;
/** How far from the line between paper and ink (in their contrast) a colour may lie and still be a blur of the two. */
const BLUR_TOLERANCE = 0.16;

/** Where a cover lies across a line's digits, and where the digits it left run: their top and bottom from the box's middle, in source pixels. */
export type CoverAcross = { edge: AcrossEdge; top: number; bottom: number };

/** Which end of a number's digits something covers across, or undefined (none, or it cannot be told). */
export function coveredAcross(source: Raw, rect: RotatedRect): CoverAcross | undefined {
  if (rect.height < MIN_BOX_HEIGHT) return undefined;
  const step = rect.height / ROWS_IN_BOX;
  const patch = uprightPatch(source, rect, { reach: REACH, side: SIDE, step });
  const top = Math.round((rect.height * REACH) / step);
  const left = Math.round((rect.height * SIDE) / step);
  const cover = coverOfPatch(patch, { top, bottom: patch.rows - top, left, right: patch.cols - left });
  if (!cover) return undefined;
  const from = -rect.height * (0.5 + REACH);
  return { edge: cover.edge, top: from + cover.top * step, bottom: from + (cover.bottom + 1) * step };
}

/** How much of a digit's height of the cover a second cut takes in, and how much of the box's height around it. */
const TAKE_IN = 0.25;
const MARGIN = 0.15;

/** The box to read a covered line's digits again from: their rows, some of the cover past the cut, and a margin. */
export function uncoveredCut(rect: RotatedRect, cover: CoverAcross): RotatedRect {
  const height = cover.bottom - cover.top;
  const margin = rect.height * MARGIN;
  const from = cover.top - margin - (cover.edge === "top" ? height * TAKE_IN : 0);
  const to = cover.bottom + margin + (cover.edge === "bottom" ? height * TAKE_IN : 0);
  const middle = (from + to) / 2;
  return { ...rect, cx: rect.cx - middle * Math.sin(rect.angle), cy: rect.cy + middle * Math.cos(rect.angle), height: to - from };
}

type Colour = [number, number, number];
/** The detector's box in a patch: rows [top, bottom), columns [left, right). */
type PatchBox = { top: number; bottom: number; left: number; right: number };

const dist = (rgb: Float32Array, k: number, c: Colour) => Math.hypot(rgb[k] - c[0], rgb[k + 1] - c[1], rgb[k + 2] - c[2]);
const luma = (rgb: Float32Array, k: number) => 0.299 * rgb[k] + 0.587 * rgb[k + 1] + 0.114 * rgb[k + 2];

/** The same, on a box's level patch: the edge covered, and the rows the digits left run over. */
function coverOfPatch(patch: Patch, box: PatchBox): { edge: AcrossEdge; top: number; bottom: number } | undefined {
  const { rgb, cols, rows } = patch;
  const midFrom = Math.round(box.top + (box.bottom - box.top) * 0.3);
  const midTo = Math.round(box.top + (box.bottom - box.top) * 0.7);
  const colours = inkAndPaper(patch, box, midFrom, midTo);
  if (!colours) return undefined;
  const { ink, paper, contrast } = colours;
  const isInk = (k: number) => dist(rgb, k, ink) < contrast * 0.4;
  // Paper, ink or a blur of the two: a colour on the line between them.
  const printed = (k: number) => {
    const along = Math.min(
      1,
      Math.max(
        0,
        ((rgb[k] - paper[0]) * (ink[0] - paper[0]) + (rgb[k + 1] - paper[1]) * (ink[1] - paper[1]) + (rgb[k + 2] - paper[2]) * (ink[2] - paper[2])) /
          contrast ** 2,
      ),
    );
    const off = Math.hypot(
      rgb[k] - paper[0] - along * (ink[0] - paper[0]),
      rgb[k + 1] - paper[1] - along * (ink[1] - paper[1]),
      rgb[k + 2] - paper[2] - along * (ink[2] - paper[2]),
    );
    return off < contrast * BLUR_TOLERANCE;
  };
  // The digits' columns, from the middle of the box.
  let first = box.right;
  let last = box.left - 1;
  for (let j = midFrom; j < midTo; j++) {
    for (let i = box.left; i < box.right; i++) {
      if (!isInk((j * cols + i) * 3)) continue;
      first = Math.min(first, i);
      last = Math.max(last, i);
    }
  }
  if (last - first < 4) return undefined;
  const share = (j: number, test: (k: number) => boolean) => {
    let n = 0;
    for (let i = first; i <= last; i++) if (test((j * cols + i) * 3)) n++;
    return n / (last - first + 1);
  };
  // Rows of print run out where no ink is left; a row all ink is no print but something as dark laid over it.
  const glyphRow = (j: number) => {
    const s = share(j, isInk);
    return s >= 0.08 && s < 0.9;
  };
  // The detector's box holds its line's print: ink running on past it is the bib's band or print, not a cut.
  const slack = Math.round((box.bottom - box.top) * 0.1);
  const middle = Math.round((midFrom + midTo) / 2);
  let top = middle;
  while (top > box.top - slack && glyphRow(top - 1)) top--;
  let bottom = middle;
  while (bottom < box.bottom + slack && glyphRow(bottom + 1)) bottom++;
  const height = bottom - top + 1;
  if (height < 8) return undefined;
  const near = Math.max(1, Math.round(height * STRIP[0]));
  const far = Math.max(near + 1, Math.round(height * STRIP[1]));
  // Past the digits, a cover shows as a colour neither paper nor ink, or as rows all ink.
  const coveredPast = (from: number, dir: -1 | 1) => {
    let unprinted = 0;
    let solid = 0;
    for (let d = near; d <= far; d++) {
      const j = from + dir * d;
      if (j < 0 || j >= rows) return false;
      unprinted += 1 - share(j, printed);
      if (share(j, isInk) >= 0.9) solid++;
    }
    const n = far - near + 1;
    return unprinted / n > 1 - MIN_PAPER || solid / n > 0.5;
  };
  const above = top > box.top - slack && coveredPast(top, -1);
  const below = bottom < box.bottom + slack && coveredPast(bottom, 1);
  // Cut at both ends is no cover but print with no paper around it (or no bib at all).
  if (above === below) return undefined;
  return { edge: above ? "top" : "bottom", top, bottom };
}

/**
 * The print's two colours in the middle of the box, split at the luminance
 * that parts them best (Otsu). The paper is the one beside the box, where the
 * bib goes on past the number's ends, when that is clear; else the one most
 * of the box's middle is (a tight box's ends may fall on digits).
 */
function inkAndPaper(patch: Patch, box: PatchBox, midFrom: number, midTo: number): { ink: Colour; paper: Colour; contrast: number } | undefined {
  const { rgb, cols } = patch;
  const histogram = new Array<number>(64).fill(0);
  for (let j = midFrom; j < midTo; j++) for (let i = box.left; i < box.right; i++) histogram[Math.min(63, Math.floor(luma(rgb, (j * cols + i) * 3) / 4))]++;
  const split = otsu(histogram) * 4;
  const sums: [Colour, Colour] = [
    [0, 0, 0],
    [0, 0, 0],
  ];
  const counts = [0, 0];
  for (let j = midFrom; j < midTo; j++) {
    for (let i = box.left; i < box.right; i++) {
      const k = (j * cols + i) * 3;
      const c = luma(rgb, k) >= split ? 1 : 0;
      counts[c]++;
      for (let ch = 0; ch < 3; ch++) sums[c][ch] += rgb[k + ch];
    }
  }
  if (!counts[0] || !counts[1]) return undefined;
  const dark = sums[0].map((s) => s / counts[0]) as Colour;
  const light = sums[1].map((s) => s / counts[1]) as Colour;
  const contrast = Math.hypot(dark[0] - light[0], dark[1] - light[1], dark[2] - light[2]);
  if (contrast < 60) return undefined;
  let nearLight = 0;
  let nearDark = 0;
  for (let j = midFrom; j < midTo; j++) {
    for (let i = 0; i < cols; i++) {
      if (i >= box.left && i < box.right) continue;
      const k = (j * cols + i) * 3;
      if (dist(rgb, k, light) < contrast * 0.25) nearLight++;
      else if (dist(rgb, k, dark) < contrast * 0.25) nearDark++;
    }
  }
  const beside = (box.left + cols - box.right) * (midTo - midFrom);
  const paperIsLight = nearLight > beside * 0.6 ? true : nearDark > beside * 0.6 ? false : counts[1] >= counts[0];
  return { ink: paperIsLight ? dark : light, paper: paperIsLight ? light : dark, contrast };
}

/** The histogram bin that best parts it in two (Otsu's method). */
function otsu(histogram: number[]): number {
  const total = histogram.reduce((a, b) => a + b, 0);
  const weighted = histogram.reduce((a, h, i) => a + h * i, 0);
  let below = 0;
  let belowWeighted = 0;
  let best = 0;
  let bestSplit = histogram.length / 2;
  for (let t = 0; t < histogram.length - 1; t++) {
    below += histogram[t];
    belowWeighted += histogram[t] * t;
    const above = total - below;
    if (!below || !above) continue;
    const between = below * above * (belowWeighted / below - (weighted - belowWeighted) / above) ** 2;
    if (between > best) {
      best = between;
      bestSplit = t + 1;
    }
  }
  return bestSplit;
}
