import { describe, expect, it } from "vitest";
import { printGaps, type Read } from "./print-gaps.ts";

/** A line of `text` with a box `h` high centred at (cx, cy), 0.6 h a character wide. */
const read = (text: string, cx: number, cy: number, h: number, angle = 0): Read => ({
  text,
  score: 0.95,
  rect: { cx, cy, width: h * 0.6 * text.length, height: h, angle },
});

describe("where a bib's number should be", () => {
  // A bib: "MEDIA MARATON" above, "CORRAL B" below, 32 px print 145 px apart (T024's lone "1").
  const above = read("MEDIA MARATON", 2228, 2408, 32);
  const below = read("CORRAL B", 2240, 2553, 31);

  it("finds the stretch between two stacked lines of print when nothing was read there", () => {
    const [gap] = printGaps([above, below]);
    expect(gap.rect.cx).toBeCloseTo(2234, 0);
    expect(gap.rect.cy).toBeCloseTo(2480.5, 0);
    expect(gap.rect.height).toBeGreaterThan(100);
    expect(gap.rect.width).toBeCloseTo(above.rect.width, 0);
    expect(gap.score).toBe(0.95);
  });

  it("leaves it alone when a number was read there, the lines are not level or too close or far, or are not print", () => {
    expect(printGaps([above, below, read("1", 2234, 2480, 100)])).toEqual([]);
    expect(printGaps([above, read("CORRAL B", 2700, 2553, 31)])).toEqual([]);
    expect(printGaps([above, read("CORRAL B", 2240, 2460, 31)])).toEqual([]);
    expect(printGaps([above, read("CORRAL B", 2240, 2900, 31)])).toEqual([]);
    expect(printGaps([above, read("CORRAL B", 2240, 2553, 12)])).toEqual([]);
    expect(printGaps([read("10", 2228, 2408, 32), read("42", 2240, 2553, 31)])).toEqual([]);
  });

  it("follows a tilted bib", () => {
    const angle = 0.1;
    const tilted = [read("MEDIA MARATON", 2228, 2408, 32, angle), read("CORRAL B", 2228 - 145 * Math.sin(angle), 2408 + 145 * Math.cos(angle), 31, angle)];
    const [gap] = printGaps(tilted);
    expect(gap.rect.angle).toBe(angle);
  });
});
