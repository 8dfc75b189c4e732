import type { Lang } from "../../i18n/langs.ts";
import type { WebhookInput } from "../payments/index.ts";
import { applyPaymentEvent, receiveWebhook } from "./apply-payment.ts";
import { createPurchase, type PurchaseInput } from "./create-purchase.ts";
import type { OrderDeps } from "./deps.ts";
import { demoCheckout, demoDecide } from "./demo-payment.ts";
import { deliverJob, expireJob } from "./fulfil.ts";
import { fullsetOffer } from "./fullset-offer.ts";
import { DELIVER_JOB, EXPIRE_JOB, PREORDER_SYNC_JOB, REFUND_DUPLICATE_JOB } from "./jobs.ts";
import { convertPaidPreorders, preorderSyncJob } from "./preorder-sales.ts";
import { createPreorder, preorderForm, prepurchaseView, type PreorderInput } from "./preorders.ts";
import { findOrder, purchaseView, type OrderRow, type ZipState } from "./purchase-view.ts";
import { refundDuplicateJob, refundSale } from "./refund.ts";

export type { OrderDeps } from "./deps.ts";
export type { PurchaseInput, PurchaseCreated, Country, Buyer } from "./create-purchase.ts";
export type { PreorderInput, PrepurchaseView } from "./preorders.ts";
export type { ConversionReport } from "./preorder-sales.ts";
export type { PurchaseView, OrderRow, ZipState } from "./purchase-view.ts";
export type { DemoCheckout } from "./demo-payment.ts";
export type { Applied } from "./apply-payment.ts";
export type { FullsetOffer } from "./fullset-offer.ts";
export { moveOrder, movePreorder } from "./state-machine.ts";
export { findOrder } from "./purchase-view.ts";
export { mailRefunded } from "./refund-mail.ts";
export { mailPurchaseReady } from "./purchase-mail.ts";
export type { RefundAnswer } from "./refund.ts";
export { DELIVER_JOB, EXPIRE_JOB, PREORDER_SYNC_JOB, REFUND_DUPLICATE_JOB, PENDING_TTL_MS } from "./jobs.ts";
export { downloadPayload, parsePreorder, parsePurchase, preorderBody, publicIdSchema, purchaseBody, zipPayload } from "./payloads.ts";

/** The orders service: checkout, payments, pre-orders and the jobs that move sales along. */
export function createOrders(deps: OrderDeps) {
  return {
    create: (input: PurchaseInput) => createPurchase(deps, input),
    view: (publicId: string, lang: Lang, zip: (order: OrderRow) => Promise<ZipState>) => purchaseView(deps, publicId, lang, zip),
    find: (publicId: string) => findOrder(deps.db, publicId),
    fullsetOffer: (raceId: number, bib: number, lang: Lang) => fullsetOffer(deps, raceId, bib, lang),
    webhook: (provider: string, input: WebhookInput) => receiveWebhook(deps, provider, input),
    /** An operator's whole refund of a paid sale, through the provider that took it. */
    refund: (orderId: number, by: string) => refundSale(deps, orderId, by),
    applyPaymentEvent: (...args: Parameters<typeof applyPaymentEvent> extends [unknown, ...infer R] ? R : never) => applyPaymentEvent(deps, ...args),
    demo: {
      get: (token: string) => demoCheckout(deps, token),
      decide: (token: string, outcome: "approved" | "rejected") => demoDecide(deps, token, outcome),
    },
    preorders: {
      form: (slug: string, lang: Lang) => preorderForm(deps, slug, lang),
      create: (input: PreorderInput) => createPreorder(deps, input),
      view: (publicId: string, lang: Lang) => prepurchaseView(deps, publicId, lang),
    },
    /** When a race is published (and from the back office): every paid pre-order gets its sale or its new photos. */
    convertPaidPreorders: (raceId: number) => convertPaidPreorders(deps, raceId),
    handlers: {
      [DELIVER_JOB]: deliverJob(deps),
      [EXPIRE_JOB]: expireJob(deps),
      [PREORDER_SYNC_JOB]: preorderSyncJob(deps),
      [REFUND_DUPLICATE_JOB]: refundDuplicateJob(deps),
    },
  };
}

export type Orders = ReturnType<typeof createOrders>;
