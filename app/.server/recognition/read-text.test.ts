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
