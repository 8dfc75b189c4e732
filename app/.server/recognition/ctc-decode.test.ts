import { expect, it } from "vitest";
import { greedyDecode } from "./ctc-decode.ts";

it("collapses repeats, drops blanks and keeps each character's best probability", () => {
  const alphabet = ["", "1", "2", "K"];
  // steps: 1 1 blank 1 2 K-ish
  const rows = [
    [0.1, 0.8, 0.05, 0.05],
    [0.05, 0.9, 0.025, 0.025],
    [0.9, 0.05, 0.025, 0.025],
    [0.2, 0.7, 0.05, 0.05],
    [0.1, 0.1, 0.6, 0.2],
  ];
  const decoded = greedyDecode(Float32Array.from(rows.flat()), rows.length, 4, alphabet);
  expect(decoded.text).toBe("112");
  expect(decoded.confidences.map((c) => Number(c.toFixed(2)))).toEqual([0.9, 0.7, 0.6]);
});
