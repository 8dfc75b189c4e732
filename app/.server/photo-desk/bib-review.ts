import { eq } from "drizzle-orm";
import { z } from "zod";
import type { MediaUrl } from "../catalog/index.ts";
import { claimsBacking, declineClaims, decideClaim as settleClaim, pendingClaims, raceOfClaim } from "../claims/index.ts";
import { type Db, photos, races } from "../db/index.ts";
import { formatInZone } from "../images/index.ts";
import { DomainError, isDomainError } from "../errors.ts";
import type {
  Alongside,
  RecognitionProgress,
  RecognitionSettings,
  ReviewItem,
  SettingsPatch,
  StartListEntry,
  StartListLineError,
  StartListQuery,
  TimingLineError,
} from "../recognition/index.ts";
import { type Operator, audit, requireAdmin, requireRace } from "../staff/index.ts";

/** What the review screen needs of the recognition module (its services fit this shape). */
export type BibReviewPort = {
  progress(raceId: number): Promise<RecognitionProgress>;
  reviewQueue(raceId: number, page?: { limit?: number; offset?: number }): Promise<{ items: ReviewItem[]; total: number }>;
  autoTags(
    raceId: number,
    page?: { limit?: number; offset?: number },
  ): Promise<{ items: { id: number; photoId: number; frame: string; bib: number; confidence: number; inPass: boolean }[]; total: number }>;
  raceOfSuggestion(suggestionId: number): Promise<number | undefined>;
  crop(suggestionId: number, width?: number, options?: { evidence?: boolean }): Promise<Buffer>;
  accept(suggestionId: number, by?: number): Promise<{ photoId: number; bib: number }>;
  correct(suggestionId: number, bib: number, by?: number): Promise<{ photoId: number; bib: number }>;
  reject(suggestionId: number, by?: number, alongside?: Alongside): Promise<{ photoId: number; bib: number }>;
  undoAuto(photoId: number, bib: number, by?: number): Promise<{ photoId: number; bib: number }>;
  tag(photoId: number, bib: number, by?: number): Promise<{ photoId: number; bib: number }>;
  settings(raceId?: number): Promise<RecognitionSettings>;
  saveSettings(patch: SettingsPatch, raceId?: number): Promise<{ redecided: number }>;
  loadTimingFile(raceId: number, csv: string): Promise<{ loaded: boolean; passings: number; errors: TimingLineError[]; redecided: number }>;
  clearTimingFile(raceId: number): Promise<{ redecided: number }>;
  timingSummary(raceId: number): Promise<{ passings: number; first: Date | null; last: Date | null }>;
  loadStartList(raceId: number, csv: string): Promise<{ loaded: boolean; entrants: number; errors: StartListLineError[]; redecided: number }>;
  clearStartList(raceId: number): Promise<{ redecided: number }>;
  startList(raceId: number, query?: StartListQuery): Promise<{ entrants: number; withPhotos: number; withoutPhotos: number; rows: StartListEntry[] }>;
};

export type { StartListQuery };

const unavailable = () => new DomainError("Conflict", "recognitionUnavailable");

function port(recognition: BibReviewPort | undefined): BibReviewPort {
  if (!recognition) throw unavailable();
  return recognition;
}

/** A suggestion the operator may decide: it exists and belongs to one of their races. */
async function suggestionRace(db: Db, op: Operator, recognition: BibReviewPort, suggestionId: number) {
  const raceId = await recognition.raceOfSuggestion(suggestionId);
  if (raceId === undefined) throw new DomainError("NotFound", "suggestionGone");
  await requireRace(db, op, raceId);
  return raceId;
}

/** Gives the recognition module's plain errors the words of this screen (another operator was quicker). */
const rename =
  (keys: Partial<Record<"Conflict" | "NotFound", string>>) =>
  (error: unknown): never => {
    if (isDomainError(error) && error.code in keys) throw new DomainError(error.code, keys[error.code as "Conflict" | "NotFound"]!);
    throw error;
  };

export const REVIEW_PAGE = 40;
export const AUTO_PAGE = 48;
export const CLAIMS_PAGE = 24;

