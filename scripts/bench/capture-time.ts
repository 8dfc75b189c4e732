import sharp from "sharp";
import { formatInZone } from "../../app/.server/images/index.ts";

/**
 * `jpeg` with an EXIF block giving its capture time on the wall clock of
 * `timeZone` and one camera, spliced in after the start marker: the pixels
 * and their encoding stay as they are (re-encoding would change what the
 * reader sees).
 */
export async function withCaptureTime(jpeg: Buffer, takenAt: Date, timeZone: string): Promise<Buffer> {
  const when = formatInZone(takenAt, timeZone).replace(/-/g, ":");
  const carrier = await sharp({ create: { width: 1, height: 1, channels: 3, background: "#000" } })
    .jpeg()
    .withExif({ IFD0: { DateTime: when, Make: "Bench", Model: "Photo point" }, IFD2: { DateTimeOriginal: when } })
    .toBuffer();
  const app1 = segment(carrier, 0xe1);
  if (!app1 || jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error("not a JPEG, or sharp wrote no EXIF");
  return Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]);
}

/** The first segment with `marker` among a JPEG's header segments (each: 0xFF, marker, two bytes of length). */
function segment(jpeg: Buffer, marker: number): Buffer | undefined {
  for (let at = 2; at + 4 <= jpeg.length && jpeg[at] === 0xff; ) {
    const length = jpeg.readUInt16BE(at + 2);
    if (jpeg[at + 1] === marker) return jpeg.subarray(at, at + 2 + length);
    if (jpeg[at + 1] === 0xda) return undefined; // the image data starts: no more headers
    at += 2 + length;
  }
  return undefined;
}
