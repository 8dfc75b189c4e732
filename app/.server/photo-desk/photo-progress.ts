import { DERIVE_JOB } from "../catalog/index.ts";
import type { Db } from "../db/index.ts";
import { DomainError } from "../errors.ts";
import { type Operator, audit, requireRace } from "../staff/index.ts";
import { counts as jobCounts } from "../jobs/index.ts";
import { countsByRace, NO_PHOTOS } from "./photo-counts.ts";

/** The part of the recognition module the back office uses (its services fit this shape). */
export type RecognitionPort = {
  progress(raceId: number): Promise<{ queued: number; done: number; unread: number; autoTaggedPhotos: number; reviewPhotos: number }>;
  /** `write` (the person's change of the photos' bibs) and the settling of their readings, in one transaction. */
  settle(photoIds: number | number[], bibs: number[], by?: number, write?: (tx: Db) => Promise<unknown>): Promise<unknown>;
  /** `write` (the person's adding of these bibs) and the accepting of recognition's readings of them, in one transaction. */
  confirm(photoIds: number[], bibs: number[], by?: number, write?: (tx: Db) => Promise<unknown>): Promise<unknown>;
  /** Deletes photos through `remove` and mends what other photos' suggestions stood on them. */
  forget(photoIds: number[], remove: () => Promise<void>): Promise<void>;
  recognizeRace(raceId: number): Promise<{ queued: number }>;
};

/** What the upload screen polls: the race's photo counts, the watermarking queue and, if present, bib recognition. */
export async function photoProgress(db: Db, op: Operator, raceId: number, recognition?: RecognitionPort) {
  await requireRace(db, op, raceId);
  const counts = (await countsByRace(db, [raceId])).get(raceId) ?? NO_PHOTOS;
  const queue = await jobCounts(db, [DERIVE_JOB]);
  const read = recognition ? await recognition.progress(raceId) : undefined;
  return {
    ...counts,
    queue,
    recognition: read ? { queued: read.queued, done: read.done, unread: read.unread, auto: read.autoTaggedPhotos, review: read.reviewPhotos } : null,
  };
}

/** Sends a race's photos that recognition never read (imported before it ran) to be read now. */
export async function recognizeRace(db: Db, op: Operator, raceId: number, recognition?: RecognitionPort) {
  await requireRace(db, op, raceId);
  if (!recognition) throw new DomainError("Conflict", "recognitionUnavailable");
  const { queued } = await recognition.recognizeRace(raceId);
  await audit(db, op, "race.recognize", { raceId, queued });
  return { queued };
}
