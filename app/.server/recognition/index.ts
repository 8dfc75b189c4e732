/**
 * Automatic bib recognition (issue 7). Choice and figures:
 * docs/decisions/0004-bib-recognition.md.
 *
 * Every photo ingested is queued for the `photo.recognize` job (RECOGNIZE_JOB)
 * and read in a pool of low-priority reader processes stopped when idle
 * (recognizer-pool.ts), which also make a new photo's watermarked images from
 * the pixels they decode (each original decoded once). PaddleOCR PP-OCRv4
 * through onnxruntime-node finds the text boxes and reads each on its own
 * (and windows around faint print again, closer); plausible numbers (1–5
 * digits, no leading zero, inside the race's bib list, not printed beside
 * words; a lone digit or a year only with a bib's print stacked on it)
 * get a confidence, which the race's timing file may raise or lower. A number
 * a camera read at too many of its moments (minutes of the race's clock) is
 * scenery in that camera's photos (scenery.ts), not a runner; one read at half
 * as many waits for a person unless a bib's print is stacked on it. From the auto threshold up they are
 * tagged (photo_bibs source "auto", with the confidence); from REVIEW_FLOOR up
 * they wait in the review queue (bib_suggestions "pending"). A photo already
 * tagged by the import file is not read. Nothing a person decided is ever
 * overridden or suggested again.
 *
 * Services (`services.recognition`, built by createRecognition) for the back office:
 * - progress(raceId) / progressForSlug(slug): photos, queued, done, skipped,
 *   failed, unread, autoTaggedPhotos, autoTags, reviewPhotos, reviewSuggestions.
 * - describeProgress(progress): the one-line summary the import CLI prints.
 * - recognizeRace(raceId, { again? }): queue the photos never read (or all, afresh).
 * - reviewQueue(raceId, { limit, offset }): pending suggestions in shooting
 *   order: id, photo, frame, bib, confidence, box, doubts → { items, total }.
 * - crop(suggestionId, width?): JPEG of the bib, cut from the private original (operators only).
 * - accept(id, by?) — Enter; correct(id, bib, by?) — typed number; reject(id, by?, alongside?)
 *   (`alongside(tx, reading)`: writes in the rejection's transaction). `by` is the
 *   operator's admin id. Deciding twice, or two people at once, is a Conflict.
 * - autoTags(raceId, page) → { items, total } and undoAuto(photoId, bib, by?): spot-check and undo automatic tags.
 * - raceOfSuggestion(id): the race to check an operator's permission against.
 * - settle(photoId | photoIds, bibs, by?, write?): the tagging desk (or a bulk
 *   "remove bibs") set photos' bibs by hand (`write(tx)`, in the same
 *   transaction): closes their open suggestions (kept → accepted, others →
 *   rejected); a reading decided meanwhile keeps that decision.
 * - confirm(photoIds, bibs, by?, write?): a bulk "add bibs" (`write(tx)`, in the
 *   same transaction) accepts suggestions of those numbers, leaving the rest open.
 * - settings(raceId?) / saveSettings({ autoThreshold, timingWindowSeconds,
 *   timingOffsetSeconds }, raceId?): shop-wide or per race (null = inherit);
 *   saving re-decides the stored readings (no OCR again).
 * - loadTimingFile(raceId, csv) / clearTimingFile(raceId): "bib,time" lines;
 *   time "HH:MM:SS" on the race day, "YYYY-MM-DD HH:MM:SS" race wall clock, or ISO.
 *   Unreadable lines come back as { line, problem: "bib" | "time" | "noDate", value }
 *   for the screen to word; a file with no usable line changes nothing (loaded: false).
 * - timingSummary(raceId): passings held, first and last.
 * - loadStartList(raceId, csv) / clearStartList(raceId): the organiser's
 *   registered bibs (bib, name, distance, team). With a list, a reading that
 *   is no registered bib waits for review, and the registered bibs one digit
 *   away from it (up to three) are suggested too. startList(raceId, { withoutPhotos }) pages it
 *   with each runner's photo count.
 * - Bursts: after each photo is read, frames of the same camera within
 *   BURST_SECONDS where the same runner seems to stand get the bibs read in
 *   the other frames as review suggestions naming the proving frame (evidence);
 *   a frame between two of the same camera within SAME_PASS_MS that are both
 *   tagged with a bib gets that bib (doubt "pass-between").
 *
 * The back office reaches these through admin/bib-review.ts (operator checks,
 * audit): the tagging screen's "Review queue" tab and /admin/api/bibs.
 */
export { createRecognition, type RecognitionServices, type RecognitionDeps } from "./service.ts";
export { RECOGNIZE_JOB, type RecognizePayload, type PhotoImages } from "./recognize-job.ts";
export { describeProgress, recognitionProgress, type RecognitionProgress } from "./progress.ts";
export type { Alongside, ReviewItem } from "./review.ts";
export type { StartListEntry, StartListQuery } from "./start-list-file.ts";
export { parseStartListCsv, listEvidence, oneEditAway, type Entrant, type StartListLineError, type ListEvidence } from "./start-list.ts";
export {
  burstSuggestions,
  cameraKey,
  passSuggestions,
  runnerDistance,
  BURST_SECONDS,
  SIGNATURE_GRID,
  type BurstFrame,
  type BurstSuggestion,
} from "./bursts.ts";
export type { RecognitionSettings, SettingsPatch } from "./settings.ts";
export { createRecognizer, type Recognizer, type RecognizerOptions, type ReadOptions, type ReadOutcome } from "./recognizer.ts";
export { createRecognizerPool, type PoolOptions } from "./recognizer-pool.ts";
export { readingCapacity, type ReadingCapacity } from "./capacity.ts";
export { DEFAULT_READ_SETTINGS, decodeForReading, type PhotoReading, type TextReading, type ReadSettings } from "./read-text.ts";
export { numberOf } from "./ctc-decode.ts";
export { scaleRect } from "./geometry.ts";
export { wholeNumberInput } from "./whole-number.ts";
export { bibCandidates, DEFAULT_RULES, digitsOf, type BibCandidate, type BibRules, type Doubt, WHOLE_FLOOR } from "./plausibility.ts";
export { type NumberMoments, numbersRead, sceneryByCamera } from "./scenery.ts";
export { knownPrints, printsRead } from "./bib-print.ts";
export { decide, decidePhoto, DEFAULT_AUTO_THRESHOLD, OFFERED_DOUBTS, REVIEW_FLOOR, type Decision, type RaceContext, type Sighting } from "./decide.ts";
export { photoContext, raceContext, registeredAmong } from "./store.ts";
export {
  parseTimingCsv,
  timingEvidence,
  withTiming,
  indexPassings,
  bibsNear,
  DEFAULT_TIMING_WINDOW,
  type Passing,
  type TimingWindow,
  type TimingEvidence,
  type TimingLineError,
} from "./timing.ts";
