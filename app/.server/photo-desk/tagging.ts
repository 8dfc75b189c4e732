import type { MediaUrl } from "../catalog/index.ts";
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { formatInZone } from "../images/index.ts";
import { inTransaction, type Db, adminUsers, bibSuggestions, orderPhotos, photoBibs, photos, photoTags, races, tags } from "../db/index.ts";
import { DomainError } from "../errors.ts";
import { addBibsByHand, lockPhotos, setBibsByHand, untagPhotos } from "../tagging/index.ts";
import type { Storage } from "../storage/index.ts";
import { type Operator, audit, requireAdmin, requireRace } from "../staff/index.ts";
import type { RecognitionPort } from "./photo-progress.ts";
import { countsByRace } from "./photo-counts.ts";

export const TAGGING_WINDOW = 60;

export type TaggingQuery = { filter: "all" | "untagged" | "review"; after?: number; before?: number; from?: number; limit?: number };

export type TaggingPhoto = {
  id: number;
  frame: string;
  time: string;
  thumbUrl: string;
  mediumUrl: string;
  width: number;
  height: number;
  free: boolean;
  hidden: boolean;
  onSale: boolean;
  bibs: number[];
  tagIds: number[];
  /** Bib numbers recognition read but nobody confirmed yet, best first. */
  suggestions: { bib: number; confidence: number }[];
  /** Which of `bibs` recognition put there by itself (nobody confirmed them; each can be undone). */
  auto: { bib: number; confidence: number }[];
  /** Who is credited with it (their share of its sales); null when nobody is. */
  photographerId: number | null;
};

// Capture order (then file name) is the order a photographer shot the race in:
// consecutive frames usually show the same runners.
const sortKey = sql`(coalesce(${photos.takenAt}, 'infinity'::timestamptz), ${photos.frame}, ${photos.id})`;
const keyOf = (id: number) => sql`(select coalesce(p.taken_at, 'infinity'::timestamptz), p.frame, p.id from photos p where p.id = ${id})`;
const untagged = sql`not exists (select 1 from ${photoBibs} b where b.photo_id = ${photos.id})`;
// Photos where recognition read a number it was not sure enough of: Enter accepts what it suggests.
const toReview = sql`exists (select 1 from ${bibSuggestions} s where s.photo_id = ${photos.id} and s.status = 'pending')`;

async function photoRace(db: Db, op: Operator, photoId: number) {
  const [row] = await db.select({ raceId: photos.raceId }).from(photos).where(eq(photos.id, photoId));
  if (!row) throw new DomainError("NotFound", "photoNotFound");
  await requireRace(db, op, row.raceId);
  return row.raceId;
}

/**
 * A window of a race's photos for the tagging screen, walked with cursors
 * (`after`/`before` a photo id) rather than page numbers, so the "untagged"
 * filter still moves forward correctly while the photos it lists get tagged.
 */
export async function taggingWindow(db: Db, mediaUrl: MediaUrl, op: Operator, raceId: number, query: TaggingQuery) {
  await requireRace(db, op, raceId);
  const [race] = await db.select({ timezone: races.timezone }).from(races).where(eq(races.id, raceId));
  if (!race) throw new DomainError("NotFound", "notFound");
  const limit = Math.min(query.limit ?? TAGGING_WINDOW, 500);
  const conditions: SQL[] = [eq(photos.raceId, raceId)];
  if (query.filter === "untagged") conditions.push(untagged);
  if (query.filter === "review") conditions.push(toReview);
  const base = and(...conditions)!;
  const backwards = query.before !== undefined;
  const cursor =
    query.after !== undefined
      ? sql`${sortKey} > ${keyOf(query.after)}`
      : backwards
        ? sql`${sortKey} < ${keyOf(query.before!)}`
        : query.from !== undefined
          ? sql`${sortKey} >= ${keyOf(query.from)}`
          : undefined;
  const order = backwards
    ? [sql`${photos.takenAt} desc nulls first`, desc(photos.frame), desc(photos.id)]
    : [sql`${photos.takenAt} asc nulls last`, asc(photos.frame), asc(photos.id)];
  const rows = await db
    .select()
    .from(photos)
    .where(cursor ? and(base, cursor) : base)
    .orderBy(...order)
    .limit(limit + 1);
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  if (backwards) page.reverse();

  const ids = page.map((p) => p.id);
  const [bibRows, tagRows, suggestionRows] = ids.length
    ? await Promise.all([
        db.select().from(photoBibs).where(inArray(photoBibs.photoId, ids)).orderBy(asc(photoBibs.bib)),
        db.select().from(photoTags).where(inArray(photoTags.photoId, ids)),
        db
          .select()
          .from(bibSuggestions)
          .where(and(inArray(bibSuggestions.photoId, ids), eq(bibSuggestions.status, "pending")))
          .orderBy(desc(bibSuggestions.confidence)),
      ])
    : [[], [], []];

  const edge = async (direction: "before" | "after") => {
    if (!page.length) return false;
    const id = direction === "before" ? page[0].id : page[page.length - 1].id;
    const compare = direction === "before" ? sql`${sortKey} < ${keyOf(id)}` : sql`${sortKey} > ${keyOf(id)}`;
    const [row] = await db.select({ id: photos.id }).from(photos).where(and(base, compare)).limit(1);
    return Boolean(row);
  };

  const list: TaggingPhoto[] = page.map((p) => ({
    id: p.id,
    frame: p.frame,
    time: p.takenAt ? formatInZone(p.takenAt, race.timezone) : "",
    thumbUrl: mediaUrl(p.thumbKey),
    mediumUrl: mediaUrl(p.mediumKey),
    width: p.width,
    height: p.height,
    free: p.free,
    hidden: p.hidden,
    onSale: Boolean(p.saleArs || p.saleUsd),
    bibs: bibRows.filter((b) => b.photoId === p.id).map((b) => b.bib),
    tagIds: tagRows.filter((t) => t.photoId === p.id).map((t) => t.tagId),
    suggestions: suggestionRows.filter((s) => s.photoId === p.id).map((s) => ({ bib: s.bib, confidence: s.confidence })),
    auto: bibRows.filter((b) => b.photoId === p.id && b.source === "auto").map((b) => ({ bib: b.bib, confidence: b.confidence ?? 0 })),
    photographerId: p.photographerId,
  }));
  return {
    photos: list,
    // Who an admin may credit photos to: the accounts that take photos (photographers, and admins who shoot).
    photographers: op.role === "admin" ? await creditable(db) : [],
    hasPrevious: backwards ? more : await edge("before"),
    hasNext: backwards ? await edge("after") : more,
  };
}

