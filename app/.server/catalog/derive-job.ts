import { eq } from "drizzle-orm";
import { z } from "zod";
import { markImportProgress, inTransaction, type Db, photos } from "../db/index.ts";
import { contentHash, MEDIUM_WIDTH, THUMB_WIDTH, watermarkedSizes } from "../images/index.ts";
import { pathOrBytes, type Storage } from "../storage/index.ts";

export const DERIVE_JOB = "photo.derivatives";

const payload = z.object({ photoId: z.number().int() });

/**
 * Makes a photo's watermarked thumbnail and medium image. Keys carry a content
 * hash, so their URLs never change meaning and can be cached for a year.
 */
export function deriveJob(db: Db, storage: Storage) {
  return async (raw: unknown) => {
    const { photoId } = payload.parse(raw);
    const [photo] = await db.select().from(photos).where(eq(photos.id, photoId));
    if (!photo) return; // deleted meanwhile: nothing to do
    const original = await pathOrBytes(storage, photo.originalKey);
    const keys: string[] = [];
    const widths = [THUMB_WIDTH, MEDIUM_WIDTH];
    for (const [i, image] of (await watermarkedSizes(original, widths)).entries()) {
      const key = `public/p/${photo.publicId}-${contentHash(image.data, 12)}-${widths[i]}.webp`;
      await storage.put(key, image.data, "image/webp");
      keys.push(key);
    }
    await inTransaction(db, async (tx) => {
      await markImportProgress(tx);
      await tx.update(photos).set({ thumbKey: keys[0], mediumKey: keys[1] }).where(eq(photos.id, photoId));
    });
  };
}
