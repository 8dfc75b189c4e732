import fs from "node:fs";
import path from "node:path";
import { once } from "node:events";
import { createHash, randomBytes } from "node:crypto";
import { ZipArchive } from "archiver";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { inTransaction, rowsOf, orders } from "../db/index.ts";
import { ZIP_MIN_PHOTOS } from "../../domain/zip.ts";
import { DomainError } from "../errors.ts";
import { enqueue } from "../jobs/index.ts";
import type { DeliveryDeps } from "./deps.ts";
import { paidOrder, photoFileName, photosOfOrder, soldFileKey, type OrderRow } from "./sold-files.ts";

export const ZIP_JOB = "order.zip";

export type { ZipAnswer } from "../../domain/api-contract.ts";
import type { ZipAnswer } from "../../domain/api-contract.ts";

/** POST /api/create_zip: the link when the zip exists, else its job is queued (once) and its progress told. */
export async function requestZip(deps: DeliveryDeps, publicId: string, zipUrl: (order: OrderRow) => Promise<string>): Promise<ZipAnswer> {
  const order = await paidOrder(deps.db, publicId);
  if (order.zipKey && (await deps.storage.exists(order.zipKey))) return { zip_file: await zipUrl(order), status: "ready", progress: 100 };
  const count = (await photosOfOrder(deps.db, order.id)).length;
  if (count < ZIP_MIN_PHOTOS) throw new DomainError("Forbidden", "zipTooFew", { min: ZIP_MIN_PHOTOS });
  const progress = await inTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ zipProgress: sql`coalesce(${orders.zipProgress}, 0)`, zipKey: null })
      .where(eq(orders.id, order.id))
      .returning({ progress: orders.zipProgress });
    // The unique key makes a second request join the first job instead of starting another.
    await enqueue(tx, ZIP_JOB, { orderId: order.id }, { uniqueKey: `zip:${order.id}:${order.zipKey ?? "first"}` });
    return row.progress ?? 0;
  });
  return { zip_file: null, status: "processing", progress };
}

/** A zip is named by what it holds: the same photos, the same file. */
export function zipKeyOf(photoIds: number[]): string {
  const ids = [...new Set(photoIds)].sort((a, b) => a - b).join(",");
  return `zips/set-${createHash("sha256").update(ids).digest("hex").slice(0, 32)}.zip`;
}

/** Zips are kept this long after they were last handed out; asked for again later, they are made again. */
export const ZIP_TTL_MS = 30 * 24 * 3600_000;

/**
 * Deletes zips nobody was handed within ZIP_TTL_MS and forgets them on their
 * orders (the purchase page then offers to make the zip again).
 */
export async function expireZips(deps: DeliveryDeps): Promise<number> {
  const cutoff = new Date(Date.now() - ZIP_TTL_MS);
  const stale = rowsOf<{ key: string }>(
    await deps.db.execute(
      sql`select zip_key as key from orders where zip_key is not null group by zip_key having max(zip_made_at) < ${cutoff} or max(zip_made_at) is null`,
    ),
  );
  for (const { key } of stale) {
    await deps.storage.delete(key);
    await deps.db.update(orders).set({ zipKey: null, zipProgress: null, zipMadeAt: null }).where(eq(orders.zipKey, key));
  }
  return stale.length;
}

/**
 * Streams every sold file of a sale into a zip on disk and hands the file to
 * storage; never holds the archive in memory. Progress is written as it goes.
 */
export function zipJob(deps: DeliveryDeps) {
  return async (payload: unknown) => {
    const { orderId } = z.object({ orderId: z.number().int() }).parse(payload);
    const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
    if (!order || (order.zipKey && (await deps.storage.exists(order.zipKey)))) return;
    const list = await photosOfOrder(deps.db, order.id);
    // Orders of the same photos (free photos taken again and again) share one zip.
    const key = zipKeyOf(list.map((p) => p.id));
    if (await deps.storage.exists(key)) {
      await deps.db.update(orders).set({ zipKey: key, zipProgress: 100, zipMadeAt: new Date() }).where(eq(orders.id, order.id));
      return;
    }
    const tmpDir = path.join(deps.env.dataDir, "tmp");
    fs.mkdirSync(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, `zip-${order.publicId}-${randomBytes(4).toString("hex")}.zip`);
    const out = fs.createWriteStream(tmp);
    // JPEGs do not shrink: store them as they are.
    const archive = new ZipArchive({ store: true });
    const failed = new Promise<never>((_, reject) => {
      archive.on("error", reject);
      out.on("error", reject);
    });
    archive.pipe(out);
    let reported = -1;
    const report = async (done: number) => {
      const progress = Math.min(99, Math.floor((done / list.length) * 100));
      if (progress - reported < 5 && done < list.length) return;
      reported = progress;
      await deps.db.update(orders).set({ zipProgress: progress }).where(eq(orders.id, order.id));
    };
    try {
      for (const [i, photo] of list.entries()) {
        const key = await soldFileKey(deps.storage, photo);
        // One entry at a time: a sale of hundreds of photos never holds hundreds of open files.
        const written = once(archive, "entry");
        archive.append(await deps.storage.stream(key), { name: photoFileName(photo) });
        await Promise.race([written, failed]);
        await report(i + 1);
      }
      await Promise.race([archive.finalize(), failed]);
      if (!out.closed) await Promise.race([once(out, "close"), failed]);
    } catch (error) {
      archive.abort();
      fs.rmSync(tmp, { force: true });
      throw error;
    }
    await deps.storage.putFile(key, tmp, "application/zip");
    await deps.db.update(orders).set({ zipKey: key, zipProgress: 100, zipMadeAt: new Date() }).where(eq(orders.id, order.id));
  };
}
