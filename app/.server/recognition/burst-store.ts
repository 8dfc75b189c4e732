import { and, asc, between, eq, inArray, notInArray, type SQL, sql } from "drizzle-orm";
import { type Db, bibSuggestions, photoBibs, photoRecognitions, photos } from "../db/index.ts";
import {
  BURST_SECONDS,
  burstSuggestions,
  cutInBurst,
  inOneBurst,
  passSuggestions,
  provenAround,
  SAME_PASS_MS,
  type BurstFrame,
  type SeenInBurst,
} from "./bursts.ts";
import type { RotatedRect } from "./geometry.ts";

/** Readings a bib is proven by: tagged on their own, or by a person who looked. */
const PROVING = ["auto", "accepted", "corrected"] as const;

/**
 * The race of `photoId` and the frames its camera took within `span` ms of it
 * (itself included), with what each is known to show: the frames a burst or a
 * pass can join (a busy photo point's other photographers shoot as many).
 */
async function framesAround(db: Db, photoId: number, span: number): Promise<{ raceId: number; frames: BurstFrame[] }> {
  const [photo] = await db
    .select({ raceId: photos.raceId, takenAt: photos.takenAt, camera: photoRecognitions.camera })
    .from(photos)
    .leftJoin(photoRecognitions, eq(photoRecognitions.photoId, photos.id))
    .where(eq(photos.id, photoId));
  if (!photo?.takenAt) return { raceId: photo?.raceId ?? 0, frames: [] };
  const rows = await db
    .select({
      photoId: photos.id,
      frame: photos.frame,
      camera: photos.camera,
      takenAt: photos.takenAt,
      width: photoRecognitions.frameWidth,
      height: photoRecognitions.frameHeight,
      signature: photoRecognitions.signature,
    })
    .from(photos)
    .innerJoin(photoRecognitions, eq(photoRecognitions.photoId, photos.id))
    .where(
      and(
        eq(photos.raceId, photo.raceId),
        between(photos.takenAt, new Date(photo.takenAt.getTime() - span), new Date(photo.takenAt.getTime() + span)),
        eq(photoRecognitions.status, "done"),
        // The camera as the readings' trigger keyed it (migration 0019; bursts.ts cameraKey tells frames apart again).
        photo.camera === null ? undefined : eq(photoRecognitions.camera, photo.camera),
      ),
    )
    .orderBy(sql`abs(extract(epoch from ${photos.takenAt} - ${photo.takenAt.toISOString()}::timestamptz))`, asc(photos.id))
    .limit(400);
  if (rows.length < 2) return { raceId: photo.raceId, frames: [] };
  const ids = rows.map((r) => r.photoId);
  const suggestions = await db
    .select({
      photoId: bibSuggestions.photoId,
      bib: bibSuggestions.bib,
      corrected: bibSuggestions.correctedBib,
      status: bibSuggestions.status,
      box: bibSuggestions.box,
      evidence: bibSuggestions.evidencePhotoId,
    })
    .from(bibSuggestions)
    .where(inArray(bibSuggestions.photoId, ids));
  const tags = await db.select({ photoId: photoBibs.photoId, bib: photoBibs.bib }).from(photoBibs).where(inArray(photoBibs.photoId, ids));
  const frames = rows.map((r) => {
    const mine = suggestions.filter((s) => s.photoId === r.photoId);
    return {
      ...r,
      signature: r.signature ? new Uint8Array(Buffer.from(r.signature, "base64")) : null,
      // A burst suggestion someone accepted is proof of the person, not of the frame's pixels: it does not spread further.
      proven: mine
        .filter((s) => (PROVING as readonly string[]).includes(s.status) && s.evidence === null)
        .map((s) => ({ bib: s.corrected ?? s.bib, box: s.box as RotatedRect, auto: s.status === "auto" })),
      known: new Set([...mine.flatMap((s) => [s.bib, s.corrected ?? s.bib]), ...tags.filter((t) => t.photoId === r.photoId).map((t) => t.bib)]),
    };
  });
  return { raceId: photo.raceId, frames };
}

/**
 * Once a photo is decided: offers the bibs of its burst to the frames that lack
 * them (and its own to its neighbours), and the bibs tagged in a frame before
 * and one after a frame of the same pass to it (bursts.ts passSuggestions), as
 * pending review suggestions naming the frame that proved them; and names the
 * frames whose automatic tags turn out to be one of this photo's bibs less a
 * digit, at the same place (decided before this photo proved the longer bib,
 * they are to be decided again), with the photo's race to decide them in.
 */
