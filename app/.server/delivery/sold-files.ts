import { and, asc, eq } from "drizzle-orm";
import { isPaidState } from "../../domain/order-states.ts";
import { type Db, orderPhotos, orders, photos } from "../db/index.ts";
import { DomainError, notFound } from "../errors.ts";
import { soldFile } from "../images/index.ts";
import { pathOrBytes, type Storage } from "../storage/index.ts";

export type PhotoRow = typeof photos.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;

/** A sale that may download: it exists (404) and is paid, received or closed (402). */
export async function paidOrder(db: Db, publicId: string): Promise<OrderRow> {
  const [order] = await db.select().from(orders).where(eq(orders.publicId, publicId)).limit(1);
  if (!order) throw notFound("purchaseNotFound");
  if (!isPaidState(order.state)) throw new DomainError("PaymentRequired", "downloadUnpaid");
  return order;
}

/** A photo of that sale; any other photo is refused (403), bought or not. */
export async function photoOfOrder(db: Db, orderId: number, photoPublicId: string): Promise<PhotoRow> {
  const [row] = await db
    .select({ photo: photos })
    .from(orderPhotos)
    .innerJoin(photos, eq(photos.id, orderPhotos.photoId))
    .where(and(eq(orderPhotos.orderId, orderId), eq(photos.publicId, photoPublicId)))
    .limit(1);
  if (!row) throw new DomainError("Forbidden", "photoNotInPurchase");
  return row.photo;
}

export async function photosOfOrder(db: Db, orderId: number): Promise<PhotoRow[]> {
  return db
    .select({ photo: photos })
    .from(orderPhotos)
    .innerJoin(photos, eq(photos.id, orderPhotos.photoId))
    .where(eq(orderPhotos.orderId, orderId))
    .orderBy(asc(photos.takenAt), asc(photos.id))
    .then((rows) => rows.map((r) => r.photo));
}

/**
 * The buyer's file (JPEG, ≤ 3500 px, 300 dpi, no watermark), made from the
 * original on first request and kept under a private key named by the
 * original's content, so every later download and zip reuses it.
 */
export async function soldFileKey(storage: Storage, photo: PhotoRow): Promise<string> {
  const key = `sold/${photo.raceId}/${photo.sha256}.jpg`;
  if (!(await storage.exists(key))) {
    await storage.put(key, await soldFile(await pathOrBytes(storage, photo.originalKey)), "image/jpeg");
  }
  return key;
}

export const photoFileName = (photo: Pick<PhotoRow, "publicId">) => `foto-${photo.publicId}.jpg`;