export const tagPhotoSchema = z.object({
  bibs: z.array(z.number().int().positive().max(999_999_999)).max(50),
  tagIds: z.array(z.number().int().positive()).max(50),
});

/** Sets a photo's bibs and tags to exactly these (typed by an operator, so their source is "manual"). */
export async function tagPhoto(db: Db, op: Operator, photoId: number, input: z.input<typeof tagPhotoSchema>, recognition?: Pick<RecognitionPort, "settle">) {
  const { bibs, tagIds } = tagPhotoSchema.parse(input);
  const raceId = await photoRace(db, op, photoId);
  const unique = [...new Set(bibs)];
  const save = async (tx: Db) => {
    // A runner who pre-ordered gets this photo in their sale (a job, queued with these tags).
    await setBibsByHand(tx, raceId, photoId, unique);
    // Only this race's tags may be attached.
    const allowed = tagIds.length
      ? await tx
          .select({ id: tags.id })
          .from(tags)
          .where(and(eq(tags.raceId, raceId), inArray(tags.id, tagIds)))
      : [];
    await tx.delete(photoTags).where(eq(photoTags.photoId, photoId));
    if (allowed.length) await tx.insert(photoTags).values(allowed.map((t) => ({ photoId, tagId: t.id })));
  };
  // What the operator typed decides recognition's open suggestions for this photo (kept → accepted, others → rejected).
  await (recognition ? recognition.settle(photoId, unique, op.id, save) : inTransaction(db, save));
  await audit(db, op, "photo.tag", { raceId, photoId, bibs: unique, tagIds });
  const counts = (await countsByRace(db, [raceId])).get(raceId);
  return { photoId, bibs: unique.sort((a, b) => a - b), tagIds, tagged: counts?.tagged ?? 0, untagged: counts?.untagged ?? 0 };
}

/** The accounts photos can be credited to: photographers and admins, not disabled ones. */
async function creditable(db: Db): Promise<{ id: number; name: string }[]> {
  const rows = await db
    .select({ id: adminUsers.id, name: adminUsers.name, email: adminUsers.email })
    .from(adminUsers)
    .where(and(inArray(adminUsers.role, ["photographer", "admin"]), isNull(adminUsers.disabledAt)))
    .orderBy(asc(adminUsers.name), asc(adminUsers.email));
  return rows.map((r) => ({ id: r.id, name: r.name || r.email }));
}

/** No single photo sells for more than AR$ 1.000.000 (in minor units), so a cart's total always fits its column. */
export const MAX_PHOTO_PRICE = 100_000_000;

export const bulkSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("addBibs"), bibs: z.array(z.number().int().positive()).min(1).max(50) }),
  z.object({ action: z.literal("removeBibs") }),
  z.object({ action: z.enum(["addTag", "removeTag"]), tagId: z.number().int().positive() }),
  z.object({ action: z.literal("free"), free: z.boolean() }),
  z.object({
    action: z.literal("sale"),
    saleArs: z.number().int().nonnegative().max(MAX_PHOTO_PRICE).nullable(),
    saleUsd: z.number().int().nonnegative().max(MAX_PHOTO_PRICE).nullable(),
  }),
  z.object({ action: z.literal("hidden"), hidden: z.boolean() }),
  z.object({ action: z.literal("photographer"), photographerId: z.number().int().positive().nullable() }),
  z.object({ action: z.literal("delete") }),
]);
export type BulkAction = z.input<typeof bulkSchema>;

