import exifReader from "exif-reader";
import sharp from "sharp";

// Making a DateTimeFormat costs far more than using one: one per zone, kept.
const formats = new Map<string, Intl.DateTimeFormat>();
function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** Minutes east of UTC of a time zone at a given instant, from Intl (no tz database of our own). */
function offsetMinutes(timeZone: string, at: Date): number {
  const parts = formatFor(timeZone).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return Math.round((asUtc - at.getTime()) / 60000);
}

/** A wall-clock time in a zone ("2025-03-15 09:12:33") to the instant it names. */
export function zonedToInstant(wallClock: string, timeZone: string): Date | undefined {
  const m = /^(\d{4})[-:](\d{2})[-:](\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(wallClock.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number);
  const guess = Date.UTC(y, mo - 1, d, h, mi, s);
  if (Number.isNaN(guess)) return undefined;
  const first = guess - offsetMinutes(timeZone, new Date(guess)) * 60000;
  // Re-check once so a DST edge between guess and result lands on the right offset.
  return new Date(guess - offsetMinutes(timeZone, new Date(first)) * 60000);
}

/** The instant as "YYYY-MM-DD HH:MM:SS" on the wall clock of a zone (the spec's date format). */
export function formatInZone(at: Date, timeZone: string): string {
  const shifted = new Date(at.getTime() + offsetMinutes(timeZone, at) * 60000);
  return shifted.toISOString().slice(0, 19).replace("T", " ");
}

/** exif-reader reads EXIF's zoneless wall clock as if it were UTC: this gives the wall clock back. */
const wallClockOf = (date: unknown) => (date instanceof Date && !Number.isNaN(date.getTime()) ? date.toISOString().slice(0, 19).replace("T", " ") : undefined);

/**
 * What the camera wrote about a photo, from one read of its EXIF (sharp finds
 * the block, exif-reader decodes it):
 * - `takenAt`: the capture time. EXIF stores the camera's wall clock without
 *   a zone, so it is read in the race's time zone.
 * - `camera`: make, model and serial number ("Canon EOS R6 #0123"). Two frames
 *   a second apart from the same camera may be a burst; from two cameras they are not.
 */
export async function readCaptureFacts(image: Buffer, timeZone: string): Promise<{ takenAt?: Date; camera?: string }> {
  let tags: exifReader.Exif;
  try {
    const { exif } = await sharp(image).metadata();
    if (!exif) return {};
    tags = exifReader(exif);
  } catch {
    return {};
  }
  const { Image: main = {}, Photo: photo = {} } = tags;
  const wallClock = wallClockOf(photo.DateTimeOriginal) ?? wallClockOf(photo.DateTimeDigitized) ?? wallClockOf(main.DateTime);
  const text = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v).replace(/\0/g, "").trim() : "");
  const serial = text(photo.BodySerialNumber) || text(main.CameraSerialNumber);
  const name = [text(main.Make), text(main.Model)].filter(Boolean).join(" ");
  const camera = [name, serial && `#${serial}`].filter(Boolean).join(" ").slice(0, 120);
  return { takenAt: wallClock ? zonedToInstant(wallClock, timeZone) : undefined, camera: camera || undefined };
}

/** The camera's capture time (see readCaptureFacts). */
export async function readCaptureTime(image: Buffer, timeZone: string): Promise<Date | undefined> {
  return (await readCaptureFacts(image, timeZone)).takenAt;
}