/**
 * The review screen of a race: recognition's progress, the suggestions waiting
 * for a person (shooting order), runners' claims on photos, the automatic tags
 * least certain first, and (for admins) the race's settings and timing file.
 */
export async function reviewScreen(db: Db, op: Operator, raceId: number, mediaUrl: MediaUrl, recognition?: BibReviewPort) {
  await requireRace(db, op, raceId);
  const r = port(recognition);
  const [progress, queue, auto, claimed] = await Promise.all([
    r.progress(raceId),
    r.reviewQueue(raceId, { limit: REVIEW_PAGE }),
    r.autoTags(raceId, { limit: AUTO_PAGE }),
    pendingClaims(db, raceId, { limit: CLAIMS_PAGE }),
  ]);
  const backedByClaim = await claimsBacking(db, queue.items);
  const admin = op.role === "admin";
  const [race] = await db.select({ timezone: races.timezone }).from(races).where(eq(races.id, raceId));
  const at = (d: Date | null) => (d && race ? formatInZone(d, race.timezone) : "");
  const timing = admin ? await r.timingSummary(raceId) : undefined;
  return {
    progress,
    queue: {
      total: queue.total,
      items: queue.items.map((i) => ({
        id: i.id,
        photoId: i.photoId,
        frame: i.frame,
        bib: i.bib,
        confidence: i.confidence,
        doubts: i.doubts,
        evidence: i.evidence,
        provenIn: i.provenIn,
        /** A runner with this number said the photo shows them (their claim is answered with this reading). */
        claimed: backedByClaim(i),
      })),
    },
    claims: {
      total: claimed.total,
      items: claimed.items.map((c) => ({
        id: c.id,
        photoId: c.photoId,
        frame: c.frame,
        bib: c.bib,
        takenAt: at(c.takenAt),
        thumb: mediaUrl(c.thumbKey),
        seenIn: c.seenIn && { frame: c.seenIn.frame, thumb: mediaUrl(c.seenIn.thumbKey) },
      })),
    },
    auto,
    config: timing ? { settings: await r.settings(raceId), timing: { passings: timing.passings, first: at(timing.first), last: at(timing.last) } } : null,
  };
}

/** The bib's picture for the review screen (cut from the private original: operators of that race only). */
export async function suggestionCrop(db: Db, op: Operator, suggestionId: number, width: number, recognition?: BibReviewPort, options?: { evidence?: boolean }) {
  const r = port(recognition);
  await suggestionRace(db, op, r, suggestionId);
  return r.crop(suggestionId, width, options);
}

export const decisionSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("accept") }),
  z.object({ action: z.literal("reject") }),
  z.object({ action: z.literal("correct"), bib: z.number().int().positive().max(999_999) }),
]);
export type Decision = z.input<typeof decisionSchema>;

/** Enter (accept), a typed number (correct) or "not a bib" (reject), for one suggestion. */
export async function decideSuggestion(db: Db, op: Operator, suggestionId: number, input: Decision, recognition?: BibReviewPort) {
  const decision = decisionSchema.parse(input);
  const r = port(recognition);
  const raceId = await suggestionRace(db, op, r, suggestionId);
  const done = await (decision.action === "accept"
    ? r.accept(suggestionId, op.id)
    : decision.action === "reject"
      ? // The screen showed a runner's claim of this number on the reading: turned down with it, in one
        // transaction. An accepted or corrected reading tags the photo, which answers a claim of that
        // number; another stays open.
        r.reject(suggestionId, op.id, (tx, reading) => declineClaims(tx, reading.photoId, reading.bib, op.id))
      : r.correct(suggestionId, decision.bib, op.id)
  ).catch(rename({ Conflict: "suggestionDecided", NotFound: "suggestionGone" }));
  await audit(db, op, `bib.${decision.action}`, { raceId, suggestionId, ...done });
  return { ...done, action: decision.action };
}

