import { createHash } from "node:crypto";
import sharp from "sharp";
import { watermarkSvg } from "./watermark.ts";

export const THUMB_WIDTH = 480;
export const MEDIUM_WIDTH = 1600;
export const SOLD_LONG_SIDE = 3500;

export type ImageInfo = { width: number; height: number };

/** Width and height as displayed (EXIF orientation applied); throws on a file that is not a readable image. */
export async function probe(image: Buffer): Promise<ImageInfo> {
  const meta = await sharp(image).metadata();
  if (!meta.width || !meta.height || !meta.format) throw new Error("not a readable image");
  // Decode fully once: a truncated JPEG has a valid header but fails here.
  await sharp(image, { failOn: "truncated" }).resize(8).toBuffer();
  const swap = (meta.orientation ?? 1) >= 5;
  return swap ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
}

/** A watermarked WebP no wider than `width`, for the public thumbnail and medium sizes. */
export async function watermarked(image: Buffer, width: number): Promise<{ data: Buffer; width: number; height: number }> {
  const resized = await sharp(image).rotate().resize({ width, withoutEnlargement: true }).toBuffer({ resolveWithObject: true });
  const { width: w, height: h } = resized.info;
  const data = await sharp(resized.data)
    .composite([{ input: watermarkSvg(w, h), top: 0, left: 0 }])
    .webp({ quality: width > 800 ? 78 : 72, effort: 3 })
    .toBuffer();
  return { data, width: w, height: h };
}

/** The file a buyer receives: JPEG, at most 3500 px long side, 300 dpi, no watermark. */
export async function soldFile(image: Buffer): Promise<Buffer> {
  return sharp(image)
    .rotate()
    .resize({ width: SOLD_LONG_SIDE, height: SOLD_LONG_SIDE, fit: "inside", withoutEnlargement: true })
    .withMetadata({ density: 300 })
    .jpeg({ quality: 90, mozjpeg: true })
    .toBuffer();
}

export function contentHash(data: Buffer, length = 64): string {
  return createHash("sha256").update(data).digest("hex").slice(0, length);
}
