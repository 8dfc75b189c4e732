import sharp, { type JpegOptions } from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { endsWhole, probe } from "./derivatives.ts";

/** A 640 × 400 JPEG of noise: compressed data long enough to be cut anywhere. */
async function noisyJpeg(options: JpegOptions = {}): Promise<Buffer> {
  const pixels = Buffer.alloc(640 * 400 * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width: 640, height: 400, channels: 3 } })
    .jpeg(options)
    .toBuffer();
}

describe("probe: a photo's size, and whether it arrived whole", () => {
  let jpeg: Buffer;
  beforeAll(async () => {
    jpeg = await noisyJpeg();
  });

  it("reads a whole JPEG's size", async () => {
    expect(endsWhole(jpeg)).toBe(true);
    await expect(probe(jpeg)).resolves.toEqual({ width: 640, height: 400 });
  });

  it("refuses a JPEG cut short anywhere past its header", async () => {
    for (const share of [0.3, 0.5, 0.8, 0.99]) {
      const cut = jpeg.subarray(0, Math.round(jpeg.length * share));
      expect(endsWhole(cut)).toBe(false);
      await expect(probe(cut)).rejects.toThrow();
    }
    await expect(probe(jpeg.subarray(0, jpeg.length - 1))).rejects.toThrow();
  });

  it("refuses a progressive JPEG cut short", async () => {
    const progressive = await noisyJpeg({ progressive: true });
    await expect(probe(progressive)).resolves.toEqual({ width: 640, height: 400 });
    await expect(probe(progressive.subarray(0, Math.round(progressive.length * 0.7)))).rejects.toThrow();
  });

  it("accepts a whole JPEG with bytes after its end, as some cameras append, or zero padding", async () => {
    const trailer = Buffer.concat([jpeg, Buffer.from("SEFHcamera-trailer")]);
    expect(endsWhole(trailer)).toBe(false);
    await expect(probe(trailer)).resolves.toEqual({ width: 640, height: 400 });
    const padded = Buffer.concat([jpeg, Buffer.alloc(16)]);
    expect(endsWhole(padded)).toBe(true);
    await expect(probe(padded)).resolves.toEqual({ width: 640, height: 400 });
  });
});
