import { and, eq, not, sql } from "drizzle-orm";
import { inTransaction, type Db, photoRecognitions, photos, races } from "../db/index.ts";
import { enqueue, type JobHandlers } from "../jobs/index.ts";
import type { Logger } from "../logger.ts";
import type { Storage } from "../storage/index.ts";
import { suggestionCrop } from "./crop.ts";
import { recognitionProgress } from "./progress.ts";
import type { Recognizer } from "./recognizer.ts";
import { createRecognizerPool } from "./recognizer-pool.ts";
import type { ReadingCapacity } from "./capacity.ts";
import { leaningOn, withdrawLeaning, withdrawUnproven } from "./burst-store.ts";
import {
  type PhotoImages,
  queueRedecide,
  RECOGNIZE_JOB,
  REDECIDE_JOB,
  recognizeJob,
  redecideJob,
  redecideRace,
  rethinkOffers,
  rethinkOffersAt,
  SPREAD_JOB,
  spreadJob,
  spreadProofs,
} from "./recognize-job.ts";
import {
  acceptSuggestion,
  autoTags,
  confirmBibs,
  confirmTag,
  correctSuggestion,
  raceOfSuggestion,
  rejectSuggestion,
  reviewQueue,
  type Alongside,
  settleSuggestions,
  undoAutoTag,
} from "./review.ts";
import { recognitionSettings, saveRecognitionSettings, type SettingsPatch } from "./settings.ts";
import { clearStartList, loadStartList, startListSummary, type StartListQuery } from "./start-list-file.ts";
import { clearTimingFile, loadTimingFile, timingSummary } from "./timing-file.ts";

/**
 * `recognizer`: by default a pool of low-priority reader processes (stopped when idle, and by close()).
 * `capacity`: photos read at once and the detector's second look (readingCapacity: the machine's, or the operator's).
 * `images`: where the watermarked images a reader makes of a new photo go (the catalog's).
 */
export type RecognitionDeps = {
  db: Db;
  storage: Storage;
  logger: Logger;
  images: PhotoImages;
  capacity: ReadingCapacity;
  recognizer?: Recognizer & { close?(): Promise<void> };
};

/** A person's word on more photos at once than this reaches their bursts in the background (SPREAD_JOB). */
const SPREAD_AT_ONCE = 20;

/**
 * Sends a race's photos to recognition: those nobody tagged that were never
 * read or whose reading failed, or with `again` every photo, read afresh.
 * Photos already waiting in the queue are left there.
 */
async function recognizeRace(db: Db, raceId: number, { again = false } = {}) {
  // Spelled out: inside a raw subquery Drizzle would print a bare "id", which binds to the subquery's own table.
  const photoId = sql.raw(`"photos"."id"`);
  const read = sql`exists (select 1 from ${photoRecognitions} r where r.photo_id = ${photoId} and r.status in ('done', 'skipped'))`;
  const tagged = sql`exists (select 1 from photo_bibs b where b.photo_id = ${photoId} and b.source in ('manual', 'import'))`;
  const waiting = sql`exists (select 1 from jobs j where j.type = ${RECOGNIZE_JOB} and j.status in ('queued', 'running')
    and (j.payload->>'photoId')::int = ${photoId})`;
  const rows = await db
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.raceId, raceId), not(waiting), again ? undefined : not(sql`(${read} or ${tagged})`)));
  // Job keys stay taken once used, so each sending gets keys of its own.
  const stamp = Date.now().toString(36);
  for (const { id } of rows) await enqueue(db, RECOGNIZE_JOB, { photoId: id, force: again }, { uniqueKey: `recognize:${id}:${stamp}` });
  return { queued: rows.length };
}

