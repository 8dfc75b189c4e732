import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { runnerNumberField } from "../../domain/fields.ts";
import { nearestInTime } from "../../domain/nearest-in-time.ts";
import { photoShown } from "../catalog/index.ts";
import { bibSuggestions, type Db, inTransaction, photoBibs, photoClaims, photos, races } from "../db/index.ts";
import { conflict, DomainError, invalid, notFound } from "../errors.ts";
import { registeredAmong } from "../recognition/index.ts";

/** Numbers runners may say are in one photo while nobody has looked: a crowd's frame, not a script's list. */
export const CLAIMS_PER_PHOTO = 10;

export const claimInput = z.object({
  slug: z.string().regex(/^[a-z0-9-]{1,100}$/),
  photo: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  n: runnerNumberField,
});
export type ClaimInput = z.input<typeof claimInput>;

/**
 * What became of a runner's word: `pending` (it waits for a person; their
 * number's search shows the photo as "might be you" meanwhile), `tagged` (the
 * photo is already among theirs) or `declined` (a person already looked and
 * said the number is not in it).
 */
export type ClaimOutcome = { status: "success"; claim: "pending" | "tagged" | "declined"; n: number };

/** A published race's visible photo, by the ids a visitor sees. */
async function shownPhoto(db: Db, slug: string, publicId: string) {
  const [row] = await db
    .select({ id: photos.id, raceId: races.id })
    .from(photos)
    .innerJoin(races, eq(races.id, photos.raceId))
    .where(and(eq(races.slug, slug), eq(races.status, "published"), eq(photos.publicId, publicId), photoShown()));
  if (!row) throw notFound("photoNotFound");
  return row;
}

/** A runner says they are in a photo, with their number ("this is me"); `raw` as sent (ClaimInput), checked here. */
export async function claimPhoto(db: Db, raw: unknown): Promise<ClaimOutcome> {
  const parsed = claimInput.safeParse(raw);
  if (!parsed.success) throw invalid(parsed.error.issues.some((i) => i.path[0] === "n") ? "invalidRunner" : "invalid");
  const { slug, photo: publicId, n } = parsed.data;
  const photo = await shownPhoto(db, slug, publicId);
  // A race with a start list takes only its registered numbers: a typo is told at once, not left for a person.
  const registered = await registeredAmong(db, photo.raceId, [n]);
  if (registered.size > 0 && !registered.has(n)) throw invalid("claimNotRegistered", { n });
  return inTransaction(db, async (tx) => {
    const [tagged] = await tx
      .select({ bib: photoBibs.bib })
      .from(photoBibs)
      .where(and(eq(photoBibs.photoId, photo.id), eq(photoBibs.bib, n)));
    if (tagged) return { status: "success", claim: "tagged", n };
    const [earlier] = await tx
      .select({ id: photoClaims.id, status: photoClaims.status })
      .from(photoClaims)
      .where(and(eq(photoClaims.photoId, photo.id), eq(photoClaims.bib, n)));
    if (earlier?.status === "rejected") return { status: "success", claim: "declined", n };
    // Confirmed once, its tag since taken off by someone: a person looks again.
    if (earlier?.status === "accepted")
      await tx.update(photoClaims).set({ status: "pending", decidedBy: null, decidedAt: null }).where(eq(photoClaims.id, earlier.id));
    if (earlier) return { status: "success", claim: "pending", n };
    const [{ waiting }] = await tx
      .select({ waiting: count() })
      .from(photoClaims)
      .where(and(eq(photoClaims.photoId, photo.id), eq(photoClaims.status, "pending")));
    if (waiting >= CLAIMS_PER_PHOTO) throw new DomainError("TooMany", "claimsFull");
    // Two runners' words on the same number at once: the second finds the first's row.
    await tx.insert(photoClaims).values({ photoId: photo.id, raceId: photo.raceId, bib: n }).onConflictDoNothing();
    return { status: "success", claim: "pending", n };
  });
}

/**
 * A pending claim whose photo is not yet tagged with its number (a tag by any hand answers it), and not
 * beside recognition's own reading of that number there waiting in the review queue: the screen shows it
 * on that reading (claimsBacking), where one answer settles both.
 */
const open = (raceId: number) =>
  and(
    eq(photoClaims.raceId, raceId),
    eq(photoClaims.status, "pending"),
    sql`not exists (select 1 from ${photoBibs} where ${photoBibs.photoId} = ${photoClaims.photoId} and ${photoBibs.bib} = ${photoClaims.bib})`,
    sql`not exists (select 1 from ${bibSuggestions} where ${bibSuggestions.photoId} = ${photoClaims.photoId} and ${bibSuggestions.bib} = ${photoClaims.bib} and ${bibSuggestions.status} = 'pending')`,
  );

type Reading = { photoId: number; bib: number };
const readingKey = (r: Reading) => `${r.photoId}:${r.bib}`;

