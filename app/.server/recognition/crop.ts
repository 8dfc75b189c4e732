import { eq } from "drizzle-orm";
import sharp from "sharp";
import { type Db, bibSuggestions, photos, type BibBox } from "../db/index.ts";
import { notFound } from "../errors.ts";
import { pathOrBytes, type Storage } from "../storage/index.ts";
import { boundsOf } from "./geometry.ts";
import { evidencePhotos } from "./review.ts";

/**
 * The review screen's picture of a suggestion: the bib and a margin around it,
 * turned level, as a small JPEG. Cut from the private original, so serve it
 * only to operators. With `evidence`, the frame that proved a burst or pass
 * suggestion: a burst's crops show the whole torso at the same place in both
 * frames, since the bib may be hidden in the frame under review; a pass's box
 * is the bib in the proving frame, and the frame under review is shown whole
 * (the runner may stand anywhere in it).
 */
export async function suggestionCrop(db: Db, storage: Storage, id: number, width = 360, { evidence = false } = {}): Promise<Buffer> {
  const [found] = await db
    .select({
      box: bibSuggestions.box,
      doubts: bibSuggestions.doubts,
      originalKey: photos.originalKey,
      evidenceKey: evidencePhotos.originalKey,
      burst: bibSuggestions.evidencePhotoId,
    })
    .from(bibSuggestions)
    .innerJoin(photos, eq(photos.id, bibSuggestions.photoId))
    .leftJoin(evidencePhotos, eq(evidencePhotos.id, bibSuggestions.evidencePhotoId))
    .where(eq(bibSuggestions.id, id));
  const originalKey = evidence ? found?.evidenceKey : found?.originalKey;
  if (!found || !originalKey) throw notFound();
  const box = cropBox(found, evidence);
  // Decoding the original is the cost; the same crop is asked for again when the queue is reloaded.
  const key = `${id}:${width}:${originalKey}:${JSON.stringify(box)}`;
  const cached = CACHE.get(key);
  if (cached) {
    CACHE.delete(key);
    CACHE.set(key, cached);
    return cached;
  }
  const photo = await pathOrBytes(storage, originalKey);
  const jpeg = box === "whole" ? await wholeFrame(photo, width) : await cropAround(photo, box, width);
  CACHE.set(key, jpeg);
  if (CACHE.size > CACHE_SIZE) CACHE.delete(CACHE.keys().next().value!);
  return jpeg;
}

/** What of the photo a suggestion's crop shows (see suggestionCrop). */
function cropBox({ box, doubts, burst }: { box: BibBox; doubts: string[]; burst: number | null }, evidence: boolean): BibBox | "whole" {
  // A pass's box is in its proving frame's pixels, even once that frame is deleted.
  if (doubts.includes("pass-between")) return evidence ? box : "whole";
  if (burst === null) return box;
  return { ...box, width: box.width * 2, height: box.height * 2.5 };
}

async function wholeFrame(photo: Buffer | string, width: number): Promise<Buffer> {
  return sharp(photo, { autoOrient: true }).resize({ width }).jpeg({ quality: 85 }).toBuffer();
}

// The most recently used crops (about 20 kB each), per process.
const CACHE_SIZE = 400;
const CACHE = new Map<string, Buffer>();

/** The number in `box` (upright pixels of `photo`) with about a bib's worth of context around it, level, as a JPEG `width` wide. */
export async function cropAround(photo: Buffer | string, box: BibBox, width: number): Promise<Buffer> {
  // The box is in upright pixels: the cut is taken after the camera's orientation is applied. Only the
  // cut is kept in memory (a 45 MP photo decoded whole is 135 MB of pixels).
  const { width: w, height: h } = (await sharp(photo).metadata()).autoOrient;
  // The number plus about a bib's worth of context around it.
  const b = boundsOf({ ...box, width: box.width * 1.5, height: box.height * 2.4 });
  const left = Math.min(Math.max(0, Math.floor(b.left)), w - 1);
  const top = Math.min(Math.max(0, Math.floor(b.top)), h - 1);
  const right = Math.min(w, Math.ceil(b.right));
  const bottom = Math.min(h, Math.ceil(b.bottom));
  const region = await sharp(photo, { autoOrient: true })
    .extract({ left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) })
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Turned in a second pipeline: chained with the turn and the resize, the cut was taken from the turned
  // photo, and a tilted number slid out of its crop (crop.test.ts).
  return sharp(region.data, { raw: { width: region.info.width, height: region.info.height, channels: region.info.channels } })
    .rotate((-box.angle * 180) / Math.PI, { background: "#ffffff" })
    .resize({ width, withoutEnlargement: false })
    .jpeg({ quality: 85 })
    .toBuffer();
}
