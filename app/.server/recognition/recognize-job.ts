import { and, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, bibSuggestions, photoBibs, photoRecognitions, photos } from "../db/index.ts";
import type { Watermarked } from "../images/index.ts";
import { type JobRun, schedule } from "../jobs/index.ts";
import type { Logger } from "../logger.ts";
import { pathOrBytes, type Storage } from "../storage/index.ts";
import { cutEnds, printKey, printsRead } from "./bib-print.ts";
import { proposeBursts, provenNearby, withdrawBursts, withdrawUnproven } from "./burst-store.ts";
import { cameraKey } from "./bursts.ts";
import { decidePhoto, type RaceContext } from "./decide.ts";
import type { TextReading } from "./read-text.ts";
import type { Recognizer } from "./recognizer.ts";
import { numbersRead, sceneryAt } from "./scenery.ts";
import {
  newlyKnownPrints,
  offersOnTags,
  passFramesToRedecide,
  photoContext,
  photosOfOftenRead,
  raceContext,
  shortReadingsOf,
  storeDecisions,
  waitingIn,
} from "./store.ts";

export const RECOGNIZE_JOB = "photo.recognize";

const payload = z.object({
  photoId: z.number().int(),
  /** Read it even when a person or the import file already gave it bibs. */
  force: z.boolean().optional(),
  /** Its watermarked images are made here too, from the pixels the reader decodes (a new photo of an import). */
  derive: z.boolean().optional(),
});
export type RecognizePayload = z.infer<typeof payload>;

type PhotoRow = typeof photos.$inferSelect;

/**
 * The catalog's side of a photo's watermarked images (catalog/derive-job.ts):
 * the widths a reader makes, where they go (storing them shows the photo),
 * and the derive job that makes them from the original instead.
 */
export type PhotoImages = {
  widths: number[];
  store(photo: PhotoRow, images: Watermarked[]): Promise<void>;
  queue(photoId: number): Promise<void>;
};

async function record(db: Db, values: typeof photoRecognitions.$inferInsert) {
  const { photoId: _, ...update } = values;
  await db.insert(photoRecognitions).values(values).onConflictDoUpdate({ target: photoRecognitions.photoId, set: update });
}

/**
 * Reads a photo's bibs and stores the outcome. A photo the import file (or an
 * operator) already tagged is skipped unless forced: reading it would cost
 * half a second to suggest what a person already said.
 *
 * Asked to `derive`, the first run also makes the photo's watermarked images
 * from the reader's pixels, and stores them once its bibs are decided (the
 * photo then shows with its tags). Whenever that does not happen (skipped, a
 * reading that failed, a retry after a crash, a recognizer that makes no
 * images) the derive job makes them from the original, as for any photo.
 */
