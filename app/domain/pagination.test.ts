import { describe, expect, it } from "vitest";
import { pageCount, pageWindow, windowRadius } from "./pagination.ts";

describe("pagination window", () => {
  it("uses max(7 - page, 3) pages each side", () => {
    expect(windowRadius(1)).toBe(6);
    expect(windowRadius(4)).toBe(3);
    expect(windowRadius(20)).toBe(3);
  });
  it("clips the window to the existing pages", () => {
    expect(pageWindow(1, 40)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(2, 40)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(10, 40)).toEqual([7, 8, 9, 10, 11, 12, 13]);
    expect(pageWindow(40, 40)).toEqual([37, 38, 39, 40]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
  it("counts at least one page", () => {
    expect(pageCount(0, 60)).toBe(1);
    expect(pageCount(60, 60)).toBe(1);
    expect(pageCount(61, 60)).toBe(2);
  });
});
