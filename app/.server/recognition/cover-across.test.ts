import { describe, expect, it } from "vitest";
import { coveredAcross, uncoveredCut } from "./cover-across.ts";
import type { Raw } from "./patch.ts";

const PAPER = [245, 245, 240];
const INK = [20, 20, 30];
const SKIN = [200, 140, 100];

/**
 * A bib's paper 240 × 160 px with six strokes of "digits" from y 50 to 110,
 * and a cover of skin over rows [coverFrom, coverTo).
 */
function bib(coverFrom = 0, coverTo = 0): Raw {
  const width = 240;
  const height = 160;
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const stroke = y >= 50 && y < 110 && x >= 40 && x < 200 && (x - 40) % 28 < 10;
      const colour = y >= coverFrom && y < coverTo ? SKIN : stroke ? INK : PAPER;
      data.set(colour, (y * width + x) * 3);
    }
  }
  return { data, width, height };
}

/** The detector's box around print from row `top` to row `bottom`, a little past it as DB's boxes are. */
const boxAround = (top: number, bottom: number) => ({ cx: 120, cy: (top + bottom) / 2, width: 180, height: (bottom - top) * 1.3, angle: 0 });

describe("a cover across a number's digits", () => {
  it("is not seen where paper lies past the digits' top and bottom", () => {
    expect(coveredAcross(bib(), boxAround(50, 110))).toBeUndefined();
  });

  it("is seen at the top when the digits end at something neither paper nor ink", () => {
    const cover = coveredAcross(bib(0, 70), boxAround(70, 110));
    expect(cover?.edge).toBe("top");
    // The digits left run from row 70 to 110: 20 px above the box's middle (90) to 20 below.
    expect(cover?.top).toBeCloseTo(-20, -0.5);
    expect(cover?.bottom).toBeCloseTo(20, -0.5);
  });

  it("is seen at the bottom too", () => {
    expect(coveredAcross(bib(85, 160), boxAround(50, 85))?.edge).toBe("bottom");
  });

  it("leaves print too small to tell alone", () => {
    expect(coveredAcross(bib(0, 70), { cx: 120, cy: 90, width: 180, height: 12, angle: 0 })).toBeUndefined();
  });

  it("cuts the covered digits again with some of the cover and a margin, on the covered side", () => {
    const rect = { cx: 120, cy: 90, width: 180, height: 52, angle: 0 };
    const cut = uncoveredCut(rect, { edge: "top", top: -20, bottom: 20 });
    // 40 px of digits, a quarter of that of the cover above, 0.15 of the box's height either way.
    expect(cut.cy - cut.height / 2).toBeCloseTo(90 - 20 - 10 - 7.8);
    expect(cut.cy + cut.height / 2).toBeCloseTo(90 + 20 + 7.8);
    expect(cut.width).toBe(180);
    const turned = uncoveredCut({ ...rect, angle: Math.PI / 2 }, { edge: "top", top: -20, bottom: 20 });
    // Turned a quarter, the box's "up" is the photo's +x: the cut moves along x, not y.
    expect(turned.cy).toBeCloseTo(90);
    expect(turned.cx).toBeCloseTo(120 + 5);
  });
});
