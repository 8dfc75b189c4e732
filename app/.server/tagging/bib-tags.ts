import { and, eq, inArray } from "drizzle-orm";
import { type Db, photoBibs, photos } from "../db/index.ts";
import { preorderBibsTagged } from "./preorders-port.ts";
import { watchedBibsTagged } from "./watchers-port.ts";

// Every write to photo_bibs goes through here, so that whoever puts a bib on a
// photo (an operator, a bulk action, a photos.csv, bib recognition) tells the
// pre-orders and the runners watching that number the same way (bibsTagged).
// Pass the transaction that tags: their jobs are queued only if the tags are written.

/** Tells both ports of the numbers just tagged, each once, whole and positive. */
async function bibsTagged(db: Db, raceId: number, bibs: Iterable<number>): Promise<void> {
  const tagged = [...new Set(bibs)].filter((b) => Number.isInteger(b) && b > 0);
  await preorderBibsTagged(db, raceId, tagged);
  await watchedBibsTagged(db, raceId, tagged);
}

/** A person's tags: an automatic tag of the same number becomes theirs. A number typed twice is one tag. */
export async function tagByHand(db: Db, raceId: number, photoIds: number[], bibs: number[]): Promise<void> {
  const unique = [...new Set(bibs)];
  // One row each: an upsert may not touch the same row twice in one statement.
  const values = [...new Set(photoIds)].flatMap((photoId) => unique.map((bib) => ({ photoId, raceId, bib, source: "manual" as const })));
  if (!values.length) return;
  await db
    .insert(photoBibs)
    .values(values)
    .onConflictDoUpdate({ target: [photoBibs.photoId, photoBibs.bib], set: { source: "manual", confidence: null } });
  await bibsTagged(db, raceId, unique);
}

/**
 * Inside a transaction: these photos' rows locked in id order (two writers
 * taking several never wait on each other); answers the ids found. `update`
 * for a writer that deletes them, `no key update` for one that changes what
 * hangs on them.
 */
export async function lockPhotos(db: Db, photoIds: number[], strength: "update" | "no key update"): Promise<number[]> {
  if (!photoIds.length) return [];
  const rows = await db.select({ id: photos.id }).from(photos).where(inArray(photos.id, photoIds)).orderBy(photos.id).for(strength);
  return rows.map((r) => r.id);
}

/**
 * Before a person's word changes photos' bibs: their rows locked, so a list
 * replaced whole and a reading accepted at the same moment take turns, and
 * the second sees what the first wrote.
 */
export async function lockPhotoBibs(db: Db, photoIds: number[]): Promise<void> {
  await lockPhotos(db, photoIds, "no key update");
}

/** Adds these bibs to these photos as a person's tags, the photos' rows taken first (inside a transaction). */
export async function addBibsByHand(db: Db, raceId: number, photoIds: number[], bibs: number[]): Promise<void> {
  await lockPhotoBibs(db, photoIds);
  await tagByHand(db, raceId, photoIds, bibs);
}

/** Sets one photo's bibs to exactly these, as a person's tags. */
export async function setBibsByHand(db: Db, raceId: number, photoId: number, bibs: number[]): Promise<void> {
  await lockPhotoBibs(db, [photoId]);
  await db.delete(photoBibs).where(eq(photoBibs.photoId, photoId));
  await tagByHand(db, raceId, [photoId], bibs);
}

/** Bibs an import's photos.csv gives a photo; those it already has stay as they are. Returns the ones added. */
export async function tagFromImport(db: Db, raceId: number, photoId: number, bibs: number[]): Promise<number[]> {
  const existing = await db.select({ bib: photoBibs.bib }).from(photoBibs).where(eq(photoBibs.photoId, photoId));
  const have = new Set(existing.map((b) => b.bib));
  const missing = [...new Set(bibs)].filter((b) => !have.has(b));
  if (!missing.length) return [];
  await db.insert(photoBibs).values(missing.map((bib) => ({ photoId, raceId, bib, source: "import" as const })));
  await bibsTagged(db, raceId, missing);
  return missing;
}

/** Removes every bib of these photos, whoever tagged them. */
export async function untagPhotos(db: Db, photoIds: number[]): Promise<void> {
  await lockPhotoBibs(db, photoIds);
  if (photoIds.length) await db.delete(photoBibs).where(inArray(photoBibs.photoId, photoIds));
}

/** Recognition's tags of one photo: `auto` are tagged (a person's tag of the same number stays theirs), `withdrawn` removed if still automatic. */
export async function setAutoTags(
  db: Db,
  photo: { id: number; raceId: number },
  { auto, withdrawn }: { auto: { bib: number; confidence: number }[]; withdrawn: number[] },
): Promise<void> {
  for (const { bib, confidence } of auto) {
    await db
      .insert(photoBibs)
      .values({ photoId: photo.id, raceId: photo.raceId, bib, source: "auto", confidence })
      .onConflictDoUpdate({ target: [photoBibs.photoId, photoBibs.bib], set: { confidence }, setWhere: eq(photoBibs.source, "auto") });
  }
  if (withdrawn.length) await db.delete(photoBibs).where(and(eq(photoBibs.photoId, photo.id), eq(photoBibs.source, "auto"), inArray(photoBibs.bib, withdrawn)));
  await bibsTagged(
    db,
    photo.raceId,
    auto.map((a) => a.bib),
  );
}

/** Removes one automatic tag; false when the photo has no automatic tag of that number. */
export async function removeAutoTag(db: Db, photoId: number, bib: number): Promise<boolean> {
  const removed = await db
    .delete(photoBibs)
    .where(and(eq(photoBibs.photoId, photoId), eq(photoBibs.bib, bib), eq(photoBibs.source, "auto")))
    .returning({ bib: photoBibs.bib });
  return removed.length > 0;
}
