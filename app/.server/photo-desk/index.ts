import type { MediaUrl } from "../catalog/index.ts";
import path from "node:path";
import type { Db } from "../db/index.ts";
import type { Env } from "../env.ts";
import type { Logger } from "../logger.ts";
import type { Operator } from "../staff/index.ts";
import type { Storage } from "../storage/index.ts";
import {
  clearStartList,
  clearTimingFile,
  decideClaim,
  decideSuggestion,
  loadStartList,
  loadTimingFile,
  reviewScreen,
  saveRaceRecognition,
  startListScreen,
  suggestionCrop,
  undoAutoTag,
  type BibReviewPort,
  type Decision,
  type StartListQuery,
} from "./bib-review.ts";
import { IMPORT_JOB, importJob, importRuns, startImport } from "./import-folder.ts";
import { photoProgress, recognizeRace, type RecognitionPort } from "./photo-progress.ts";
import type { OnPublished } from "./publish.ts";
import { bulkPhotos, taggingWindow, tagPhoto, type BulkAction, type TaggingQuery } from "./tagging.ts";
import { createPhotoUploads } from "./uploads.ts";

// The photo desk: getting photos in (uploads, folder imports), their progress,
// hand tagging and bib recognition's review queue, start list and timing file.
export { countsByRace, NO_PHOTOS } from "./photo-counts.ts";
export type { PhotoCounts } from "./photo-counts.ts";
export { onPublished } from "./publish.ts";
export type { OnPublished, PublishPorts } from "./publish.ts";
export { IMPORT_JOB } from "./import-folder.ts";
export type { ImportRun, ImportRunReport } from "./import-folder.ts";
export type { RecognitionPort } from "./photo-progress.ts";
export type { BibReviewPort, Decision as BibDecision } from "./bib-review.ts";
export { TAGGING_WINDOW } from "./tagging.ts";
export type { TaggingPhoto, TaggingQuery, BulkAction } from "./tagging.ts";
export { UPLOAD_PATH, OUTCOME_HEADER } from "./uploads.ts";
export type { UploadOutcome } from "./uploads.ts";

export type PhotoDeskDeps = {
  db: Db;
  storage: Storage;
  env: Env;
  logger: Logger;
  mediaUrl: MediaUrl;
  /** What publishing a race sets off (an import may publish). */
  published: OnPublished;
  /** The operator behind a Cookie header: uploads are authenticated outside React Router. */
  authenticate: (cookieHeader: string | null | undefined) => Promise<Operator | undefined>;
  /** Bib recognition, when present: its progress on the upload screen, and hand tagging settles its suggestions. */
  recognition?: RecognitionPort & BibReviewPort;
};

export function createPhotoDesk({ db, storage, env, logger, mediaUrl, published, authenticate, recognition }: PhotoDeskDeps) {
  return {
    /** Job handlers the shop's worker runs for the photo desk (folder imports, in the bulk lane). */
    handlers: { [IMPORT_JOB]: importJob(db, storage, logger, published) },
    /** tus endpoint for photo uploads, mounted by the Express app at UPLOAD_PATH. */
    uploads: createPhotoUploads({ db, storage, logger, scratch: path.join(env.dataDir, "tmp", "uploads"), authenticate }),
    imports: {
      /** Queues the import of a folder on the server; `list` follows it. */
      start: (op: Operator, folder: string) => startImport(db, op, folder),
      list: (op: Operator) => importRuns(db, op),
    },
    photos: {
      progress: (op: Operator, raceId: number) => photoProgress(db, op, raceId, recognition),
      recognize: (op: Operator, raceId: number) => recognizeRace(db, op, raceId, recognition),
      window: (op: Operator, raceId: number, query: TaggingQuery) => taggingWindow(db, mediaUrl, op, raceId, query),
      tag: (op: Operator, photoId: number, input: { bibs: number[]; tagIds: number[] }) => tagPhoto(db, op, photoId, input, recognition),
      bulk: (op: Operator, raceId: number, photoIds: number[], action: BulkAction) => bulkPhotos(db, storage, op, raceId, photoIds, action, recognition),
    },
    /** Bib recognition's review queue, automatic tags, threshold and timing file, per race. */
    bibs: {
      review: (op: Operator, raceId: number) => reviewScreen(db, op, raceId, mediaUrl, recognition),
      crop: (op: Operator, suggestionId: number, width: number, options?: { evidence?: boolean }) =>
        suggestionCrop(db, op, suggestionId, width, recognition, options),
      decide: (op: Operator, suggestionId: number, decision: Decision) => decideSuggestion(db, op, suggestionId, decision, recognition),
      undoAuto: (op: Operator, photoId: number, bib: number) => undoAutoTag(db, op, photoId, bib, recognition),
      /** A runner's "this is me": tag their number on the photo, or not. */
      decideClaim: (op: Operator, claimId: number, accept: boolean) => decideClaim(db, op, claimId, accept, recognition),
      saveSettings: (op: Operator, raceId: number, input: { autoThreshold: number; timingWindowSeconds: number; timingOffsetSeconds: number }) =>
        saveRaceRecognition(db, op, raceId, input, recognition),
      loadTiming: (op: Operator, raceId: number, csv: string) => loadTimingFile(db, op, raceId, csv, recognition),
      clearTiming: (op: Operator, raceId: number) => clearTimingFile(db, op, raceId, recognition),
      startList: (op: Operator, raceId: number, query?: StartListQuery) => startListScreen(db, op, raceId, query, recognition),
      loadStartList: (op: Operator, raceId: number, csv: string) => loadStartList(db, op, raceId, csv, recognition),
      clearStartList: (op: Operator, raceId: number) => clearStartList(db, op, raceId, recognition),
    },
  };
}
