import { and, eq } from "drizzle-orm";
import { markImportProgress, inTransaction, type Db, photos, photoTags, tags } from "../db/index.ts";
import { contentHash, probe, readCaptureFacts } from "../images/index.ts";
import { enqueue } from "../jobs/index.ts";
import { tagFromImport } from "../tagging/index.ts";
import { RECOGNIZE_JOB, type RecognizePayload } from "../recognition/index.ts";
import type { Storage } from "../storage/index.ts";
import { queueDerive } from "./derive-job.ts";
import type { PhotoMeta } from "./photos-csv.ts";
import { randomCode } from "../random-code.ts";
import type { RaceRow } from "./races.ts";

export type IngestOutcome =
  | { kind: "created"; photoId: number }
  | { kind: "updated"; photoId: number }
  | { kind: "unchanged"; photoId: number }
  | { kind: "duplicate"; of: string }
  | { kind: "broken"; reason: string };

/** `photographerId`: who a new photo is credited to unless its metadata names someone (the uploader, the importer). */
export type IngestInput = { race: RaceRow; fileName: string; data: Buffer; meta?: PhotoMeta; photographerId?: number | null };

export const frameOf = (fileName: string) => fileName.replace(/\.[^.]+$/, "");

/**
 * Adds one original photo to a race: stores it privately, records it and queues
 * its derivatives. The same bytes twice in a race are a duplicate; the same file
 * again only re-applies its metadata, so a repeated import changes nothing.
 */
export async function ingestPhoto(db: Db, storage: Storage, input: IngestInput): Promise<IngestOutcome> {
  const { race, fileName, data, meta = {}, photographerId = null } = input;
  const sha256 = contentHash(data);
  const frame = frameOf(fileName);

  const [same] = await db
    .select({ id: photos.id, frame: photos.frame })
    .from(photos)
    .where(and(eq(photos.raceId, race.id), eq(photos.sha256, sha256)));
  if (same) {
    if (same.frame !== frame) return { kind: "duplicate", of: same.frame };
    const changed = await applyMeta(db, race, same.id, meta);
    return { kind: changed ? "updated" : "unchanged", photoId: same.id };
  }
  const [sameName] = await db
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.raceId, race.id), eq(photos.frame, frame)));
  if (sameName) return { kind: "duplicate", of: frame };

  let size;
  try {
    size = await probe(data);
  } catch (error) {
    return { kind: "broken", reason: error instanceof Error ? error.message : String(error) };
  }
  const { takenAt, camera } = await readCaptureFacts(data, race.timezone);
  const originalKey = `originals/${race.id}/${sha256}.jpg`;
  await storage.put(originalKey, data, "image/jpeg");

  const photoId = await inTransaction(db, async (tx) => {
    // A new photo is hidden until its watermarked images exist; its row, bibs and tags are the import's progress.
    await markImportProgress(tx);
    const [row] = await tx
      .insert(photos)
      .values({
        publicId: randomCode(12),
        raceId: race.id,
        frame,
        originalKey,
        sha256,
        width: size.width,
        height: size.height,
        takenAt: takenAt ?? null,
        camera: camera ?? null,
        photographerId: meta.photographerId ?? photographerId,
      })
      .returning({ id: photos.id });
    await applyMeta(tx, race, row.id, meta);
    // Bibs the organiser listed are authoritative; recognition reads the photos that came untagged,
    // and makes their watermarked images from the pixels it decodes (each original decoded once).
    if (meta.bibs === undefined) {
      await enqueue(tx, RECOGNIZE_JOB, { photoId: row.id, derive: true } satisfies RecognizePayload, { uniqueKey: `recognize:${row.id}` });
    } else {
      await queueDerive(tx, row.id);
    }
    return row.id;
  });
  return { kind: "created", photoId };
}

/** Sets the fields the metadata names; returns whether anything changed. */
async function applyMeta(db: Db, race: RaceRow, photoId: number, meta: PhotoMeta): Promise<boolean> {
  let changed = false;
  const [current] = await db.select().from(photos).where(eq(photos.id, photoId));
  const patch: Partial<typeof photos.$inferInsert> = {};
  const fields = [
    ["free", meta.free],
    ["priceArs", meta.priceArs],
    ["priceUsd", meta.priceUsd],
    ["saleArs", meta.saleArs],
    ["saleUsd", meta.saleUsd],
    ["photographerId", meta.photographerId],
  ] as const;
  for (const [field, value] of fields) {
    if (value !== undefined && current[field] !== value) (patch as Record<string, unknown>)[field] = value;
  }
  if (Object.keys(patch).length) {
    await db.update(photos).set(patch).where(eq(photos.id, photoId));
    changed = true;
  }
  if (meta.bibs) {
    // Bibs from an import's photos.csv are tags like any other: pre-orders waiting on them get their photos.
    if ((await tagFromImport(db, race.id, photoId, meta.bibs)).length) changed = true;
  }
  if (meta.tags) {
    for (const slug of meta.tags) {
      const tagId = await ensureTag(db, race.id, slug);
      const inserted = await db.insert(photoTags).values({ photoId, tagId }).onConflictDoNothing().returning();
      if (inserted.length) changed = true;
    }
  }
  return changed;
}

async function ensureTag(db: Db, raceId: number, slug: string): Promise<number> {
  const [tag] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.raceId, raceId), eq(tags.slug, slug)));
  if (tag) return tag.id;
  const [created] = await db
    .insert(tags)
    .values({ raceId, slug, name: { es: slug } })
    .onConflictDoUpdate({ target: [tags.raceId, tags.slug], set: { slug } })
    .returning({ id: tags.id });
  return created.id;
}