/** Which of these readings (a photo and a number) a runner has also claimed, waiting for a person. */
export async function claimsBacking(db: Db, readings: Reading[]): Promise<(reading: Reading) => boolean> {
  if (!readings.length) return () => false;
  const rows = await db
    .select({ photoId: photoClaims.photoId, bib: photoClaims.bib })
    .from(photoClaims)
    .where(
      and(
        inArray(photoClaims.photoId, [...new Set(readings.map((r) => r.photoId))]),
        inArray(photoClaims.bib, [...new Set(readings.map((r) => r.bib))]),
        eq(photoClaims.status, "pending"),
      ),
    );
  const claimed = new Set(rows.map(readingKey));
  return (reading) => claimed.has(readingKey(reading));
}

/** A person looked at the photo and said the number is not in it (its reading turned down): runners' claims of it are answered so. */
export async function declineClaims(db: Db, photoId: number, bib: number, by: number | undefined): Promise<number> {
  const rows = await db
    .update(photoClaims)
    .set({ status: "rejected", decidedBy: by ?? null, decidedAt: new Date() })
    .where(and(eq(photoClaims.photoId, photoId), eq(photoClaims.bib, bib), eq(photoClaims.status, "pending")))
    .returning({ id: photoClaims.id });
  return rows.length;
}

export type PendingClaim = {
  id: number;
  photoId: number;
  frame: string;
  thumbKey: string | null;
  takenAt: Date | null;
  bib: number;
  createdAt: Date;
  /** A photo of the race already tagged with the number, the nearest in time: the runner's look to compare. */
  seenIn: { photoId: number; frame: string; thumbKey: string | null } | null;
};

/** The race's claims waiting for a person, oldest first. */
export async function pendingClaims(db: Db, raceId: number, { limit = 40 } = {}): Promise<{ total: number; items: PendingClaim[] }> {
  const rows = await db
    .select({
      id: photoClaims.id,
      photoId: photoClaims.photoId,
      bib: photoClaims.bib,
      createdAt: photoClaims.createdAt,
      frame: photos.frame,
      thumbKey: photos.thumbKey,
      takenAt: photos.takenAt,
    })
    .from(photoClaims)
    .innerJoin(photos, eq(photos.id, photoClaims.photoId))
    .where(open(raceId))
    .orderBy(asc(photoClaims.createdAt), asc(photoClaims.id))
    .limit(Math.min(Math.max(limit, 1), 200));
  const [{ total }] = await db.select({ total: count() }).from(photoClaims).where(open(raceId));
  const bibs = [...new Set(rows.map((r) => r.bib))];
  const tagged = bibs.length
    ? await db
        .select({ bib: photoBibs.bib, photoId: photos.id, frame: photos.frame, thumbKey: photos.thumbKey, takenAt: photos.takenAt })
        .from(photoBibs)
        .innerJoin(photos, eq(photos.id, photoBibs.photoId))
        .where(and(eq(photoBibs.raceId, raceId), inArray(photoBibs.bib, bibs), photoShown()))
    : [];
  const items = rows.map((r) => {
    const nearest = nearestInTime(
      tagged.filter((t) => t.bib === r.bib),
      r.takenAt,
    );
    return { ...r, seenIn: nearest ? { photoId: nearest.photoId, frame: nearest.frame, thumbKey: nearest.thumbKey } : null };
  });
  return { total, items };
}

/** The race of a claim, so the back office can check the operator may decide it. */
export async function raceOfClaim(db: Db, id: number): Promise<number | undefined> {
  const [row] = await db.select({ raceId: photoClaims.raceId }).from(photoClaims).where(eq(photoClaims.id, id));
  return row?.raceId;
}

/**
 * A person's word on a runner's claim: `tag` puts the number on the photo
 * (as a person's tag, which reaches the photo's burst) once the claim is
 * marked accepted; a claim refused is not offered again for that number.
 * Marked first, so that two people answering at once get one answer (the
 * other a Conflict, nothing written); a tag that fails puts the question
 * back (and a claim accepted whose tag is missing is asked again when the
 * runner says it again: claimPhoto).
 */
export async function decideClaim(
  db: Db,
  id: number,
  accept: boolean,
  by: number | undefined,
  tag: (photoId: number, bib: number) => Promise<void>,
): Promise<{ photoId: number; bib: number }> {
  const [claim] = await db.select().from(photoClaims).where(eq(photoClaims.id, id));
  if (!claim) throw notFound("claimGone");
  if (claim.status !== "pending") throw conflict("claimDecided");
  const decided = await db
    .update(photoClaims)
    .set({ status: accept ? "accepted" : "rejected", decidedBy: by ?? null, decidedAt: new Date() })
    .where(and(eq(photoClaims.id, id), eq(photoClaims.status, "pending")))
    .returning({ id: photoClaims.id });
  // Another person answered it meanwhile.
  if (!decided.length) throw conflict("claimDecided");
  if (accept)
    await tag(claim.photoId, claim.bib).catch(async (error) => {
      await db.update(photoClaims).set({ status: "pending", decidedBy: null, decidedAt: null }).where(eq(photoClaims.id, id));
      throw error;
    });
  return { photoId: claim.photoId, bib: claim.bib };
}
