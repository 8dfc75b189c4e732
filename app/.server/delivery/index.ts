import type { Readable } from "node:stream";
import { DomainError } from "../errors.ts";
import type { DeliveryDeps } from "./deps.ts";
import { deliverySecret, readClaim, signClaim, type Claim } from "./signed-links.ts";
import { paidOrder, photoFileName, photoOfOrder, soldFileKey, type OrderRow } from "./sold-files.ts";
import { ZIP_MIN_PHOTOS } from "../../domain/zip.ts";
import { expireZips, requestZip, ZIP_JOB, zipJob, type ZipAnswer } from "./zip.ts";

export type { DeliveryDeps } from "./deps.ts";
export type { ZipAnswer } from "./zip.ts";
export { ZIP_JOB } from "./zip.ts";

/** A photo link lives long enough to start the download; a zip link for a day. */
const PHOTO_LINK_SECONDS = 15 * 60;
const ZIP_LINK_SECONDS = 24 * 3600;

export type DeliveredFile = { stream: Readable; fileName: string; contentType: string };

/** Downloads and zips of paid sales, through short-lived signed links at `/download/{token}`. */
export function createDelivery(deps: DeliveryDeps) {
  const secret = deliverySecret(deps.db);
  const link = async (claim: Claim) => `${deps.env.publicUrl}/download/${signClaim(await secret(), claim)}`;
  const expiry = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;
  const zipUrl = (order: OrderRow) => link({ k: "zip", o: order.publicId, exp: expiry(ZIP_LINK_SECONDS) });

  return {
    /** POST /api/download: a link to one photo of a paid sale that contains it. */
    async downloadLink(purchaseId: string, photoId: string): Promise<{ img: string }> {
      const order = await paidOrder(deps.db, purchaseId);
      const photo = await photoOfOrder(deps.db, order.id, photoId);
      // Render now, so the link answers at once when the browser follows it.
      await soldFileKey(deps.storage, photo);
      return { img: await link({ k: "photo", o: order.publicId, p: photo.publicId, exp: expiry(PHOTO_LINK_SECONDS) }) };
    },

    /** The file behind a signed link; the sale is checked again (a refund ends downloads at once). */
    async open(token: string): Promise<DeliveredFile> {
      const claim = readClaim(await secret(), token);
      if (!claim) throw new DomainError("Forbidden", "linkExpired");
      const order = await paidOrder(deps.db, claim.o);
      if (claim.k === "photo") {
        const photo = await photoOfOrder(deps.db, order.id, claim.p);
        const key = await soldFileKey(deps.storage, photo);
        return { stream: await deps.storage.stream(key), fileName: photoFileName(photo), contentType: "image/jpeg" };
      }
      if (!order.zipKey) throw new DomainError("NotFound", "notFound");
      return { stream: await deps.storage.stream(order.zipKey), fileName: `fotos-${order.publicId}.zip`, contentType: "application/zip" };
    },

    requestZip: (purchaseId: string): Promise<ZipAnswer> => requestZip(deps, purchaseId, zipUrl),

    /** The zip as the purchase response shows it: its link once made, else how far its job got. */
    async zipState(order: OrderRow): Promise<{ file: string | null; progress: number | null }> {
      if (order.zipKey) return { file: await zipUrl(order), progress: 100 };
      return { file: null, progress: order.zipProgress };
    },

    /** Housekeeping: zips nobody was handed for a month go (made again on request). */
    expireZips: () => expireZips(deps),

    minZipPhotos: ZIP_MIN_PHOTOS,
    handlers: { [ZIP_JOB]: zipJob(deps) },
  };
}

export type Delivery = ReturnType<typeof createDelivery>;
