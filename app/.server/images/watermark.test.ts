import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { stampWatermark, watermarkSvg } from "./watermark.ts";

const photo = (width: number, height: number, channels: 3 | 4) =>
  sharp({ create: { width, height, channels, background: { r: 90, g: 140, b: 60, alpha: 1 } } })
    .raw()
    .toBuffer();

/** What libvips draws when it lays the SVG over the photo (its composite always gives RGBA). */
async function composited(width: number, height: number, channels: 3 | 4) {
  const rgba = await sharp(await photo(width, height, channels), { raw: { width, height, channels } })
    .composite([{ input: watermarkSvg(width, height), top: 0, left: 0 }])
    .raw()
    .toBuffer();
  return channels === 4 ? rgba : Buffer.from(rgba.filter((_, i) => i % 4 !== 3));
}

const largestDifference = (a: Buffer, b: Buffer) => a.reduce((worst, v, i) => Math.max(worst, Math.abs(v - b[i])), 0);

describe("stampWatermark", () => {
  it("lays the SVG's mark over the photo as a composite would, to one level", async () => {
    for (const [width, height] of [
      [320, 200],
      [200, 320],
    ]) {
      const before = await photo(width, height, 3);
      const stamped = await stampWatermark(before, width, height, 3);
      expect(stamped.length).toBe(before.length);
      expect(largestDifference(stamped, await composited(width, height, 3))).toBeLessThanOrEqual(1);
      // The mark is there (a plain photo is one colour), and the photo given is left alone.
      expect(new Set(stamped).size).toBeGreaterThan(3);
      expect(new Set(before).size).toBe(3);
    }
  });

  it("keeps an opaque photo's alpha channel opaque", async () => {
    const stamped = await stampWatermark(await photo(300, 200, 4), 300, 200, 4);
    expect(largestDifference(stamped, await composited(300, 200, 4))).toBeLessThanOrEqual(1);
    for (let p = 3; p < stamped.length; p += 4) expect(stamped[p]).toBe(255);
  });
});
