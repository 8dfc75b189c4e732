import { describe, expect, it } from "vitest";
import { DEFAULT_READ_SETTINGS, forPhoto, joinLooks } from "./read-text.ts";

/** A detected box `w` × `h` centred at (cx, cy). */
const box = (cx: number, cy: number, w: number, h: number, score = 0.9) => ({ rect: { cx, cy, width: w, height: h, angle: 0 }, score });

describe("a second whole look at a photo", () => {
  // The first look found a bib's sponsor line and number; the second (the photo at another size) found them
  // again, a little apart, and a bib the first missed (as Q005's "914" at 1440 px, seen at 1024).
  const sponsor = box(1000, 800, 300, 40);
  const number = box(1000, 900, 260, 110);
  const first = { boxes: [sponsor, number], faint: [{ x: 300, y: 200, score: 4 }] };
  const other = {
    boxes: [box(1004, 903, 250, 104), box(1010, 796, 320, 44), box(4630, 2560, 180, 70)],
    faint: [{ x: 5000, y: 100, score: 2 }],
  };

  it("adds only the boxes the first look did not find, and only the first look's faint print for a closer look", () => {
    const joined = joinLooks(first, other);
    expect(joined.boxes).toEqual([sponsor, number, box(4630, 2560, 180, 70)]);
    expect(joined.faint).toEqual(first.faint);
  });

  it("keeps the first look's box where the second saw a line of it, or a wider box around it", () => {
    expect(joinLooks(first, { boxes: [box(1000, 900, 120, 100)], faint: [] }).boxes).toEqual([sponsor, number]);
    expect(joinLooks(first, { boxes: [box(1000, 850, 400, 260)], faint: [] }).boxes).toEqual([sponsor, number]);
  });
});

describe("a second look at a close-up's big print", () => {
  // A bib filling half the frame: the first look split "1790" into "179" and "90" (digits 280 detector px high),
  // and kept "77" of a 770 whose 0 it lost; the second look, at half the size, saw each number whole.
  const print = box(1000, 440, 790, 60);
  const pieces = [box(820, 780, 480, 330), box(1250, 785, 300, 320)];
  const big = (d: { rect: { height: number } }) => d.rect.height > 160;
  const look = (boxes: ReturnType<typeof box>[]) => ({ boxes, faint: [] });

  it("takes the second look's line for the pieces of a number it holds", () => {
    const whole = box(1040, 780, 800, 340);
    expect(joinLooks(look([print, ...pieces]), look([box(1002, 442, 780, 58), whole]), big).boxes).toEqual([print, whole]);
  });

  it("takes a line clearly wider than the one big box it holds, and keeps one no wider", () => {
    const seventySeven = box(920, 776, 615, 327);
    const seventySeventy = box(1040, 745, 790, 348);
    expect(joinLooks(look([seventySeven]), look([seventySeventy]), big).boxes).toEqual([seventySeventy]);
    expect(joinLooks(look([seventySeven]), look([box(925, 776, 640, 330)]), big).boxes).toEqual([seventySeven]);
  });

  it("never replaces print of an ordinary size, nor big boxes off the line's middle", () => {
    const small = [box(900, 900, 100, 60), box(1020, 900, 100, 60)];
    expect(joinLooks(look(small), look([box(960, 900, 240, 64)]), big).boxes).toEqual(small);
    const stacked = [box(1000, 700, 600, 200), box(1000, 960, 600, 200)];
    expect(joinLooks(look(stacked), look([box(1000, 830, 640, 500)]), big).boxes).toEqual(stacked);
  });
});

describe("a small photo's bigger look", () => {
  const settings = { ...DEFAULT_READ_SETTINGS, detectLongSide: 1440, smallPhotoMegapixels: 6, smallPhotoDetect: 1760 };

  it("is taken for a photo no bigger than the limit (a 2048 px upload, a 3000 px one), not for a camera's original", () => {
    expect(forPhoto(2048 * 1365, settings).detectLongSide).toBe(1760);
    expect(forPhoto(3000 * 2000, settings).detectLongSide).toBe(1760);
    expect(forPhoto(6000 * 4000, settings)).toEqual(settings);
    expect(forPhoto(4000 * 3000, settings)).toEqual(settings);
  });

  it("is never taken when off, and never makes the detector's picture smaller", () => {
    expect(forPhoto(2048 * 1365, { ...settings, smallPhotoMegapixels: 0 }).detectLongSide).toBe(1440);
    expect(forPhoto(2048 * 1365, { ...settings, smallPhotoDetect: 1024 }).detectLongSide).toBe(1440);
  });
});