async function soldAmong(db: Db, photoIds: number[]): Promise<Set<number>> {
  return new Set((await db.selectDistinct({ id: orderPhotos.photoId }).from(orderPhotos).where(inArray(orderPhotos.photoId, photoIds))).map((r) => r.id));
}

/**
 * Deletes the photos nobody bought and hides the ones sold. The photos are
 * locked first, in id order: a checkout adding one of them either commits
 * before (the photo is then found sold and hidden) or waits and finds it gone.
 */
async function deleteUnsold(tx: Db, photoIds: number[]) {
  const locked = await lockPhotos(tx, photoIds, "update");
  if (!locked.length) return { deleted: [], hidden: 0 };
  const sold = await soldAmong(tx, locked);
  if (sold.size)
    await tx
      .update(photos)
      .set({ hidden: true })
      .where(inArray(photos.id, [...sold]));
  const doomed = locked.filter((id) => !sold.has(id));
  const deleted = doomed.length ? await tx.delete(photos).where(inArray(photos.id, doomed)).returning() : [];
  return { deleted, hidden: sold.size };
}

/** One change to many photos of a race (ids of other races are ignored). Sold photos are hidden, never deleted. */
export async function bulkPhotos(
  db: Db,
  storage: Storage,
  op: Operator,
  raceId: number,
  photoIds: number[],
  input: BulkAction,
  recognition?: Pick<RecognitionPort, "settle" | "confirm" | "forget">,
) {
  const action = bulkSchema.parse(input);
  // Prices are the shop's: a photographer tags and hides, never makes photos free or puts them on sale.
  // Who earns from a photo is the shop's call too.
  if (action.action === "free" || action.action === "sale" || action.action === "photographer") requireAdmin(op);
  await requireRace(db, op, raceId);
  if (!photoIds.length) throw new DomainError("Invalid", "noSelection");
  const targets = (
    await db
      .select({ id: photos.id })
      .from(photos)
      .where(and(eq(photos.raceId, raceId), inArray(photos.id, photoIds.slice(0, 5000))))
  ).map((r) => r.id);
  let deleted = 0;
  let hidden = 0;
  if (targets.length) {
    switch (action.action) {
      case "addBibs":
        // A person typed these numbers: an automatic tag of the same number becomes theirs.
        await (recognition
          ? recognition.confirm(targets, action.bibs, op.id, (tx) => addBibsByHand(tx, raceId, targets, action.bibs))
          : inTransaction(db, (tx) => addBibsByHand(tx, raceId, targets, action.bibs)));
        break;
      case "removeBibs":
        // Recognition's open readings of these photos are refused too, so a re-decision cannot bring them back.
        await (recognition ? recognition.settle(targets, [], op.id, (tx) => untagPhotos(tx, targets)) : untagPhotos(db, targets));
        break;
      case "addTag":
      case "removeTag": {
        const [tag] = await db
          .select({ id: tags.id })
          .from(tags)
          .where(and(eq(tags.id, action.tagId), eq(tags.raceId, raceId)));
        if (!tag) throw new DomainError("NotFound", "notFound");
        if (action.action === "addTag")
          await db
            .insert(photoTags)
            .values(targets.map((photoId) => ({ photoId, tagId: tag.id })))
            .onConflictDoNothing();
        else await db.delete(photoTags).where(and(eq(photoTags.tagId, tag.id), inArray(photoTags.photoId, targets)));
        break;
      }
      case "free":
        await db.update(photos).set({ free: action.free }).where(inArray(photos.id, targets));
        break;
      case "sale":
        await db.update(photos).set({ saleArs: action.saleArs, saleUsd: action.saleUsd }).where(inArray(photos.id, targets));
        break;
      case "hidden":
        await db.update(photos).set({ hidden: action.hidden }).where(inArray(photos.id, targets));
        break;
      case "photographer": {
        // Sales already split keep their split: the new photographer earns from the next sale on.
        if (action.photographerId !== null && !(await creditable(db)).some((a) => a.id === action.photographerId))
          throw new DomainError("Invalid", "notAPhotographer");
        await db.update(photos).set({ photographerId: action.photographerId }).where(inArray(photos.id, targets));
        break;
      }
      case "delete": {
        const remove = async () => {
          const gone = await inTransaction(db, (tx) => deleteUnsold(tx, targets));
          // Files go after the rows: a crash between leaves orphan files, never rows without files.
          for (const row of gone.deleted) {
            for (const key of [row.originalKey, row.thumbKey, row.mediumKey]) if (key) await storage.delete(key).catch(() => {});
          }
          deleted = gone.deleted.length;
          hidden = gone.hidden;
        };
        // Recognition forgets the photos unsold now; one sold meanwhile is hidden instead, under the lock above.
        const sold = await soldAmong(db, targets);
        const unsold = targets.filter((id) => !sold.has(id));
        await (recognition && unsold.length ? recognition.forget(unsold, remove) : remove());
        break;
      }
    }
  }
  await audit(db, op, "photo.bulk", { raceId, ...action, photoIds: targets });
  return { count: targets.length, deleted, hidden };
}
