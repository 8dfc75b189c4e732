import { createHash } from "node:crypto";
import sharp, { type SharpOptions } from "sharp";
import { stampWatermark } from "./watermark.ts";

export const THUMB_WIDTH = 480;
export const MEDIUM_WIDTH = 1600;
export const SOLD_LONG_SIDE = 3500;

/**
 * The largest picture we decode: a 45 MP camera is 8256 × 5504, so 120 MP
 * leaves room; a "decompression bomb" declaring more is refused from its
 * header, before a byte of it is decoded.
 */
export const MAX_INPUT_PIXELS = 120_000_000;

export class ImageTooLarge extends Error {
  constructor(width: number, height: number) {
    super(`image of ${width} × ${height} pixels is larger than ${MAX_INPUT_PIXELS / 1e6} MP`);
    this.name = "ImageTooLarge";
  }
}

/** A picture as sharp opens it: its bytes, or the path of its file (read by libvips, never held in JavaScript's memory). */
export type ImageSource = Buffer | string;

/** sharp for a picture someone sent us: never decodes more than MAX_INPUT_PIXELS. */
export const untrusted = (image: ImageSource, options: SharpOptions = {}) => sharp(image, { limitInputPixels: MAX_INPUT_PIXELS, ...options });

export type ImageInfo = { width: number; height: number };

/** Width and height as displayed (EXIF orientation applied); throws on a file that is not a readable image. */
export async function probe(image: Buffer): Promise<ImageInfo> {
  const meta = await sharp(image).metadata();
  if (!meta.width || !meta.height || !meta.format) throw new Error("not a readable image");
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new ImageTooLarge(meta.width, meta.height);
  // A truncated JPEG has a valid header: one that does not end whole is decoded to find out
  // (a camera may append its own data after the image), costing 30–50 ms a photo at import.
  if (!(meta.format === "jpeg" && endsWhole(image))) await untrusted(image, { failOn: "truncated" }).resize(8).toBuffer();
  return { width: meta.autoOrient.width, height: meta.autoOrient.height };
}

/**
 * Whether a JPEG's last bytes (past any zero padding) are its End Of Image
 * marker: a file cut short anywhere after its header cannot end with one,
 * as 0xFF in the compressed data is always followed by 0x00 or a restart
 * marker's 0xD0–0xD7.
 */
export function endsWhole(jpeg: Uint8Array): boolean {
  let end = jpeg.length;
  while (end > 0 && jpeg[end - 1] === 0) end--;
  return end >= 4 && jpeg[end - 2] === 0xff && jpeg[end - 1] === 0xd9;
}

export type Watermarked = { data: Buffer; width: number; height: number };
/** Decoded pixels: upright, sRGB, 3 or 4 channels (an alpha channel kept). */
export type RawPicture = { data: Buffer; info: { width: number; height: number; channels: number } };

/** Stamps the watermark on upright raw sRGB pixels and encodes them as WebP. */
async function stamp(raw: RawPicture, width: number): Promise<Watermarked> {
  const { width: w, height: h } = raw.info;
  const channels = raw.info.channels === 4 ? 4 : 3;
  const data = await sharp(await stampWatermark(raw.data, w, h, channels), { raw: { width: w, height: h, channels } })
    // Effort 2: the same bytes as 3 on race photos (106 KB medium, 6 KB thumbnail, measured) at half the encoding time.
    .webp({ quality: width > 800 ? 78 : 72, effort: 2 })
    .toBuffer();
  return { data, width: w, height: h };
}

const resizedRaw = (raw: RawPicture, width: number): Promise<RawPicture> =>
  sharp(raw.data, { raw: { width: raw.info.width, height: raw.info.height, channels: raw.info.channels as 3 | 4 } })
    .resize({ width })
    .raw()
    .toBuffer({ resolveWithObject: true });

/**
 * Watermarked WebPs no wider than each of `widths` (the public thumbnail and
 * medium sizes), in that order. The original is decoded once, at the largest
 * size (JPEG shrink-on-load), and the smaller sizes are resized from those
 * raw pixels: no JPEG in between to cost time and detail, and no second
 * decode of a 45 MP file.
 */
export async function watermarkedSizes(image: ImageSource, widths: number[]): Promise<Watermarked[]> {
  const base = await untrusted(image)
    .rotate()
    .resize({ width: Math.max(...widths), withoutEnlargement: true })
    // Grey photos become RGB, as the mark is (an alpha channel is kept).
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  return watermarkedFromRaw(base, widths);
}

/**
 * The same from pixels someone already decoded (the bib reader's picture of
 * the photo, so that an import decodes each original once): brought down to
 * the largest width first, then each smaller size from that.
 */
export async function watermarkedFromRaw(raw: RawPicture, widths: number[]): Promise<Watermarked[]> {
  const largest = Math.max(...widths);
  const base = raw.info.width > largest ? await resizedRaw(raw, largest) : raw;
  return Promise.all(widths.map(async (width) => stamp(width >= base.info.width ? base : await resizedRaw(base, width), width)));
}

/** One watermarked size (see watermarkedSizes). */
export async function watermarked(image: ImageSource, width: number): Promise<Watermarked> {
  const [one] = await watermarkedSizes(image, [width]);
  return one;
}

/** The file a buyer receives: JPEG, at most 3500 px long side, 300 dpi, no watermark. */
export async function soldFile(image: ImageSource): Promise<Buffer> {
  return untrusted(image)
    .rotate()
    .resize({ width: SOLD_LONG_SIDE, height: SOLD_LONG_SIDE, fit: "inside", withoutEnlargement: true })
    .withMetadata({ density: 300 })
    .jpeg({ quality: 90, mozjpeg: true })
    .toBuffer();
}

/**
 * Any picture (an SVG too) as a WebP no wider than `maxWidth`: a logo, hero or
 * banner we serve is always pixels, never a document that could carry script.
 */
export function rasterize(input: Buffer, maxWidth: number): Promise<Buffer> {
  return untrusted(input, { failOn: "truncated" }).rotate().resize({ width: maxWidth, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
}

export function contentHash(data: Buffer, length = 64): string {
  return createHash("sha256").update(data).digest("hex").slice(0, length);
}
