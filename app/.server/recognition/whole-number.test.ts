import { describe, expect, it } from "vitest";
import type { Raw } from "./patch.ts";
import { WHOLE_COLS, WHOLE_ROWS, wholeNumberInput } from "./whole-number.ts";

/** 400 × 200 px: red left of x = 200, blue right of it. */
function halves(): Raw {
  const width = 400;
  const height = 200;
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      if (x < 200) data[at] = 255;
      else data[at + 2] = 255;
    }
  return { data, width, height };
}

const plane = WHOLE_ROWS * WHOLE_COLS;
/** The (red, green, blue) the verifier sees at a row and column of its picture. */
const colourAt = (input: Float32Array, row: number, col: number) => [0, 1, 2].map((c) => input[c * plane + row * WHOLE_COLS + col]);

describe("what the whole-number verifier sees", () => {
  it("is the number's box with one and a half box heights around it, levelled, channels first", () => {
    // A box 100 × 40 centred at x = 200: the picture runs from x = 90 to 310, so red on its left, blue on its right.
    const input = wholeNumberInput(halves(), { cx: 200, cy: 100, width: 100, height: 40, angle: 0 });
    expect(input).toHaveLength(3 * WHOLE_ROWS * WHOLE_COLS);
    expect(colourAt(input, WHOLE_ROWS / 2, 0)).toEqual([255, 0, 0]);
    expect(colourAt(input, WHOLE_ROWS / 2, WHOLE_COLS - 1)).toEqual([0, 0, 255]);
    // x = 200 falls in the picture's 64th column of 128 (90 + 110 / 220 × 128 ≈ 64): red up to it, blue after.
    expect(colourAt(input, 0, 62)).toEqual([255, 0, 0]);
    expect(colourAt(input, 0, 65)).toEqual([0, 0, 255]);
  });

  it("turns a box read upside down the right way up", () => {
    const input = wholeNumberInput(halves(), { cx: 200, cy: 100, width: 100, height: 40, angle: Math.PI });
    expect(colourAt(input, WHOLE_ROWS / 2, 0)).toEqual([0, 0, 255]);
    expect(colourAt(input, WHOLE_ROWS / 2, WHOLE_COLS - 1)).toEqual([255, 0, 0]);
  });

  it("repeats the picture's edge past the frame, in whole levels", () => {
    // A number at the frame's left edge: everything left of the frame is the edge's red.
    const input = wholeNumberInput(halves(), { cx: 10, cy: 190, width: 60, height: 40, angle: 0 });
    expect(colourAt(input, 0, 0)).toEqual([255, 0, 0]);
    expect(colourAt(input, WHOLE_ROWS - 1, 0)).toEqual([255, 0, 0]);
    expect(input.every((v) => Number.isInteger(v) && v >= 0 && v <= 255)).toBe(true);
  });
});