export function createRecognition({
  db,
  storage,
  logger,
  images,
  capacity,
  recognizer = createRecognizerPool({ size: capacity.readers, read: { alsoDetectAt: capacity.secondLook } }),
}: RecognitionDeps) {
  /**
   * The bibs a person put on photos reach each photo's burst and the race's
   * photos that read them short: at once, or for many photos in the
   * background. How many photos changed now.
   */
  const spreadWord = async (photoIds: number[]) => {
    if (photoIds.length <= SPREAD_AT_ONCE) return spreadProofs(db, photoIds);
    await enqueue(db, SPREAD_JOB, { photoIds });
    return 0;
  };
  /**
   * A person's word on photos reaches the other frames of their bursts at once
   * (else at the next decision round): what they took away is no longer
   * offered there, and a bib they confirmed is (as it is to the race's photos
   * that read it short). Whether any photo's suggestions changed
   * (the review screen then reads its queue again).
   */
  const tellBursts = async (photoIds: number[], word: { tookAway: boolean; confirmed: boolean }) => {
    try {
      const withdrawn = word.tookAway ? (await withdrawUnproven(db, photoIds)) + (await rethinkOffers(db, photoIds)) : 0;
      const spread = word.confirmed ? await spreadWord(photoIds) : 0;
      return withdrawn + spread > 0;
    } catch (error) {
      logger.warn({ err: error, photoIds }, "bursts not told of a person's decision");
      return false;
    }
  };
  const told = async <T extends { photoId: number; alternatives?: number }>(decision: Promise<T>, word: { tookAway: boolean; confirmed: boolean }) => {
    const done = await decision;
    const changed = await tellBursts([done.photoId], word);
    // Other readings of the same number settled with it leave the queue too.
    return { ...done, burstChanged: changed || (done.alternatives ?? 0) > 0 };
  };
  const handlers: JobHandlers = {
    [RECOGNIZE_JOB]: recognizeJob({ db, storage, recognizer, logger, images }),
    [REDECIDE_JOB]: redecideJob(db),
    [SPREAD_JOB]: spreadJob(db),
  };
  return {
    handlers,
    /** Photos read at once (the recognition lane runs a job a reader) and the detector's second look. */
    capacity,
    progress: (raceId: number) => recognitionProgress(db, raceId),
    /** The same by race slug (the import CLI knows only the slug); undefined for an unknown race. */
    async progressForSlug(slug: string) {
      const [race] = await db.select({ id: races.id }).from(races).where(eq(races.slug, slug));
      return race ? recognitionProgress(db, race.id) : undefined;
    },
    recognizeRace: (raceId: number, options?: { again?: boolean }) => recognizeRace(db, raceId, options),
    reviewQueue: (raceId: number, page?: { limit?: number; offset?: number }) => reviewQueue(db, raceId, page),
    autoTags: (raceId: number, page?: { limit?: number; offset?: number }) => autoTags(db, raceId, page),
    crop: (suggestionId: number, width?: number, options?: { evidence?: boolean }) => suggestionCrop(db, storage, suggestionId, width, options),
    accept: (suggestionId: number, by?: number) => told(acceptSuggestion(db, suggestionId, by), { tookAway: false, confirmed: true }),
    correct: (suggestionId: number, bib: number, by?: number) => told(correctSuggestion(db, suggestionId, bib, by), { tookAway: false, confirmed: true }),
    reject: (suggestionId: number, by?: number, alongside?: Alongside) => rejectSuggestion(db, suggestionId, by, alongside),
    undoAuto: (photoId: number, bib: number, by?: number) => told(undoAutoTag(db, photoId, bib, by), { tookAway: true, confirmed: false }),
    /**
     * The tagging desk's save of one photo, or bulk removal from many: `write`, the
     * person's own change of the photos' bibs, and the settling of their readings in one transaction.
     */
    async settle(photoId: number | number[], bibs: number[], by?: number, write?: (tx: Db) => Promise<unknown>) {
      const settled = await inTransaction(db, async (tx) => {
        await write?.(tx);
        return settleSuggestions(tx, photoId, bibs, by);
      });
      // Every bib kept is a person's word, typed or accepted: it reaches the burst and the photos that read it short.
      await tellBursts(Array.isArray(photoId) ? photoId : [photoId], { tookAway: true, confirmed: bibs.length > 0 });
      return settled;
    },
    /** A bulk "add bibs": `write`, the person's tags, and the accepting of readings of those numbers in one transaction. */
    async confirm(photoIds: number[], bibs: number[], by?: number, write?: (tx: Db) => Promise<unknown>) {
      const confirmed = await inTransaction(db, async (tx) => {
        await write?.(tx);
        return confirmBibs(tx, photoIds, bibs, by);
      });
      await tellBursts(photoIds, { tookAway: false, confirmed: true });
      return confirmed;
    },
    /** A person's tag of one photo (a runner's claim confirmed): it reaches the photo's burst as a reviewed one does. */
    tag: (photoId: number, bib: number, by?: number) => told(confirmTag(db, photoId, bib, by), { tookAway: false, confirmed: true }),
    /**
     * Deletes photos through `remove`, then mends what other photos stood on
     * their bibs: the burst and pass suggestions naming them, and the offers
     * and automatic tags that stood on their tags nearby.
     */
    async forget(photoIds: number[], remove: () => Promise<void>) {
      // The operator's deletion goes ahead even if what leans on the photos cannot be read.
      const leaning = await leaningOn(db, photoIds).catch((error) => {
        logger.warn({ err: error, photoIds }, "suggestions leaning on photos to delete not read");
        return null;
      });
      await remove();
      if (!leaning) return;
      try {
        await withdrawLeaning(db, leaning);
        await rethinkOffersAt(db, leaning.taken);
      } catch (error) {
        logger.warn({ err: error, photoIds }, "suggestions not mended after photos were deleted");
      }
    },
    settings: (raceId?: number) => recognitionSettings(db, raceId),
    /** Saves settings (a race's, or with no raceId the shop's) and has the photos read decided again (in the background). */
    async saveSettings(patch: SettingsPatch, raceId?: number) {
      await saveRecognitionSettings(db, patch, raceId);
      if (raceId !== undefined) return { redecided: await queueRedecide(db, raceId) };
      let redecided = 0;
      const raceIds = await db.selectDistinct({ raceId: photoRecognitions.raceId }).from(photoRecognitions);
      for (const { raceId: id } of raceIds) redecided += await queueRedecide(db, id);
      return { redecided };
    },
    loadTimingFile: (raceId: number, csv: string) => loadTimingFile(db, raceId, csv),
    clearTimingFile: (raceId: number) => clearTimingFile(db, raceId),
    timingSummary: (raceId: number) => timingSummary(db, raceId),
    loadStartList: (raceId: number, csv: string) => loadStartList(db, raceId, csv),
    clearStartList: (raceId: number) => clearStartList(db, raceId),
    startList: (raceId: number, query?: StartListQuery) => startListSummary(db, raceId, query),
    /** The race a suggestion belongs to (for permission checks), or undefined. */
    raceOfSuggestion: (suggestionId: number) => raceOfSuggestion(db, suggestionId),
    /** Decides a race's photos again now, in this call (the back office queues it instead: queueRedecide). */
    redecide: (raceId: number) => redecideRace(db, raceId),
    /** Stops the reader processes (after the job worker has stopped). */
    close: async () => recognizer.close?.(),
  };
}

export type RecognitionServices = ReturnType<typeof createRecognition>;
