import path from "node:path";
import type { Lang } from "../../i18n/langs.ts";
import type { Db } from "../db/index.ts";
import type { Env } from "../env.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/index.ts";
import type { Storage } from "../storage/index.ts";
import { audit, listAudit } from "./audit.ts";
import { login, type LoginInput } from "./login.ts";
import { requireAdmin, type Operator } from "./operator.ts";
import {
  changeOwnPassword,
  inviteOperator,
  listOperators,
  ownPayoutDetails,
  resetOperatorPassword,
  setOwnPayoutDetails,
  updateOperator,
  type InviteInput,
  type UpdateOperatorInput,
} from "./operators.ts";
import { IMPORT_JOB, importJob, importRuns, startImport } from "./import-folder.ts";
import { photoProgress, recognizeRace, type RecognitionPort } from "./photo-progress.ts";
import {
  clearStartList,
  clearTimingFile,
  decideSuggestion,
  loadStartList,
  loadTimingFile,
  reviewScreen,
  saveRaceRecognition,
  startListScreen,
  suggestionCrop,
  undoAutoTag,
  type Decision,
  type BibReviewPort,
  type StartListQuery,
} from "./bib-review.ts";
import { previewRace } from "./preview.ts";
import { bulkPhotos, taggingWindow, tagPhoto, type BulkAction, type TaggingQuery } from "./tagging.ts";
import { createPhotoUploads } from "./uploads.ts";
import { dashboard } from "./dashboard.ts";
import { markPaid, overviewScreen, payoutFile, setShares, sharesScreen, statementCsv, statementScreen } from "./partners.ts";
import type { SharePercents } from "../../domain/revenue-split.ts";
import { messageDetail, messageList, preorderList, replyToMessage, signupList, type ListFilter } from "./inbox.ts";
import { moveOrderByHand, orderDetail, orderList, raceOptions, refundThroughProvider, resendPurchaseMail, type ManualMove, type OrderFilter } from "./sales.ts";
import { addBanner, deleteBanner, moveBanner, savePreparation, savePresale, saveSupport, saveTiers, setBannerActive, settingsView } from "./shop-settings.ts";
import { onPublished, type PublishPorts } from "./publish.ts";
import { createRace, listRaces, raceEditor, raceHeader, setRaceStatus, updateRace, type RaceImages, type RaceRow } from "./races.ts";
import { formInputOf, type RaceForm } from "./race-form.ts";
import { loadSessionSecret } from "./session-secret.ts";
import { checkLoginCsrf, closeSession, loginCsrf, readSession, type SessionDeps } from "./sessions.ts";
import { safeEqual } from "../safe-equal.ts";
import { createSigner } from "./signing.ts";

export { createAdmin, ensureFirstAdmin } from "./accounts.ts";
export type { Role } from "./accounts.ts";
export { hashPassword, verifyPassword, generatePassword } from "./passwords.ts";
export type { Operator } from "./operator.ts";
export { parseRaceForm, raceFormInput, formInputOf, NEW_RACE, STATUSES } from "./race-form.ts";
export type { RaceForm, RaceFormErrors, RaceFormInput, RaceStatus } from "./race-form.ts";
export type { RaceListRow, RaceEditor, PhotoCounts } from "./races.ts";
export type { OperatorRow } from "./operators.ts";
export type { AuditEntry } from "./audit.ts";
export { chosenFile } from "./site-image.ts";
export { UPLOAD_PATH, OUTCOME_HEADER } from "./uploads.ts";
export type { UploadOutcome } from "./uploads.ts";
export type { ImportRun, ImportRunReport } from "./import-folder.ts";
export type { RecognitionPort } from "./photo-progress.ts";
export type { BibReviewPort, Decision as BibDecision } from "./bib-review.ts";
export type { TaggingPhoto, TaggingQuery, BulkAction } from "./tagging.ts";
export { TAGGING_WINDOW } from "./tagging.ts";
export { orderFilterSchema, MANUAL_MOVES } from "./sales.ts";
export type { OrderFilter, ManualMove } from "./sales.ts";
export { listFilterSchema } from "./inbox.ts";
export type { ListFilter } from "./inbox.ts";
export type { DayPoint, RaceSales } from "./dashboard.ts";
export { toCsv } from "./csv.ts";
export { currentPeriod } from "./partners.ts";
export { PERIOD } from "../partners/index.ts";
export { IMPORT_JOB } from "./import-folder.ts";
export { ACCOUNT_FAILURES_BEFORE_DELAY, LOGIN_WINDOW_MS, MAX_FAILURES_PER_IP, MAX_FAILURES_PER_PAIR } from "./login.ts";