export async function proposeBursts(db: Db, photoId: number): Promise<{ raceId: number; proposed: number; cut: number[] }> {
  // A frame this photo can be one side of a pass for, with the whole of its pass around it.
  const { raceId, frames } = await framesAround(db, photoId, 2 * SAME_PASS_MS);
  const at = frames.find((f) => f.photoId === photoId)?.takenAt?.getTime();
  const inMyPass = frames.filter((f) => at !== undefined && f.takenAt && Math.abs(f.takenAt.getTime() - at) <= SAME_PASS_MS);
  // Only suggestions that touch this photo: the rest of the burst was looked at when its own frames were read.
  // A burst's come first: where both offer a bib, the burst knows the runner's place in the frame.
  const wanted = [...burstSuggestions(frames).filter((s) => s.photoId === photoId || s.evidencePhotoId === photoId), ...passSuggestions(frames, inMyPass)];
  let proposed = 0;
  for (const s of wanted) {
    const inserted = await db
      .insert(bibSuggestions)
      .values({
        photoId: s.photoId,
        raceId,
        bib: s.bib,
        confidence: s.confidence,
        box: s.box,
        doubts: [s.doubt],
        status: "pending",
        evidencePhotoId: s.evidencePhotoId,
      })
      .onConflictDoNothing()
      .returning({ id: bibSuggestions.id });
    proposed += inserted.length;
  }
  return { raceId, proposed, cut: cutByBurst(frames, photoId) };
}

function cutByBurst(frames: BurstFrame[], photoId: number): number[] {
  const me = frames.find((f) => f.photoId === photoId);
  if (!me?.proven.length) return [];
  return frames
    .filter((other) => inOneBurst(me, other))
    .filter((other) => {
      const around = provenAround([me, other], other);
      return other.proven.some((tag) => tag.auto && cutInBurst(tag.bib, tag.box, around, other));
    })
    .map((other) => other.photoId);
}

/** The bibs proven in the other frames of a photo's burst where the same runner stands (decidePhoto's `burst`). */
export async function provenNearby(db: Db, photoId: number): Promise<SeenInBurst[]> {
  const { frames } = await framesAround(db, photoId, BURST_SECONDS * 1000);
  const me = frames.find((f) => f.photoId === photoId);
  return me ? provenAround(frames, me) : [];
}

/**
 * Withdraws the open burst and pass suggestions that `photoIds` no longer prove
 * (decided again: a tag gone to scenery, or found to be a longer bib with a digit
 * covered; or a person took the bib away): those naming one of them, and a
 * pass's around them whose bib is no longer tagged both before and after it.
 * Returns how many went.
 */
export async function withdrawUnproven(db: Db, photoIds: number[]): Promise<number> {
  let withdrawn = 0;
  // A whole race decided again names every photo: a statement binds at most 65,535 values.
  for (let i = 0; i < photoIds.length; i += WITHDRAW_CHUNK) withdrawn += await withdrawUnprovenBy(db, photoIds.slice(i, i + WITHDRAW_CHUNK));
  return withdrawn;
}

const WITHDRAW_CHUNK = 5_000;

async function withdrawUnprovenBy(db: Db, photoIds: number[]): Promise<number> {
  const proving = valueList(PROVING);
  const withdrawn = await db
    .delete(bibSuggestions)
    .where(
      and(
        eq(bibSuggestions.status, "pending"),
        inArray(bibSuggestions.evidencePhotoId, photoIds),
        sql`not exists (select 1 from bib_suggestions p where p.photo_id = ${bibSuggestions.evidencePhotoId} and p.evidence_photo_id is null
        and p.status in (${proving}) and coalesce(p.corrected_bib, p.bib) = ${bibSuggestions.bib})`,
      ),
    )
    .returning({ id: bibSuggestions.id });
  return withdrawn.length + (await withdrawUnbracketed(db, photoIds, proving));
}

/**
 * A pass's suggestions in frames within SAME_PASS_MS of `photoIds` whose bib no
 * longer has a proving frame on both sides (bursts.ts passSuggestions' rule).
 */
