import sharp from "sharp";
import { formatInZone } from "../images/index.ts";

export type JpegOptions = {
  quality?: number;
  takenAt?: Date;
  /** IANA zone whose wall clock the "camera" shows; EXIF dates carry no zone. */
  timeZone?: string;
};

/**
 * Rasterises an SVG document to JPEG. With `takenAt`, writes the capture time as
 * EXIF DateTimeOriginal (libvips calls the Exif sub-IFD "IFD2"): wall-clock time in
 * `timeZone` like a real camera, so readCaptureTime(photo, timeZone) gives takenAt back.
 */
export async function svgToJpeg(svg: string, opts: JpegOptions = {}): Promise<Buffer> {
  let image = sharp(Buffer.from(svg)).jpeg({ quality: opts.quality ?? 82 });
  if (opts.takenAt) {
    const wall = formatInZone(opts.takenAt, opts.timeZone ?? "UTC"); // "2025-03-15 09:12:33"
    const when = wall.replace(/-/g, ":");
    const minutes = Math.round((Date.parse(`${wall.replace(" ", "T")}Z`) - opts.takenAt.getTime()) / 60000);
    const offset = `${minutes < 0 ? "-" : "+"}${String(Math.floor(Math.abs(minutes) / 60)).padStart(2, "0")}:${String(Math.abs(minutes) % 60).padStart(2, "0")}`;
    image = image.withExif({
      IFD0: { DateTime: when, Make: "Dorsal", Model: "Demo camera" },
      IFD2: { DateTimeOriginal: when, DateTimeDigitized: when, OffsetTimeOriginal: offset },
    });
  }
  return image.toBuffer();
}

export async function svgToPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

export function svgDocument(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}
