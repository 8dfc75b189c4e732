import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { watermarkedFromRaw, watermarkedSizes } from "./derivatives.ts";

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .jpeg()
    .toBuffer();
const rawOf = (image: Buffer) => sharp(image).raw().toBuffer({ resolveWithObject: true });
const sizes = (images: { width: number; height: number }[]) => images.map(({ width, height }) => [width, height]);

describe("watermarked images from pixels already decoded", () => {
  it("are the sizes the original gives, from a picture larger than the largest width", async () => {
    const original = await jpeg(4000, 2667);
    const fromRaw = await watermarkedFromRaw(await rawOf(original), [480, 1600]);
    expect(sizes(fromRaw)).toEqual(sizes(await watermarkedSizes(original, [480, 1600])));
    expect(sizes(fromRaw)).toEqual([
      [480, 320],
      [1600, 1067],
    ]);
    for (const image of fromRaw) expect((await sharp(image.data).metadata()).format).toBe("webp");
  });

  it("are never enlarged from a small picture", async () => {
    const fromRaw = await watermarkedFromRaw(await rawOf(await jpeg(900, 600)), [480, 1600]);
    expect(sizes(fromRaw)).toEqual([
      [480, 320],
      [900, 600],
    ]);
  });
});
