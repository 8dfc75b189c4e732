import { and, asc, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { nearestInTime } from "../../domain/nearest-in-time.ts";
import { inTransaction, type Db, bibSuggestions, photoBibs, photos, type BibBox } from "../db/index.ts";
import { conflict, invalid, notFound } from "../errors.ts";
import { addBibsByHand, lockPhotoBibs, removeAutoTag, tagByHand } from "../tagging/index.ts";

export type ReviewItem = {
  id: number;
  photoId: number;
  photoPublicId: string;
  frame: string;
  takenAt: Date | null;
  bib: number;
  confidence: number;
  /** Where the number was read, in the original photo's pixels (suggestionCrop cuts it out). */
  box: BibBox;
  doubts: string[];
  /** A burst's suggestion: the frame of the same burst where this bib was read. */
  evidence: { photoId: number; frame: string } | null;
  /** A bib offered because another photo of the race is tagged with it (doubts longer-proven, proven): the one taken nearest in time. */
  provenIn: { photoId: number; frame: string } | null;
};

/** Doubts that say another photo of the race is tagged with the suggested bib (decide.ts). */
const PROVEN_ELSEWHERE = ["longer-proven", "proven"];

/** For each suggestion of `items` offered on another photo's tag, that photo: the race's one with the bib taken nearest in time. */
async function provingPhotos(db: Db, raceId: number, items: { id: number; photoId: number; bib: number; takenAt: Date | null; doubts: string[] }[]) {
  const asked = items.filter((i) => i.doubts.some((d) => PROVEN_ELSEWHERE.includes(d)));
  const found = new Map<number, { photoId: number; frame: string }>();
  if (!asked.length) return found;
  const tagged = await db
    .select({ bib: photoBibs.bib, photoId: photos.id, frame: photos.frame, takenAt: photos.takenAt })
    .from(photoBibs)
    .innerJoin(photos, eq(photos.id, photoBibs.photoId))
    .where(and(eq(photoBibs.raceId, raceId), inArray(photoBibs.bib, [...new Set(asked.map((i) => i.bib))])));
  for (const item of asked) {
    const nearest = nearestInTime(
      tagged.filter((t) => t.bib === item.bib && t.photoId !== item.photoId),
      item.takenAt,
    );
    if (nearest) found.set(item.id, { photoId: nearest.photoId, frame: nearest.frame });
  }
  return found;
}

/** The photos table again, as the frame that proved a burst suggestion. */
export const evidencePhotos = alias(photos, "evidence_photos");

/**
 * A race's pending suggestions in shooting order (consecutive frames show
 * the same runners), best first within a photo. Decided items leave the
 * queue, so asking again for the first `limit` walks it.
 */
export async function reviewQueue(db: Db, raceId: number, { limit = 50, offset = 0 } = {}): Promise<{ items: ReviewItem[]; total: number }> {
  const where = and(eq(bibSuggestions.raceId, raceId), eq(bibSuggestions.status, "pending"));
  const rows = await db
    .select({ s: bibSuggestions, publicId: photos.publicId, frame: photos.frame, takenAt: photos.takenAt, evidenceFrame: evidencePhotos.frame })
    .from(bibSuggestions)
    .innerJoin(photos, eq(photos.id, bibSuggestions.photoId))
    .leftJoin(evidencePhotos, eq(evidencePhotos.id, bibSuggestions.evidencePhotoId))
    .where(where)
    .orderBy(sql`${photos.takenAt} asc nulls last`, asc(photos.frame), asc(photos.id), desc(bibSuggestions.confidence))
    .limit(Math.min(Math.max(limit, 1), 500))
    .offset(Math.max(offset, 0));
  const [{ total }] = await db.select({ total: count() }).from(bibSuggestions).where(where);
  const proving = await provingPhotos(
    db,
    raceId,
    rows.map(({ s, takenAt }) => ({ ...s, takenAt })),
  );
  return {
    total,
    items: rows.map(({ s, publicId, frame, takenAt, evidenceFrame }) => ({
      id: s.id,
      photoId: s.photoId,
      photoPublicId: publicId,
      frame,
      takenAt,
      bib: s.bib,
      confidence: s.confidence,
      box: s.box,
      doubts: s.doubts,
      evidence: s.evidencePhotoId !== null && evidenceFrame !== null ? { photoId: s.evidencePhotoId, frame: evidenceFrame } : null,
      provenIn: proving.get(s.id) ?? null,
    })),
  };
}

/**
 * A race's automatic tags, least certain first, for spot checks (each can be
 * undone); `inPass`: tagged though unsure because another frame of the same
 * pass is tagged with the bib (decide.ts withTagInPass).
 */
export async function autoTags(db: Db, raceId: number, { limit = 50, offset = 0 } = {}) {
  const where = and(eq(bibSuggestions.raceId, raceId), eq(bibSuggestions.status, "auto"));
  const rows = await db
    .select({
      id: bibSuggestions.id,
      photoId: bibSuggestions.photoId,
      frame: photos.frame,
      bib: bibSuggestions.bib,
      confidence: bibSuggestions.confidence,
      box: bibSuggestions.box,
      doubts: bibSuggestions.doubts,
    })
    .from(bibSuggestions)
    .innerJoin(photos, eq(photos.id, bibSuggestions.photoId))
    .where(where)
    .orderBy(asc(bibSuggestions.confidence), asc(bibSuggestions.id))
    .limit(Math.min(Math.max(limit, 1), 500))
    .offset(Math.max(offset, 0));
  const [{ total }] = await db.select({ total: count() }).from(bibSuggestions).where(where);
  return { items: rows.map(({ doubts, ...row }) => ({ ...row, inPass: doubts.includes("in-pass") })), total };
}

/** The race of a suggestion, so the back office can check the operator may work on it. */
export async function raceOfSuggestion(db: Db, id: number): Promise<number | undefined> {
  const [row] = await db.select({ raceId: bibSuggestions.raceId }).from(bibSuggestions).where(eq(bibSuggestions.id, id));
  return row?.raceId;
}

async function pendingSuggestion(db: Db, id: number) {
  const [s] = await db.select().from(bibSuggestions).where(eq(bibSuggestions.id, id));
  if (!s) throw notFound();
  if (s.status !== "pending") throw conflict();
  return s;
}

/**
 * Marks a suggestion decided if it still waits: two people deciding it at
 * once (two tabs, two operators) get one decision, the other a Conflict that
 * rolls back its transaction.
 */
async function decideOnce(tx: Db, id: number, values: ReturnType<typeof decided>) {
  const rows = await tx
    .update(bibSuggestions)
    .set(values)
    .where(and(eq(bibSuggestions.id, id), eq(bibSuggestions.status, "pending")))
    .returning({ id: bibSuggestions.id });
  if (!rows.length) throw conflict();
}

const decided = (status: "accepted" | "corrected" | "rejected" | "undone", by: number | undefined, correctedBib: number | null = null) => ({
  status,
  correctedBib,
  decidedBy: by ?? null,
  decidedAt: new Date(),
});

const sameBox = (a: BibBox, b: BibBox) => a.cx === b.cx && a.cy === b.cy && a.width === b.width && a.height === b.height && a.angle === b.angle;

/**
 * A person picked `bib` for the number suggestion `s` was read from: the
 * photo's other open suggestions from the same box (the candidates a short,
 * cut or unstable reading came with) are settled too, so nobody decides the
 * same number twice: the picked bib accepted, the others rejected, an
 * automatic tag among them undone. Returns how many.
 */
async function settleAlternatives(tx: Db, s: typeof bibSuggestions.$inferSelect, bib: number, by: number | undefined) {
  const open = await tx
    .select()
    .from(bibSuggestions)
    .where(and(eq(bibSuggestions.photoId, s.photoId), inArray(bibSuggestions.status, ["pending", "auto"]), ne(bibSuggestions.id, s.id)));
  const alternatives = open.filter((o) => sameBox(o.box, s.box));
  for (const o of alternatives) {
    if (o.bib === bib) {
      await tx.update(bibSuggestions).set(decided("accepted", by)).where(eq(bibSuggestions.id, o.id));
      continue;
    }
    if (o.status === "auto") await removeAutoTag(tx, o.photoId, o.bib);
    await tx
      .update(bibSuggestions)
      .set(decided(o.status === "auto" ? "undone" : "rejected", by))
      .where(eq(bibSuggestions.id, o.id));
  }
  return alternatives.length;
}

/**
 * A person's number for the reading `s` (its own: accepted; another: corrected)
 * put on the photo, with the reading's alternatives. The photo's row is taken
 * first, as the tagging desk's save takes it: one waits for the other.
 */
function decideNumber(db: Db, s: typeof bibSuggestions.$inferSelect, bib: number, by: number | undefined) {
  return inTransaction(db, async (tx) => {
    await lockPhotoBibs(tx, [s.photoId]);
    await decideOnce(tx, s.id, bib === s.bib ? decided("accepted", by) : decided("corrected", by, bib));
    await tagByHand(tx, s.raceId, [s.photoId], [bib]);
    return settleAlternatives(tx, s, bib, by);
  });
}

/** Enter on the review screen: the suggested number is right. */
export async function acceptSuggestion(db: Db, id: number, by?: number) {
  const s = await pendingSuggestion(db, id);
  const alternatives = await decideNumber(db, s, s.bib, by);
  return { photoId: s.photoId, bib: s.bib, alternatives };
}

/** The operator typed the right number instead. */
export async function correctSuggestion(db: Db, id: number, bib: number, by?: number) {
  if (!Number.isInteger(bib) || bib <= 0 || bib > 999_999) throw invalid("invalidRunner");
  const s = await pendingSuggestion(db, id);
  if (bib === s.bib) return acceptSuggestion(db, id, by);
  const alternatives = await decideNumber(db, s, bib, by);
  return { photoId: s.photoId, bib, alternatives };
}

/**
 * Not a bib of this photo; it will not be suggested again. `alongside` writes
 * what follows from it (runners' claims of the number turned down) in the same
 * transaction: both or neither.
 */
export async function rejectSuggestion(db: Db, id: number, by?: number, alongside?: Alongside) {
  const s = await pendingSuggestion(db, id);
  const rejected = { photoId: s.photoId, bib: s.bib };
  await inTransaction(db, async (tx) => {
    await decideOnce(tx, id, decided("rejected", by));
    await alongside?.(tx, rejected);
  });
  return rejected;
}

/** Writes that follow from a person's decision on a reading, made with it. */
export type Alongside = (tx: Db, reading: { photoId: number; bib: number }) => Promise<unknown>;

/** Removes an automatic tag; recognition will not put it back. */
export async function undoAutoTag(db: Db, photoId: number, bib: number, by?: number) {
  return inTransaction(db, async (tx) => {
    if (!(await removeAutoTag(tx, photoId, bib))) throw notFound();
    await tx
      .update(bibSuggestions)
      .set(decided("undone", by))
      .where(and(eq(bibSuggestions.photoId, photoId), eq(bibSuggestions.bib, bib)));
    return { photoId, bib };
  });
}

/**
 * After an operator saved a photo's bibs by hand (the tagging desk), its open
 * suggestions are settled: numbers kept count as accepted, the others as
 * rejected, so the queue does not ask about that photo again; a number a
 * person had confirmed and now took away is undone (it proves nothing to the
 * photo's burst any more). Several photos at once when a bulk action gave
 * them all the same bibs (none: bibs removed).
 */
export async function settleSuggestions(db: Db, photoIds: number | number[], bibs: number[], by?: number) {
  const ids = Array.isArray(photoIds) ? photoIds : [photoIds];
  if (!ids.length) return { accepted: 0, rejected: 0 };
  const earlier = await db
    .select({ id: bibSuggestions.id, bib: bibSuggestions.bib, corrected: bibSuggestions.correctedBib, status: bibSuggestions.status })
    .from(bibSuggestions)
    .where(and(inArray(bibSuggestions.photoId, ids), inArray(bibSuggestions.status, ["pending", "auto", "accepted", "corrected"])));
  const open = earlier.filter((s) => s.status === "pending" || s.status === "auto");
  const kept = open.filter((s) => bibs.includes(s.bib)).map((s) => s.id);
  const dropped = open.filter((s) => !bibs.includes(s.bib)).map((s) => s.id);
  const takenBack = earlier.filter((s) => (s.status === "accepted" || s.status === "corrected") && !bibs.includes(s.corrected ?? s.bib)).map((s) => s.id);
  // Each only while still as read: a reading someone decided meanwhile in the review queue keeps their decision.
  const stillOpen = inArray(bibSuggestions.status, ["pending", "auto"]);
  const accepted = kept.length
    ? await db
        .update(bibSuggestions)
        .set(decided("accepted", by))
        .where(and(inArray(bibSuggestions.id, kept), stillOpen))
        .returning({ id: bibSuggestions.id })
    : [];
  const rejected = dropped.length
    ? await db
        .update(bibSuggestions)
        .set(decided("rejected", by))
        .where(and(inArray(bibSuggestions.id, dropped), stillOpen))
        .returning({ id: bibSuggestions.id })
    : [];
  // Not decided("undone"): a corrected suggestion keeps the number the person had typed.
  if (takenBack.length)
    await db
      .update(bibSuggestions)
      .set({ status: "undone", decidedBy: by ?? null, decidedAt: new Date() })
      .where(and(inArray(bibSuggestions.id, takenBack), inArray(bibSuggestions.status, ["accepted", "corrected"])));
  return { accepted: accepted.length, rejected: rejected.length };
}

/**
 * A person added these bibs to these photos (a bulk action): recognition's
 * open suggestions of those numbers are accepted; its other suggestions stay
 * open, since nobody looked at them.
 */
export async function confirmBibs(db: Db, photoIds: number[], bibs: number[], by?: number) {
  if (!photoIds.length || !bibs.length) return { accepted: 0 };
  const rows = await db
    .update(bibSuggestions)
    .set(decided("accepted", by))
    .where(and(inArray(bibSuggestions.photoId, photoIds), inArray(bibSuggestions.bib, bibs), inArray(bibSuggestions.status, ["pending", "auto"])))
    .returning({ id: bibSuggestions.id });
  return { accepted: rows.length };
}

/**
 * A person put `bib` on one photo outside the review queue (a runner's claim
 * confirmed): their tag, and recognition's open suggestions of that number
 * there accepted.
 */
export async function confirmTag(db: Db, photoId: number, bib: number, by?: number) {
  const [photo] = await db.select({ raceId: photos.raceId }).from(photos).where(eq(photos.id, photoId));
  if (!photo) throw notFound();
  await inTransaction(db, async (tx) => {
    await addBibsByHand(tx, photo.raceId, [photoId], [bib]);
    await confirmBibs(tx, [photoId], [bib], by);
  });
  return { photoId, bib };
}
