import sharp, { type OverlayOptions } from "sharp";
import { describe, expect, it } from "vitest";
import { watermarkOverlay, watermarkSvg } from "./watermark.ts";

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 90, g: 140, b: 60 } } })
    .raw()
    .toBuffer();

const stamped = async (width: number, height: number, layer: OverlayOptions) =>
  sharp(await photo(width, height), { raw: { width, height, channels: 3 } })
    .composite([layer])
    .raw()
    .toBuffer();

describe("watermarkOverlay", () => {
  it("stamps exactly what the SVG draws", async () => {
    const svg = await stamped(320, 200, { input: watermarkSvg(320, 200), top: 0, left: 0 });
    const kept = await stamped(320, 200, await watermarkOverlay(320, 200));
    expect(kept.equals(svg)).toBe(true);
    // And the mark is there: a plain photo would be one colour.
    expect(new Set(kept).size).toBeGreaterThan(3);
  });

  it("draws each size once and keeps a portrait apart from a landscape", async () => {
    const first = watermarkOverlay(300, 200);
    expect(watermarkOverlay(300, 200)).toBe(first);
    const portrait = await watermarkOverlay(200, 300);
    expect(portrait.raw).toMatchObject({ width: 200, height: 300 });
  });
});