/** A runner's claim on a photo, answered: the number tagged there (`accept`), or not them. */
export async function decideClaim(db: Db, op: Operator, claimId: number, accept: boolean, recognition?: BibReviewPort) {
  const r = port(recognition);
  const raceId = await raceOfClaim(db, claimId);
  if (raceId === undefined) throw new DomainError("NotFound", "claimGone");
  await requireRace(db, op, raceId);
  const done = await settleClaim(db, claimId, accept, op.id, async (photoId, bib) => {
    await r.tag(photoId, bib, op.id);
  });
  await audit(db, op, accept ? "claim.accept" : "claim.reject", { raceId, claimId, ...done });
  return done;
}

/** Takes an automatic tag off a photo for good (the operator saw it was wrong). */
export async function undoAutoTag(db: Db, op: Operator, photoId: number, bib: number, recognition?: BibReviewPort) {
  const r = port(recognition);
  const [photo] = await db.select({ raceId: photos.raceId }).from(photos).where(eq(photos.id, photoId));
  if (!photo) throw new DomainError("NotFound", "photoNotFound");
  await requireRace(db, op, photo.raceId);
  const done = await r.undoAuto(photoId, bib, op.id).catch(rename({ NotFound: "autoTagGone" }));
  await audit(db, op, "bib.undoAuto", { raceId: photo.raceId, photoId, bib });
  return done;
}

export const recognitionSettingsSchema = z.object({
  autoThreshold: z.number().min(0.6).max(1),
  timingWindowSeconds: z.number().int().min(1).max(3600),
  timingOffsetSeconds: z.number().int().min(-86_400).max(86_400),
});

/** The race's threshold and timing window; its photos are decided again from what was read (no OCR). */
export async function saveRaceRecognition(db: Db, op: Operator, raceId: number, input: z.input<typeof recognitionSettingsSchema>, recognition?: BibReviewPort) {
  requireAdmin(op);
  await requireRace(db, op, raceId);
  const settings = recognitionSettingsSchema.parse(input);
  const { redecided } = await port(recognition).saveSettings(settings, raceId);
  await audit(db, op, "race.recognitionSettings", { raceId, ...settings, redecided });
  return { redecided };
}

/** Replaces the race's timing file; lines that could not be read come back, one by one. */
export async function loadTimingFile(db: Db, op: Operator, raceId: number, csv: string, recognition?: BibReviewPort) {
  requireAdmin(op);
  await requireRace(db, op, raceId);
  const result = await port(recognition).loadTimingFile(raceId, csv);
  await audit(db, op, "race.timingFile", { raceId, loaded: result.loaded, passings: result.passings, errors: result.errors.length });
  return result;
}

export async function clearTimingFile(db: Db, op: Operator, raceId: number, recognition?: BibReviewPort) {
  requireAdmin(op);
  await requireRace(db, op, raceId);
  const result = await port(recognition).clearTimingFile(raceId);
  await audit(db, op, "race.timingFileCleared", { raceId });
  return result;
}

export const START_LIST_PAGE = 100;

/** The race's start list: how many registered runners have photos, and a page of them (or of those with none). */
export async function startListScreen(db: Db, op: Operator, raceId: number, query: StartListQuery = {}, recognition?: BibReviewPort) {
  await requireRace(db, op, raceId);
  return port(recognition).startList(raceId, { ...query, limit: Math.min(query.limit ?? START_LIST_PAGE, 500) });
}

/** Replaces the race's start list (bib, name, distance, team); its photos are decided again with it. */
export async function loadStartList(db: Db, op: Operator, raceId: number, csv: string, recognition?: BibReviewPort) {
  requireAdmin(op);
  await requireRace(db, op, raceId);
  const result = await port(recognition).loadStartList(raceId, csv);
  await audit(db, op, "race.startList", { raceId, loaded: result.loaded, entrants: result.entrants, errors: result.errors.length });
  return result;
}

export async function clearStartList(db: Db, op: Operator, raceId: number, recognition?: BibReviewPort) {
  requireAdmin(op);
  await requireRace(db, op, raceId);
  const result = await port(recognition).clearStartList(raceId);
  await audit(db, op, "race.startListCleared", { raceId });
  return result;
}
