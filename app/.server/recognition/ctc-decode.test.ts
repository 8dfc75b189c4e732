import { expect, it } from "vitest";
import { asDigits, digitsBeyond, greedyDecode, numberOf } from "./ctc-decode.ts";

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

it("reads a number whose one letter the reader was unsure of as digits, never dropping the letter", () => {
  const alphabet = ["", "1", "4", "0", "C", "K"];
  // One step per character: 1 4 then C (0.6) weighed against 0 (0.35).
  const row = (p: Record<number, number>) => alphabet.map((_, c) => p[c] ?? 0.01);
  const unsure = [row({ 1: 0.95 }), row({ 0: 0.9 }), row({ 2: 0.95 }), row({ 4: 0.6, 3: 0.35 })];
  const probs = Float32Array.from(unsure.flat());
  const plain = greedyDecode(probs, unsure.length, alphabet.length, alphabet);
  expect(plain.text).toBe("14C");
  const digits = asDigits(plain, probs, unsure.length, alphabet.length, alphabet);
  expect(digits?.text).toBe("140");
  expect(digits?.confidences[2]).toBeCloseTo(0.35, 2);

  // "14K" whose K has no digit behind it (blank next): the number would only lose a character.
  const dropped = [row({ 1: 0.95 }), row({ 0: 0.9 }), row({ 2: 0.95 }), row({ 5: 0.6, 0: 0.3 })];
  const droppedProbs = Float32Array.from(dropped.flat());
  const k = greedyDecode(droppedProbs, dropped.length, alphabet.length, alphabet);
  expect(k.text).toBe("14K");
  expect(asDigits(k, droppedProbs, dropped.length, alphabet.length, alphabet)).toBeUndefined();
  // A sure letter is a word, not a misread digit.
  const sure = [row({ 1: 0.95 }), row({ 4: 0.95 })];
  const sureProbs = Float32Array.from(sure.flat());
  expect(asDigits(greedyDecode(sureProbs, 2, alphabet.length, alphabet), sureProbs, 2, alphabet.length, alphabet)).toBeUndefined();
});

it("keeps each digit's confidence and drops the marks a pin or the paper's edge adds around a number", () => {
  expect(numberOf({ text: "-749.", confidences: [0.3, 0.99, 0.98, 0.97, 0.4] })).toEqual({ text: "749", confidences: [0.99, 0.98, 0.97] });
  expect(numberOf({ text: "1 2", confidences: [0.9, 0.8, 0.7] })).toEqual({ text: "1 2", confidences: [0.9, 0.8, 0.7] });
});

it("tells how much of a digit the reader saw past either end of a number it read, beyond its own digits' spill", () => {
  const alphabet = ["", "1", "3", "7", "K"];
  const row = (p: Record<number, number>) => alphabet.map((_, c) => p[c] ?? (c === 0 ? 1 - Object.values(p).reduce((a, b) => a + b, 0) : 0));
  // "133", then the blank's spill beside the last 3, then a half-covered 7 the reader gave 0.3 (and 1 another 0.05).
  const halfSeen = [row({}), row({}), row({ 1: 0.95 }), row({ 2: 0.9 }), row({}), row({ 2: 0.9 }), row({ 2: 0.2 }), row({ 3: 0.3, 1: 0.05 }), row({})];
  const probs = Float32Array.from(halfSeen.flat());
  expect(greedyDecode(probs, halfSeen.length, alphabet.length, alphabet).text).toBe("133");
  const beyond = digitsBeyond(probs, halfSeen.length, alphabet.length, alphabet);
  expect(beyond.start).toBe(0);
  expect(beyond.end).toBeCloseTo(0.35, 5);
  expect(beyond.endDigit).toBe("7");
  expect(beyond.startDigit).toBeUndefined();

  // A letter past the end is a word's, not a digit: "13K" has nothing beyond.
  const lettered = [row({ 1: 0.95 }), row({}), row({ 2: 0.9 }), row({}), row({}), row({ 4: 0.8 })];
  expect(digitsBeyond(Float32Array.from(lettered.flat()), lettered.length, alphabet.length, alphabet)).toEqual({ start: 0, end: 0 });
  // No digit read at all.
  expect(digitsBeyond(Float32Array.from([row({ 4: 0.9 })].flat()), 1, alphabet.length, alphabet)).toEqual({ start: 0, end: 0 });
});