async function withdrawUnbracketed(db: Db, photoIds: number[], proving: SQL): Promise<number> {
  const pass = sql.raw(`interval '${SAME_PASS_MS} milliseconds'`);
  // A proving frame of the suggestion's bib, by its frame's camera, within a pass on one side of it (`side`: < or >).
  const provedOn = (side: SQL) => sql`exists (
    select 1 from bib_suggestions e
    join photos ep on ep.id = e.photo_id
    join photo_recognitions er on er.photo_id = e.photo_id
    where e.race_id = ${bibSuggestions.raceId} and e.evidence_photo_id is null and e.status in (${proving})
      and coalesce(e.corrected_bib, e.bib) = ${bibSuggestions.bib}
      and er.camera is not distinct from me.camera
      and ep.taken_at ${side} mp.taken_at and ep.taken_at between mp.taken_at - ${pass} and mp.taken_at + ${pass})`;
  const changed = valueList(photoIds);
  const withdrawn = await db
    .delete(bibSuggestions)
    .where(
      and(
        sql`${bibSuggestions.raceId} in (select race_id from photos where id in (${changed}))`,
        eq(bibSuggestions.status, "pending"),
        sql`${bibSuggestions.doubts} ? 'pass-between'`,
        sql`exists (
          select 1 from photos mp join photo_recognitions me on me.photo_id = mp.id, photos changed
          where mp.id = ${bibSuggestions.photoId} and changed.id in (${changed})
            and changed.race_id = mp.race_id and changed.taken_at between mp.taken_at - ${pass} and mp.taken_at + ${pass}
            and not (${provedOn(sql.raw("<"))} and ${provedOn(sql.raw(">"))}))`,
      ),
    )
    .returning({ id: bibSuggestions.id });
  return withdrawn.length;
}

/**
 * What other frames stand on in photos about to be deleted: the open burst and
 * pass suggestions naming one of them, the frames within a pass of them, and
 * when they were taken. Read before the rows go: the foreign key then clears
 * the name, and a suggestion would pass for one read in its own photo.
 */
export type Leaning = { naming: { id: number; photoId: number }[]; around: number[]; taken: { raceId: number; takenAt: Date | null }[] };

export async function leaningOn(db: Db, photoIds: number[]): Promise<Leaning> {
  if (!photoIds.length) return { naming: [], around: [], taken: [] };
  const naming = await db
    .select({ id: bibSuggestions.id, photoId: bibSuggestions.photoId })
    .from(bibSuggestions)
    .where(and(eq(bibSuggestions.status, "pending"), inArray(bibSuggestions.evidencePhotoId, photoIds)));
  const taken = await db.select({ raceId: photos.raceId, takenAt: photos.takenAt }).from(photos).where(inArray(photos.id, photoIds));
  if (!taken.length) return { naming: [], around: [], taken };
  const pass = sql.raw(`interval '${SAME_PASS_MS} milliseconds'`);
  // Spelled out: inside a raw subquery Drizzle would print bare column names, which bind to the subquery's own table.
  const outer = sql.raw(`"photos"`);
  const around = await db
    .select({ id: photos.id })
    .from(photos)
    .where(
      and(
        inArray(photos.raceId, [...new Set(taken.map((t) => t.raceId))]),
        notInArray(photos.id, photoIds),
        sql`exists (select 1 from photos d where d.id in (${valueList(photoIds)})
          and d.race_id = ${outer}.race_id and ${outer}.taken_at between d.taken_at - ${pass} and d.taken_at + ${pass})`,
      ),
    );
  const doomed = new Set(photoIds);
  return { naming: naming.filter((n) => !doomed.has(n.photoId)), around: around.map((r) => r.id), taken };
}

/**
 * Once the photos `leaning` was read for are deleted: the suggestions that
 * named them go, and are offered again where another frame still proves them;
 * a pass's that lost its proving frame on one side goes. Returns how many went.
 */
export async function withdrawLeaning(db: Db, leaning: Leaning): Promise<number> {
  let withdrawn = 0;
  if (leaning.naming.length)
    withdrawn += (
      await db
        .delete(bibSuggestions)
        .where(
          and(
            inArray(
              bibSuggestions.id,
              leaning.naming.map((n) => n.id),
            ),
            eq(bibSuggestions.status, "pending"),
          ),
        )
        .returning({ id: bibSuggestions.id })
    ).length;
  withdrawn += await withdrawUnproven(db, leaning.around);
  for (const photoId of new Set(leaning.naming.map((n) => n.photoId))) await proposeBursts(db, photoId);
  return withdrawn;
}

/** Values bound one by one as raw SQL's `in (…)` list. */
function valueList(values: readonly (number | string)[]): SQL {
  return sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
}

/** Withdraws a race's open burst suggestions (before its photos are decided afresh, which proposes them again). */
export async function withdrawBursts(db: Db, raceId: number): Promise<void> {
  await db
    .delete(bibSuggestions)
    .where(and(eq(bibSuggestions.raceId, raceId), eq(bibSuggestions.status, "pending"), sql`${bibSuggestions.evidencePhotoId} is not null`));
}