export function recognizeJob(deps: { db: Db; storage: Storage; recognizer: Recognizer; logger: Logger; images: PhotoImages }) {
  const { db, storage, recognizer, logger, images } = deps;

  /** Reads the photo (or skips it) and decides its bibs; returns the images the reader made, if `derive` asked for them. */
  async function readAndDecide(photo: PhotoRow, force: boolean | undefined, derive: number[] | undefined) {
    const photoId = photo.id;
    if (!force) {
      const [tagged] = await db
        .select({ bib: photoBibs.bib })
        .from(photoBibs)
        .where(and(eq(photoBibs.photoId, photoId), inArray(photoBibs.source, ["manual", "import"])))
        .limit(1);
      if (tagged) {
        await record(db, { photoId, raceId: photo.raceId, status: "skipped", recognizedAt: new Date() });
        return undefined;
      }
    }
    const original = await pathOrBytes(storage, photo.originalKey);
    const started = performance.now();
    const reading = await recognizer.read(original, derive ? { derive } : undefined);
    const ms = Math.round(performance.now() - started);
    await record(db, {
      photoId,
      raceId: photo.raceId,
      status: "done",
      lines: reading.lines,
      frameWidth: reading.width,
      frameHeight: reading.height,
      ms,
      signature: reading.signature ?? null,
      error: null,
      recognizedAt: new Date(),
    });
    const counts = await decideStored(db, photo, reading.lines, reading);
    // Read again and no longer tagged with a bib, it no longer proves what its burst or pass was offered.
    if (counts.lost) await withdrawUnproven(db, [photoId]);
    const burst = await spreadProof(db, photoId);
    logger.debug({ photoId, ms, ...counts, burst }, "bibs recognized");
    return reading.derived;
  }

  return async (raw: unknown, { attempt }: JobRun = { attempt: 1 }) => {
    const { photoId, force, derive } = payload.parse(raw);
    const [photo] = await db.select().from(photos).where(eq(photos.id, photoId));
    if (!photo) return; // deleted meanwhile
    const imagesWanted = derive === true && !photo.mediumKey;
    const deriveHere = imagesWanted && attempt === 1;
    if (imagesWanted && !deriveHere) await images.queue(photoId);
    if (!deriveHere) {
      await readAndDecide(photo, force, undefined);
      return;
    }
    try {
      const derived = await readAndDecide(photo, force, images.widths);
      if (derived?.length === images.widths.length) {
        await images.store(photo, derived);
        return;
      }
    } catch (error) {
      // Failed: the photo is shown without waiting for the reading's retries. The
      // reading's error is what the job reports even if queueing fails too (its
      // retry then queues the images first).
      await images.queue(photoId).catch((queueError: unknown) => logger.warn({ photoId, err: queueError }, "images not queued"));
      throw error;
    }
    await images.queue(photoId); // skipped, or no images made
  };
}

/**
 * Once a photo's bibs are known (read, or confirmed by a person in the review
 * queue): its burst's other frames are offered them, and the frames whose
 * automatic tag turns out to be one of them less a digit, at its place, are
 * decided again (tagged before this photo proved the longer bib); so are the
 * race's photos that read one of them short (reachShortReadings).
 */
export async function spreadProof(db: Db, photoId: number) {
  const burst = await proposeBursts(db, photoId);
  if (burst.cut.length) await decideAgain(db, await raceContext(db, burst.raceId), inArray(photos.id, burst.cut));
  return { ...burst, short: await reachShortReadings(db, photoId) };
}

/** Doubts of a reading that may be a bib less a digit, or a digit off: what a bib tagged elsewhere may complete (decide.ts). */
const SHORT_SIGNS = ["off-centre", "cut-print", "half-digit", "frame-edge", "unregistered"];

/**
 * Once a photo's bibs are tagged, the race's other photos of around the same
 * time that wait for a person with a reading one digit away from one of them,
 * and a sign of a digit gone or off, are decided again: they now offer the
 * whole bib (a photo read before the runner's other frames proved it). So are
 * the frames of the same pass (store.ts passFramesToRedecide) tagged with one of them
 * less a digit, or waiting with a number this photo reads too. Returns how many.
 */
async function reachShortReadings(db: Db, photoId: number): Promise<number> {
  const [photo] = await db.select({ id: photos.id, raceId: photos.raceId, takenAt: photos.takenAt }).from(photos).where(eq(photos.id, photoId));
  if (!photo) return 0;
  const tagged = (await db.select({ bib: photoBibs.bib }).from(photoBibs).where(eq(photoBibs.photoId, photoId))).map((t) => t.bib);
  const waiting = photo.takenAt ? await waitingIn(db, photoId) : [];
  const again = [
    ...new Set([
      ...(tagged.length ? await shortReadingsOf(db, photo, tagged, SHORT_SIGNS) : []),
      ...(await passFramesToRedecide(db, photo, tagged, [...tagged, ...waiting])),
    ]),
  ];
  await decideEachAgain(db, photo.raceId, again);
  return again.length;
}