export type MediaUrl = (key: string | null | undefined) => string;

export type AdminDeps = {
  db: Db;
  storage: Storage;
  env: Env;
  logger: Logger;
  mediaUrl: MediaUrl;
  /** Contact replies and resent purchase e-mails; without it those two actions say mail is unavailable. */
  mailer?: Mailer;
  ports?: PublishPorts;
  /** The orders module's refund through the provider that took a sale's payment; without it the action says sales are unavailable. */
  refund?: (orderId: number, by: string) => Promise<{ status: "refunded" | "pending"; provider: string }>;
  /** Bib recognition, when present: its progress on the upload screen, and hand tagging settles its suggestions. */
  recognition?: RecognitionPort & BibReviewPort;
};

/**
 * The back office's services. Every call that reads or changes shop data takes
 * the operator first: roles and race assignments are checked here, not in routes,
 * and every change is written to the audit log.
 */
export function createAdminServices({ db, storage, env, logger, mediaUrl, mailer, ports = {}, refund, recognition }: AdminDeps) {
  const signer = createSigner(loadSessionSecret(env));
  const session: SessionDeps = { db, signer, secure: env.publicUrl.startsWith("https://") };
  const published = onPublished(db, logger, ports);
  const raceDeps = { db, storage, onPublished: published };

  return {
    /** Job handlers the shop's worker runs for the back office (folder imports, in the bulk lane). */
    handlers: { [IMPORT_JOB]: importJob(db, storage, logger, published) },
    auth: {
      login: (input: LoginInput) => login(session, input),
      async logout(op: Operator) {
        await audit(db, op, "logout");
        return closeSession(session, op.sessionId);
      },
      /** The operator behind a Cookie header, or undefined. */
      authenticate: (cookieHeader: string | null | undefined) => readSession(session, cookieHeader),
      /** Whether a submitted CSRF token belongs to this operator's session. */
      checkCsrf: (op: Operator, token: string | null | undefined) => Boolean(token) && safeEqual(String(token), op.csrfToken),
      loginCsrf: (cookieHeader: string | null | undefined) => loginCsrf(session, cookieHeader),
      checkLoginCsrf: (cookieHeader: string | null | undefined, token: string | undefined) => checkLoginCsrf(session, cookieHeader, token),
    },
    /** tus endpoint for photo uploads, mounted by the Express app at UPLOAD_PATH. */
    uploads: createPhotoUploads({
      db,
      storage,
      logger,
      scratch: path.join(env.dataDir, "tmp", "uploads"),
      authenticate: (cookieHeader) => readSession(session, cookieHeader),
    }),
    operators: {
      list: (op: Operator) => listOperators(db, op),
      invite: (op: Operator, input: InviteInput) => inviteOperator(db, op, input),
      update: (op: Operator, id: number, input: UpdateOperatorInput) => updateOperator(db, op, id, input),
      resetPassword: (op: Operator, id: number) => resetOperatorPassword(db, op, id),
      changeOwnPassword: (op: Operator, input: { current: string; next: string; confirm: string }) => changeOwnPassword(db, op, input),
      payoutDetails: (op: Operator) => ownPayoutDetails(db, op),
      setPayoutDetails: (op: Operator, text: string) => setOwnPayoutDetails(db, op, text),
    },
    audit: {
      async list(op: Operator, query: { q?: string; before?: number }) {
        requireAdmin(op);
        return listAudit(db, query);
      },
    },
    races: {
      list: (op: Operator) => listRaces(db, op),
      header: (op: Operator, raceId: number) => raceHeader(db, op, raceId),
      /** The editor's fields, with the stored logo and hero as URLs. */
      async editor(op: Operator, raceId: number) {
        const { race, tags, overrides } = await raceEditor(db, op, raceId);
        return {
          id: race.id,
          slug: race.slug,
          status: race.status,
          name: race.name,
          logoUrl: mediaUrl(race.logoKey),
          heroUrl: mediaUrl(race.heroKey),
          input: formInputOf(race, tags, overrides),
        };
      },
      create: (op: Operator, form: RaceForm, images: RaceImages) => createRace(raceDeps, op, form, images),
      update: (op: Operator, raceId: number, form: RaceForm, images: RaceImages) => updateRace(raceDeps, op, raceId, form, images),
      setStatus: (op: Operator, raceId: number, status: RaceRow["status"]) => setRaceStatus(raceDeps, op, raceId, status),
      preview: (op: Operator, raceId: number, page: number, lang: Lang) => previewRace(db, mediaUrl, op, raceId, page, lang),
      /** Queues the import of a folder on the server; `imports` follows it. */
      importFolder: (op: Operator, folder: string) => startImport(db, op, folder),
      imports: (op: Operator) => importRuns(db, op),
    },
    settings: {
      view: (op: Operator) => settingsView(db, mediaUrl, op),
      saveTiers: (op: Operator, tiers: { minQuantity: number; percent: number }[]) => saveTiers(db, op, tiers),
      savePresale: (op: Operator, presale: { active: boolean; raceId: number | null }) => savePresale(db, op, presale),
      savePreparation: (op: Operator, preparation: { status: "idle" | "success" }) => savePreparation(db, op, preparation),
      saveSupport: (op: Operator, support: { email: string; facebook: string; instagram: string }) => saveSupport(db, op, support),
      addBanner: (op: Operator, file: File) => addBanner(db, storage, op, file),
      moveBanner: (op: Operator, id: number, direction: "up" | "down") => moveBanner(db, op, id, direction),
      setBannerActive: (op: Operator, id: number, active: boolean) => setBannerActive(db, op, id, active),
      deleteBanner: (op: Operator, id: number) => deleteBanner(db, op, id),
    },
    sales: {
      races: async (op: Operator) => {
        requireAdmin(op);
        return raceOptions(db);
      },
      list: (op: Operator, filter: OrderFilter) => orderList.page(db, op, filter),
      csv: (op: Operator, filter: OrderFilter) => orderList.csv(db, op, filter),
      detail: (op: Operator, id: number) => orderDetail(db, mediaUrl, op, id),
      move: (op: Operator, id: number, move: ManualMove, reason: string) => moveOrderByHand(db, mailer, op, id, move, reason),
      refund: (op: Operator, id: number) => refundThroughProvider(db, refund, op, id),
      resendMail: (op: Operator, id: number) => resendPurchaseMail(db, mailer, op, id),
    },
    inbox: {
      preorders: (op: Operator, filter: ListFilter) => preorderList.page(db, op, filter),
      preordersCsv: (op: Operator, filter: ListFilter) => preorderList.csv(db, op, filter),
      signups: (op: Operator, filter: ListFilter) => signupList.page(db, op, filter),
      signupsCsv: (op: Operator, filter: ListFilter) => signupList.csv(db, op, filter),
      messages: (op: Operator, filter: ListFilter) => messageList.page(db, op, filter),
      messagesCsv: (op: Operator, filter: ListFilter) => messageList.csv(db, op, filter),
      message: (op: Operator, id: number) => messageDetail(db, op, id),
      reply: (op: Operator, id: number, body: string) => replyToMessage(db, mailer, op, id, { body }),
    },
    dashboard: (op: Operator) => dashboard(db, op),
    /** Partners' shares, statements and payouts (issue 20). */
    partners: {
      shares: (op: Operator, raceId: number | null) => sharesScreen(db, op, raceId),
      setShares: (op: Operator, raceId: number | null, input: { organizerId: number | null; percents: SharePercents }) => setShares(db, op, raceId, input),
      statement: (op: Operator, partnerId?: number) => statementScreen(db, op, partnerId),
      statementCsv: (op: Operator, partnerId?: number) => statementCsv(db, op, partnerId),
      overview: (op: Operator, period: string) => overviewScreen(db, op, period),
      markPaid: (op: Operator, input: { partnerId: number; period: string; reference: string }) => markPaid(db, op, input),
      payoutFile: (op: Operator, period: string) => payoutFile(db, op, period),
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
      review: (op: Operator, raceId: number) => reviewScreen(db, op, raceId, recognition),
      crop: (op: Operator, suggestionId: number, width: number, options?: { evidence?: boolean }) =>
        suggestionCrop(db, op, suggestionId, width, recognition, options),
      decide: (op: Operator, suggestionId: number, decision: Decision) => decideSuggestion(db, op, suggestionId, decision, recognition),
      undoAuto: (op: Operator, photoId: number, bib: number) => undoAutoTag(db, op, photoId, bib, recognition),
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

export type AdminServices = ReturnType<typeof createAdminServices>;
