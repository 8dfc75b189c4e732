// Text-box geometry for the detection map: connected regions, convex hulls and
// minimum-area rectangles (what OpenCV's findContours + minAreaRect give
// PaddleOCR's DB post-processing), in plain TypeScript so no 10 MB OpenCV build
// has to load.

export type Point = { x: number; y: number };

/** A rectangle turned by `angle` radians about its centre; `width` runs along the angle. */
export type RotatedRect = { cx: number; cy: number; width: number; height: number; angle: number };

export type Region = { hull: Point[]; score: number; pixels: number };

/**
 * Regions of `map` above `threshold` (8-connected), each with the convex hull of
 * its pixel squares and its mean value (the DB "box score").
 */
export function findRegions(map: Float32Array, width: number, height: number, threshold: number): Region[] {
  const seen = new Uint8Array(width * height);
  // Grown as a region needs: a stack the map's size would be 5.7 MB a whole look, zeroed for nothing.
  let stack = new Int32Array(4096);
  const rowMin = new Int32Array(height).fill(width);
  const rowMax = new Int32Array(height).fill(-1);
  const regions: Region[] = [];
  for (let start = 0; start < map.length; start++) {
    if (seen[start] || map[start] <= threshold) continue;
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    let sum = 0;
    let pixels = 0;
    let minY = height;
    let maxY = -1;
    while (top > 0) {
      const i = stack[--top];
      const x = i % width;
      const y = (i - x) / width;
      sum += map[i];
      pixels++;
      if (x < rowMin[y]) rowMin[y] = x;
      if (x > rowMax[y]) rowMax[y] = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const j = ny * width + nx;
          if (!seen[j] && map[j] > threshold) {
            seen[j] = 1;
            if (top === stack.length) {
              const grown = new Int32Array(stack.length * 2);
              grown.set(stack);
              stack = grown;
            }
            stack[top++] = j;
          }
        }
      }
    }
    const corners: Point[] = [];
    for (let y = minY; y <= maxY; y++) {
      if (rowMax[y] < 0) continue;
      corners.push({ x: rowMin[y], y }, { x: rowMax[y] + 1, y }, { x: rowMin[y], y: y + 1 }, { x: rowMax[y] + 1, y: y + 1 });
      rowMin[y] = width;
      rowMax[y] = -1;
    }
    regions.push({ hull: convexHull(corners), score: sum / pixels, pixels });
  }
  return regions;
}

/** Andrew's monotone chain; counter-clockwise in y-down coordinates does not matter here. */
export function convexHull(points: Point[]): Point[] {
  const pts = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (pts.length <= 2) return pts;
  const cross = (o: Point, a: Point, b: Point) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const lower: Point[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Point[] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i];
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], p) <= 0) upper.pop();
    upper.push(p);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

/**
 * Smallest rectangle around a convex hull (one side lies on a hull edge), turned
 * so that |angle| ≤ 45°: text on a bib reads left to right along `width`.
 */
export function minAreaRect(hull: Point[]): RotatedRect {
  let best: RotatedRect | undefined;
  let bestArea = Infinity;
  const n = hull.length;
  for (let i = 0; i < Math.max(n, 1); i++) {
    const a = hull[i];
    const b = hull[(i + 1) % n];
    const angle = n > 1 ? Math.atan2(b.y - a.y, b.x - a.x) : 0;
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    let minU = Infinity;
    let maxU = -Infinity;
    let minV = Infinity;
    let maxV = -Infinity;
    for (const p of hull) {
      const u = p.x * cos + p.y * sin;
      const v = -p.x * sin + p.y * cos;
      if (u < minU) minU = u;
      if (u > maxU) maxU = u;
      if (v < minV) minV = v;
      if (v > maxV) maxV = v;
    }
    const area = (maxU - minU) * (maxV - minV);
    if (area < bestArea) {
      bestArea = area;
      const u = (minU + maxU) / 2;
      const v = (minV + maxV) / 2;
      best = { cx: u * cos - v * sin, cy: u * sin + v * cos, width: maxU - minU, height: maxV - minV, angle };
    }
  }
  return upright(best ?? { cx: 0, cy: 0, width: 0, height: 0, angle: 0 });
}

/** The same rectangle described with its angle folded into (-45°, 45°]. */
export function upright(rect: RotatedRect): RotatedRect {
  let { width, height, angle } = rect;
  const quarter = Math.PI / 2;
  while (angle > Math.PI / 4) {
    angle -= quarter;
    [width, height] = [height, width];
  }
  while (angle <= -Math.PI / 4) {
    angle += quarter;
    [width, height] = [height, width];
  }
  return { ...rect, width, height, angle };
}

/** DB's "unclip": the detector's map hugs the text core, so grow the box by area·ratio/perimeter on every side. */
export function unclip(rect: RotatedRect, ratio: number): RotatedRect {
  const distance = (rect.width * rect.height * ratio) / (2 * (rect.width + rect.height) || 1);
  return { ...rect, width: rect.width + 2 * distance, height: rect.height + 2 * distance };
}

export function scaleRect(rect: RotatedRect, factor: number): RotatedRect {
  return { cx: rect.cx * factor, cy: rect.cy * factor, width: rect.width * factor, height: rect.height * factor, angle: rect.angle };
}

/** Axis-aligned bounds of a rotated rectangle, for crops and overlap tests. */
export function boundsOf(rect: RotatedRect): { left: number; top: number; right: number; bottom: number } {
  const cos = Math.abs(Math.cos(rect.angle));
  const sin = Math.abs(Math.sin(rect.angle));
  const hw = (rect.width * cos + rect.height * sin) / 2;
  const hh = (rect.width * sin + rect.height * cos) / 2;
  return { left: rect.cx - hw, top: rect.cy - hh, right: rect.cx + hw, bottom: rect.cy + hh };
}

/**
 * Two boxes on one line of text: similar height, centres level, and at most
 * `maxGap` heights between them (half a height is a word space).
 */
export function sameLine(a: RotatedRect, b: RotatedRect, maxGap: number): boolean {
  const ratio = a.height / b.height;
  if (ratio < 0.6 || ratio > 1.6) return false;
  const height = Math.max(a.height, b.height);
  if (Math.abs(a.cy - b.cy) > height * 0.5) return false;
  const gap = Math.abs(a.cx - b.cx) - (a.width + b.width) / 2;
  return gap < height * maxGap;
}

/** One end of a line of text, in its reading direction (left to right when upright). */
export type LineEnd = "start" | "end";
/** One end, or either when nothing tells which. */
export type EitherEnd = LineEnd | "either";

/** How far along `rect`'s own line (its angle) the centre of `other` lies from its centre: signed, in pixels. */
export const alongLine = (rect: RotatedRect, other: RotatedRect) => (other.cx - rect.cx) * Math.cos(rect.angle) + (other.cy - rect.cy) * Math.sin(rect.angle);