async function decideStored(db: Db, photo: PhotoRow, lines: TextReading[], frame: { width: number; height: number }) {
  const context = await photoContext(db, photo.raceId, lines, frame);
  const camera = cameraKey(photo);
  const decisions = decidePhoto(lines, frame, photo.takenAt, context, { burst: await provenNearby(db, photo.id), photo: { id: photo.id, camera } });
  const counts = await storeDecisions(db, photo, decisions);
  // Other photos decided again (seldom) are decided with the race's whole start list and timing file.
  const race = () => raceContext(db, photo.raceId);
  const here = sceneryAt(context.scenery, camera);
  const often = [...numbersRead(lines)].filter((n) => here.oftenRead.has(n));
  if (often.length) {
    const onBibHere = new Set(decisions.filter((d) => d.printed).map((d) => d.bib));
    await rethinkOftenRead(db, photo, often, here.scenery, onBibHere);
  }
  const known = await newlyKnownPrints(db, photo.raceId, [...printsRead(lines)]);
  if (known.length) await recheckCutPrints(db, race, photo.raceId, known);
  return counts;
}

/**
 * Photos read before a print became the race's were decided without it: those
 * with an automatic tag and a cut copy of that print are decided again (the
 * first photos of an import, before the event name was read twice).
 */
async function recheckCutPrints(db: Db, race: () => Promise<RaceContext>, raceId: number, known: string[]) {
  const tagged = db
    .selectDistinct({ photoId: bibSuggestions.photoId })
    .from(bibSuggestions)
    .where(and(eq(bibSuggestions.raceId, raceId), eq(bibSuggestions.status, "auto")));
  const rows = await db
    .select({ photoId: photoRecognitions.photoId, lines: photoRecognitions.lines })
    .from(photoRecognitions)
    .where(and(eq(photoRecognitions.raceId, raceId), eq(photoRecognitions.status, "done"), inArray(photoRecognitions.photoId, tagged)));
  const cut = rows.filter((r) =>
    (Array.isArray(r.lines) ? (r.lines as TextReading[]) : []).some((line) => {
      const ends = cutEnds(printKey(line.text), known);
      return ends.leftGone || ends.rightGone;
    }),
  );
  if (cut.length)
    await decideAgain(
      db,
      await race(),
      inArray(
        photos.id,
        cut.map((r) => r.photoId),
      ),
    );
}

/**
 * `often`, read in `photo`, are read often by its camera (scenery among them):
 * that camera's photos read before that still carry one as an automatic tag are decided
 * again (the km sign seen by the fifth photo; a tag with its bib's print
 * stays), and so are those where one waits for a person as read often, now
 * that it is scenery (it goes) or read on a bib in `photo` (a runner's).
 * Each asks only about its own bibs: a runner read often and tagged on their
 * bib's print is decided again in all their photos at each new one, and the
 * whole race's context would cost each of those the race.
 * (Other suggestions of scenery stay for a person: going back over every photo
 * that suggests a bib's printed scenery would cost each new photo the race.)
 */
async function rethinkOftenRead(db: Db, photo: PhotoRow, often: number[], scenery: ReadonlySet<number>, onBibHere: ReadonlySet<number>) {
  const waiting = often.filter((n) => scenery.has(n) || onBibHere.has(n));
  await decideEachAgain(db, photo.raceId, await photosOfOftenRead(db, photo.raceId, often, waiting, photo.id));
}

/** Doubts of an offer or an automatic tag that stands on a tag in another photo of the race (decide.ts). */
const ON_ANOTHER_TAG = ["longer-proven", "proven", "in-pass"];

/**
 * A person took bibs away from `photoIds`: the offers and automatic tags
 * other photos of around the same time have on the strength of another
 * photo's tag are decided again, and those whose tag is gone go (a tag back
 * to the review queue). Returns how many photos were decided again.
 */
export async function rethinkOffers(db: Db, photoIds: number[]): Promise<number> {
  if (!photoIds.length) return 0;
  return rethinkOffersAt(db, await db.select({ raceId: photos.raceId, takenAt: photos.takenAt }).from(photos).where(inArray(photos.id, photoIds)));
}

/** The same for bibs taken away at these moments of these races (photos deleted: their rows are gone by then). */
export async function rethinkOffersAt(db: Db, taken: { raceId: number; takenAt: Date | null }[]): Promise<number> {
  let decided = 0;
  for (const raceId of new Set(taken.map((p) => p.raceId))) {
    const again = await offersOnTags(
      db,
      raceId,
      taken.filter((p) => p.raceId === raceId).map((p) => p.takenAt),
      ON_ANOTHER_TAG,
    );
    await decideEachAgain(db, raceId, again);
    decided += again.length;
  }
  return decided;
}

