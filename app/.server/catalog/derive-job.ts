import { eq } from "drizzle-orm";
import { z } from "zod";
import { markImportProgress, inTransaction, type Db, photos } from "../db/index.ts";
import { enqueue } from "../jobs/index.ts";
import { contentHash, MEDIUM_WIDTH, THUMB_WIDTH, type Watermarked, watermarkedSizes } from "../images/index.ts";
import { pathOrBytes, type Storage } from "../storage/index.ts";

export const DERIVE_JOB = "photo.derivatives";

/** A photo's public images: the thumbnail and the medium image, in this order. */
const WIDTHS = [THUMB_WIDTH, MEDIUM_WIDTH];

const payload = z.object({ photoId: z.number().int() });

type PhotoRow = { id: number; publicId: string };

/**
 * Stores a photo's watermarked images (made for WIDTHS) and with them shows
 * the photo. Keys carry a content hash, so their URLs never change meaning
 * and can be cached for a year.
 */
async function storeImages(db: Db, storage: Storage, photo: PhotoRow, images: Watermarked[]) {
  const keys: string[] = [];
  for (const [i, image] of images.entries()) {
    const key = `public/p/${photo.publicId}-${contentHash(image.data, 12)}-${WIDTHS[i]}.webp`;
    await storage.put(key, image.data, "image/webp");
    keys.push(key);
  }
  await inTransaction(db, async (tx) => {
    await markImportProgress(tx);
    await tx.update(photos).set({ thumbKey: keys[0], mediumKey: keys[1] }).where(eq(photos.id, photo.id));
  });
}

/** Makes a photo's watermarked thumbnail and medium image from its original. */
export function deriveJob(db: Db, storage: Storage) {
  return async (raw: unknown) => {
    const { photoId } = payload.parse(raw);
    const [photo] = await db.select().from(photos).where(eq(photos.id, photoId));
    if (!photo) return; // deleted meanwhile: nothing to do
    await storeImages(db, storage, photo, await watermarkedSizes(await pathOrBytes(storage, photo.originalKey), WIDTHS));
  };
}

/** Queues a photo's images for the derive job (once: queued again, it is the same job). */
export const queueDerive = (db: Db, photoId: number) => enqueue(db, DERIVE_JOB, { photoId }, { uniqueKey: `derive:${photoId}` });

/**
 * The photo images a recognizer makes beside its reading: the widths to ask
 * for, where they go, and the derive job for a photo whose reading did not
 * bring them (recognition/recognize-job.ts).
 */
export function photoImages(db: Db, storage: Storage) {
  return {
    widths: WIDTHS,
    store: (photo: PhotoRow, images: Watermarked[]) => storeImages(db, storage, photo, images),
    queue: (photoId: number) => queueDerive(db, photoId),
  };
}
