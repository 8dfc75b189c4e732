import { describe, expect, it } from "vitest";
import { inRanges, parseBibList, parseBibRanges, parseRunnerNumber } from "./bibs.ts";

describe("parseRunnerNumber", () => {
  it("accepts digits with an optional leading plus", () => {
    expect(parseRunnerNumber("305")).toBe(305);
    expect(parseRunnerNumber("+305")).toBe(305);
    expect(parseRunnerNumber(" 42 ")).toBe(42);
  });
  it("clears zero and unclean values", () => {
    for (const bad of ["0", "+0", "00", "-3", "3a", "1.5", "", "++3", "abc", null, undefined]) {
      expect(parseRunnerNumber(bad)).toBeUndefined();
    }
  });
});

describe("bib ranges", () => {
  it("parses ranges and single numbers", () => {
    const ranges = parseBibRanges("300-310 401-404 7");
    expect(inRanges(305, ranges)).toBe(true);
    expect(inRanges(404, ranges)).toBe(true);
    expect(inRanges(7, ranges)).toBe(true);
    expect(inRanges(311, ranges)).toBe(false);
    expect(inRanges(400, ranges)).toBe(false);
  });
  it("rejects garbage and backwards ranges", () => {
    expect(() => parseBibRanges("10-5")).toThrow(/backwards/);
    expect(() => parseBibRanges("a-b")).toThrow();
    expect(parseBibRanges("")).toEqual([]);
  });
  it("parses a bib list cell without duplicates", () => {
    expect(parseBibList("12 300  12")).toEqual([12, 300]);
    expect(parseBibList("")).toEqual([]);
    expect(() => parseBibList("12 x")).toThrow();
  });
});
