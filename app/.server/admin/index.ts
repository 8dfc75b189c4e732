import type { MediaUrl } from "../catalog/index.ts";
import type { Lang } from "../../i18n/langs.ts";
import type { SharePercents } from "../../domain/revenue-split.ts";
import type { Db } from "../db/index.ts";
import type { Env } from "../env.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/index.ts";
import { createPhotoDesk, onPublished, type BibReviewPort, type PublishPorts, type RecognitionPort } from "../photo-desk/index.ts";
import { createStaffServices, requireAdmin, type Operator } from "../staff/index.ts";
import type { Storage } from "../storage/index.ts";
import { dashboard } from "./dashboard.ts";
import { messageDetail, messageList, preorderList, replyToMessage, signupList, type ListFilter } from "./inbox.ts";
import { markPaid, overviewScreen, payoutFile, setShares, sharesScreen, statementCsv, statementScreen } from "./partners.ts";
import { previewRace } from "./preview.ts";
import { formInputOf, type RaceForm } from "./race-form.ts";
import { createRace, listRaces, raceEditor, raceHeader, setRaceStatus, updateRace, type RaceImages, type RaceRow } from "./races.ts";
import { moveOrderByHand, orderDetail, orderList, raceOptions, refundThroughProvider, resendPurchaseMail, type ManualMove, type OrderFilter } from "./sales.ts";
import { addBanner, deleteBanner, moveBanner, savePreparation, savePresale, saveSupport, saveTiers, setBannerActive, settingsView } from "./shop-settings.ts";

// The back office: races, shop settings, sales, inbox, dashboard and partners'
// earnings here; staff (accounts, sessions, audit) and the photo desk (uploads,
// imports, tagging, bib review) in their own modules, composed below.
export { parseRaceForm, raceFormInput, formInputOf, NEW_RACE, STATUSES } from "./race-form.ts";
export type { RaceForm, RaceFormErrors, RaceFormInput, RaceStatus } from "./race-form.ts";
export type { RaceListRow, RaceEditor } from "./races.ts";
export { chosenFile } from "./site-image.ts";
export { orderFilterSchema, MANUAL_MOVES } from "./sales.ts";
export type { OrderFilter, ManualMove } from "./sales.ts";
export { listFilterSchema } from "./inbox.ts";
export type { ListFilter } from "./inbox.ts";
export type { DayPoint, RaceSales } from "./dashboard.ts";
export { toCsv } from "./csv.ts";
export { currentPeriod } from "./partners.ts";
export { PERIOD } from "../partners/index.ts";

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
  const staff = createStaffServices({ db, env });
  const published = onPublished(db, logger, ports);
  const desk = createPhotoDesk({ db, storage, env, logger, mediaUrl, published, authenticate: staff.authenticate, recognition });
  const raceDeps = { db, storage, onPublished: published };

  return {
    handlers: desk.handlers,
    auth: staff.auth,
    uploads: desk.uploads,
    operators: staff.operators,
    audit: staff.audit,
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
      importFolder: desk.imports.start,
      imports: desk.imports.list,
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
    photos: desk.photos,
    bibs: desk.bibs,
  };
}

export type AdminServices = ReturnType<typeof createAdminServices>;
