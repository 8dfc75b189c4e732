import { describe, expect, it } from "vitest";
import { findRegions, minAreaRect, unclip } from "./geometry.ts";

/** A w×h map with the given filled rectangles. */
function map(w: number, h: number, rects: [number, number, number, number][]): Float32Array {
  const m = new Float32Array(w * h);
  for (const [x0, y0, x1, y1] of rects) for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) m[y * w + x] = 0.9;
  return m;
}

describe("text box geometry", () => {
  it("finds each connected region with its mean score", () => {
    const regions = findRegions(
      map(40, 20, [
        [2, 2, 12, 6],
        [20, 10, 38, 18],
      ]),
      40,
      20,
      0.3,
    );
    expect(regions).toHaveLength(2);
    expect(regions[0].score).toBeCloseTo(0.9, 5);
    const rect = minAreaRect(regions[1].hull);
    expect(rect.width).toBeCloseTo(18, 5);
    expect(rect.height).toBeCloseTo(8, 5);
    expect(rect.cx).toBeCloseTo(29, 5);
    expect(rect.cy).toBeCloseTo(14, 5);
  });

  it("measures a turned rectangle along its own axes, angle within ±45°", () => {
    const a = (20 * Math.PI) / 180;
    const corners = [
      [-50, -15],
      [50, -15],
      [50, 15],
      [-50, 15],
    ].map(([x, y]) => ({ x: 100 + x * Math.cos(a) - y * Math.sin(a), y: 80 + x * Math.sin(a) + y * Math.cos(a) }));
    const rect = minAreaRect(corners);
    expect(rect.width).toBeCloseTo(100, 3);
    expect(rect.height).toBeCloseTo(30, 3);
    expect(rect.angle).toBeCloseTo(a, 3);
  });

  it("grows a box by area × ratio / perimeter on every side", () => {
    const grown = unclip({ cx: 0, cy: 0, width: 100, height: 20, angle: 0 }, 1.5);
    const d = (100 * 20 * 1.5) / 240;
    expect(grown.width).toBeCloseTo(100 + 2 * d, 5);
    expect(grown.height).toBeCloseTo(20 + 2 * d, 5);
  });
});
