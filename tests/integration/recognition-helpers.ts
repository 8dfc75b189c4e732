import { eq } from "drizzle-orm";
import { photoImages } from "../../app/.server/catalog/derive-job.ts";
import { photos } from "../../app/.server/db/schema.ts";
import { recognizeJob } from "../../app/.server/recognition/recognize-job.ts";
import type { PhotoReading, TextReading } from "../../app/.server/recognition/read-text.ts";
import type { TestShop } from "./helpers.ts";

/** A line of text as the reader gives it, read surely: `h` pixels high, level, centred at (`cx`, `cy`). */
export const textLine = (text: string, cx: number, cy: number, h: number): TextReading => ({
  text,
  confidences: [...text].map(() => 0.99),
  detectionScore: 0.99,
  box: { cx, cy, width: h * 0.6 * text.length, height: h, angle: 0 },
});

/** The shop's recognize job, with a reader that returns what `read` gives. */
export const jobReading = (shop: TestShop, read: () => PhotoReading) =>
  recognizeJob({
    db: shop.database.db,
    storage: shop.services.storage,
    recognizer: { read: async () => read() },
    logger: shop.services.logger,
    images: photoImages(shop.database.db, shop.services.storage),
  });

/** Reads photo `id` again as taken at `at` (ms) by `camera`, its reader seeing `lines` in a frame of `size`. */
export async function readPhotoAs(
  shop: TestShop,
  {
    id,
    at,
    camera,
    lines,
    size = { width: 2400, height: 1600 },
  }: { id: number; at: number; camera: string; lines: TextReading[]; size?: { width: number; height: number } },
) {
  await shop.database.db
    .update(photos)
    .set({ takenAt: new Date(at), camera })
    .where(eq(photos.id, id));
  await jobReading(shop, () => ({ ...size, lines }))({ photoId: id, force: true });
}
