import { describe, expect, it } from "vitest";
import type { TextReading } from "./read-text.ts";
import { numbersRead, SCENERY_MIN_MOMENTS, sceneryOf } from "./scenery.ts";

const line = (text: string): TextReading => ({ text, confidences: [0.99], detectionScore: 0.99, box: { cx: 0, cy: 0, width: 10, height: 10, angle: 0 } });

describe("scenery", () => {
  it("counts each number a photo holds once, past edge dots, and only numbers a bib could be", () => {
    expect([...numbersRead([line("23"), line("23."), line("KM 5"), line("0800"), line("123456"), line("1046")])].sort()).toEqual([1046, 23]);
  });

  it("is a number seen at five moments or more and at 4 % of the race's: a runner seen at a few moments of a big race is not", () => {
    const counts = new Map([
      [23, SCENERY_MIN_MOMENTS],
      [101, SCENERY_MIN_MOMENTS - 1],
    ]);
    expect([...sceneryOf(counts, 60).scenery]).toEqual([23]);
    // In a race of 3,000 moments (photos without a time) five are a runner's share, not a sign's.
    expect([...sceneryOf(counts, 3000).scenery]).toEqual([]);
    expect([...sceneryOf(new Map([[23, 120]]), 3000).scenery]).toEqual([23]);
  });

  it("reads a number often from half the moments scenery needs, three at least: scenery is read often too", () => {
    const counts = new Map([
      [23, SCENERY_MIN_MOMENTS],
      [29, 3],
      [101, 2],
    ]);
    expect([...sceneryOf(counts, 60).oftenRead].sort()).toEqual([23, 29]);
    // A race of 3,000 moments needs 120 for scenery: 60 to be read often.
    expect([
      ...sceneryOf(
        new Map([
          [23, 59],
          [29, 60],
        ]),
        3000,
      ).oftenRead,
    ]).toEqual([29]);
  });
});
