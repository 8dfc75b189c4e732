import sharp from "sharp";

/**
 * A photo as a resized upload brings it: a JPEG (quality 90) no longer than
 * `longSide` on its long side, upright (the real photographs are 2048 px wide).
 */
export function shrunkJpeg(file: string, longSide: number): Promise<Buffer> {
  return sharp(file).rotate().resize({ width: longSide, height: longSide, fit: "inside", withoutEnlargement: true }).jpeg({ quality: 90 }).toBuffer();
}