type Frame = { width: number; height: number };

/** Decides a few of a race's photos again, each asking the start list and timing file only about its own bibs (a marathon's whole lists cost 0.2 s). */
async function decideEachAgain(db: Db, raceId: number, photoIds: number[]) {
  if (photoIds.length) await decideAgain(db, (lines, frame) => photoContext(db, raceId, lines, frame), inArray(photos.id, photoIds));
}

/** Decides photos of `race` again from their stored readings (no OCR); `race` may be asked for each photo. */
async function decideAgain(db: Db, race: RaceContext | ((lines: TextReading[], frame: Frame) => Promise<RaceContext>), which: SQL) {
  const rows = await db
    .select({ photo: photos, lines: photoRecognitions.lines, width: photoRecognitions.frameWidth, height: photoRecognitions.frameHeight })
    .from(photoRecognitions)
    .innerJoin(photos, eq(photos.id, photoRecognitions.photoId))
    .where(and(which, eq(photoRecognitions.status, "done")))
    .orderBy(sql`${photos.id}`);
  for (const row of rows) {
    const burst = await provenNearby(db, row.photo.id);
    const lines = row.lines as TextReading[];
    const context = typeof race === "function" ? await race(lines, row) : race;
    await storeDecisions(
      db,
      row.photo,
      decidePhoto(lines, row, row.photo.takenAt, context, { burst, photo: { id: row.photo.id, camera: cameraKey(row.photo) } }),
    );
  }
  const decided = rows.map((r) => r.photo.id);
  // What the other frames of their bursts were offered on the strength of a tag now gone goes too.
  await withdrawUnproven(db, decided);
  return decided;
}

export const SPREAD_JOB = "recognition.spread";

/**
 * Spreads a person's word on many photos at once (a bulk "add bibs"), photo
 * by photo, in the job worker rather than in their request; a photo deleted
 * since is passed over.
 */
export function spreadJob(db: Db) {
  return async (raw: unknown) => {
    const { photoIds } = z.object({ photoIds: z.array(z.number().int()) }).parse(raw);
    await spreadProofs(db, photoIds);
  };
}

/** spreadProof for each of these photos in turn; how many photos' suggestions it changed. */
export async function spreadProofs(db: Db, photoIds: number[]): Promise<number> {
  let changed = 0;
  for (const photoId of photoIds) {
    const spread = await spreadProof(db, photoId);
    changed += spread.proposed + spread.cut.length + spread.short;
  }
  return changed;
}

export const REDECIDE_JOB = "recognition.redecide";

/**
 * Asks for a race's photos to be decided again (redecideRace) by the job
 * worker rather than in the operator's request: some 6 ms a photo, a minute
 * for a 10,000-photo race. Asked again while it runs, it runs once more after;
 * asked several times before it starts, once. Returns how many photos it will
 * go over.
 */
export async function queueRedecide(db: Db, raceId: number): Promise<number> {
  // Due since ever: it goes ahead of an import's photos waiting to be read, which are decided with the new list anyway.
  await schedule(db, REDECIDE_JOB, { raceId }, { key: `redecide:${raceId}`, runAt: new Date(0) });
  const [row] = await db
    .select({ n: count() })
    .from(photoRecognitions)
    .where(and(eq(photoRecognitions.raceId, raceId), eq(photoRecognitions.status, "done")));
  return row?.n ?? 0;
}

export function redecideJob(db: Db) {
  return async (raw: unknown) => {
    const { raceId } = z.object({ raceId: z.number().int() }).parse(raw);
    await redecideRace(db, raceId);
  };
}

/**
 * Decides a race's photos again from their stored readings (no OCR): after a
 * new threshold, start list or timing file, and offers each burst's bibs
 * again from the new tags. Returns how many photos it went over.
 */
export async function redecideRace(db: Db, raceId: number): Promise<number> {
  const race = await raceContext(db, raceId);
  await withdrawBursts(db, raceId);
  const decided = await decideAgain(db, race, eq(photoRecognitions.raceId, raceId));
  for (const photoId of decided) await proposeBursts(db, photoId);
  return decided.length;
}
