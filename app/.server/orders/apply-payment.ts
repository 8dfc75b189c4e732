import { and, eq, sql, type SQL } from "drizzle-orm";
import { isPaidState, STATE } from "../../domain/order-states.ts";
import { crashPoint } from "../crash-point.ts";
import { inTransaction, isUniqueViolation, type Db, orders, payments, preorders, providerEvents } from "../db/index.ts";
import { notFound } from "../errors.ts";
import { parseReference, type PaymentEvent, type PaymentStatus, type ProviderName, type WebhookInput } from "../payments/index.ts";
import type { OrderDeps } from "./deps.ts";
import { queueDelivery, queueDuplicateRefund } from "./jobs.ts";
import { mailPreorderConfirmed } from "./preorders.ts";
import { mailRefunded } from "./refund-mail.ts";
import { moveOrder, movePreorder } from "./state-machine.ts";
import type { OrderCause } from "../../domain/order-cause.ts";

export type Applied = "applied" | "duplicate" | "ignored";

/** An event about a payment we have not seen yet; answered 503 so the provider retries it later. */
export class PaymentNotYetKnown extends Error {
  constructor(provider: string, paymentId: string) {
    super(`${provider} event for unknown payment ${paymentId}; retry later`);
    this.name = "PaymentNotYetKnown";
  }
}

/** A payment's status only moves forward: a late "approved" never undoes a refund. */
const RANK: Record<PaymentStatus, number> = { pending: 0, rejected: 1, approved: 2, refunded: 3 };
const isStatus = (s: string): s is PaymentStatus => s in RANK;

type Target = { kind: "order"; id: number; total: number; currency: string } | { kind: "preorder"; id: number; total: number; currency: string };

async function findTarget(tx: Db, provider: string, event: PaymentEvent): Promise<Target | undefined> {
  const ref = parseReference(event.reference);
  let byOrder: SQL | undefined;
  let byPreorder: SQL | undefined;
  if (ref) {
    if (ref.kind === "order") byOrder = eq(orders.publicId, ref.publicId);
    else byPreorder = eq(preorders.publicId, ref.publicId);
  } else {
    // Refunds and some provider events name only the payment.
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, event.paymentId)));
    if (payment?.orderId) byOrder = eq(orders.id, payment.orderId);
    else if (payment?.preorderId) byPreorder = eq(preorders.id, payment.preorderId);
  }
  if (byOrder) {
    const [o] = await tx.select().from(orders).where(byOrder);
    return o && { kind: "order", id: o.id, total: o.total, currency: o.currency };
  }
  if (byPreorder) {
    const [p] = await tx.select().from(preorders).where(byPreorder);
    return p && { kind: "preorder", id: p.id, total: p.total, currency: p.currency };
  }
  return undefined;
}

/**
 * Applies one verified payment event, exactly once: the provider's event id is
 * recorded in the same transaction, so a redelivered event changes nothing.
 * The amount is checked against the sale before anything is marked paid, and a
 * second approved payment for a sale that is already paid is recorded, never
 * counted, and refunded (refundIfBoughtNothing).
 */
export async function applyPaymentEvent(deps: OrderDeps, provider: ProviderName, event: PaymentEvent): Promise<Applied> {
  try {
    return await applyOnce(deps, provider, event);
  } catch (error) {
    // Two events of one new payment at once (MercadoPago's notifications, a retried delivery under a new id):
    // the other recorded the payment first, and this one rolled back. Applied again, it finds that payment.
    if (isUniqueViolation(error, "payments_provider_id_key")) return applyOnce(deps, provider, event);
    throw error;
  }
}

function applyOnce(deps: OrderDeps, provider: ProviderName, event: PaymentEvent): Promise<Applied> {
  return inTransaction(deps.db, async (tx) => {
    const [fresh] = await tx
      .insert(providerEvents)
      .values({ provider, eventId: event.eventId, payload: (event.raw ?? {}) as object })
      .onConflictDoNothing()
      .returning({ id: providerEvents.id });
    if (!fresh) return "duplicate";
    const done = async (result: Applied) => {
      await tx.update(providerEvents).set({ processedAt: new Date() }).where(eq(providerEvents.id, fresh.id));
      return result;
    };

    const target = await findTarget(tx, provider, event);
    if (!target && event.status === "refunded") {
      // A refund that overtook its payment: roll back (the event stays unrecorded) so the provider delivers it again.
      throw new PaymentNotYetKnown(provider, event.paymentId);
    }
    if (!target) {
      deps.logger.warn({ provider, event: event.eventId, reference: event.reference }, "payment for nothing we know");
      return done("ignored");
    }

    // The payment row: one per provider payment, its status only moving forward.
    const link = target.kind === "order" ? { orderId: target.id } : { preorderId: target.id };
    const [known] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, event.paymentId)))
      .for("update");
    const before = known && isStatus(known.status) ? known.status : undefined;
    const status = before && RANK[before] > RANK[event.status] ? before : event.status;
    const amount = event.amount ?? known?.amount ?? target.total;
    const currency = event.currency ?? known?.currency ?? target.currency;
    const mismatch = status === "approved" && (amount !== target.total || currency !== target.currency);
    const stored = mismatch ? "amount_mismatch" : status;
    let paymentRow = known?.id;
    if (known) {
      await tx
        .update(payments)
        .set({
          status: known.status === "amount_mismatch" ? known.status : stored,
          raw: event.raw as object,
          ...(event.fee === undefined ? {} : { fee: event.fee }),
        })
        .where(eq(payments.id, known.id));
    } else {
      [{ id: paymentRow }] = await tx
        .insert(payments)
        .values({ ...link, provider, providerPaymentId: event.paymentId, status: stored, amount, currency, fee: event.fee ?? null, raw: event.raw as object })
        .returning({ id: payments.id });
    }
    if (mismatch || known?.status === "amount_mismatch") {
      deps.logger.error({ provider, payment: event.paymentId, amount, currency, expected: target.total }, "payment amount does not match the sale");
      return done("ignored");
    }

    const cause: OrderCause = { code: "payment", provider, paymentId: event.paymentId, status };
    const payment = { id: paymentRow!, provider, providerPaymentId: event.paymentId };
    if (target.kind === "order") await applyToOrder(deps, tx, target, status, cause, payment);
    else await applyToPreorder(deps, tx, target, status, cause, payment);
    const applied = await done("applied");
    crashPoint(deps.env, "payment.before-commit");
    return applied;
  });
}

type PaymentRef = { id: number; provider: string; providerPaymentId: string };
/** What a payment pays for. */
type Owner = { kind: "order" | "preorder"; id: number };

/** The sale's or pre-order's payments that stand approved (not refunded, not mismatched). */
async function approvedPayments(tx: Db, owner: Owner): Promise<number> {
  const of = owner.kind === "order" ? eq(payments.orderId, owner.id) : eq(payments.preorderId, owner.id);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .where(and(of, eq(payments.status, "approved")));
  return Number(row.n);
}

/**
 * Whether an approved payment of this sale or pre-order bought nothing: it is
 * not paid (refunded meanwhile), or another approved payment pays it too (two
 * tabs, two cards). A paid one with no other approved payment is the one that
 * paid it (a notification delivered again).
 */
export async function paidForNothing(tx: Db, owner: Owner): Promise<boolean> {
  const table = owner.kind === "order" ? orders : preorders;
  const [row] = await tx.select({ state: table.state }).from(table).where(eq(table.id, owner.id));
  return !(row && isPaidState(row.state)) || (await approvedPayments(tx, owner)) >= 2;
}

/** An approved payment that could not make its sale or pre-order paid is never counted, and a job gives it back if it bought nothing. */
async function refundIfBoughtNothing(deps: OrderDeps, tx: Db, target: Target, payment: PaymentRef): Promise<void> {
  if (!(await paidForNothing(tx, target))) return;
  deps.logger.warn({ [target.kind]: target.id, provider: payment.provider, payment: payment.providerPaymentId }, "a payment that bought nothing is refunded");
  await queueDuplicateRefund(tx, payment.id);
}

/**
 * Whether a refunded payment gives the money back: only when no other approved
 * payment still pays it. Refunding the extra payment of a sale paid twice (by
 * our job or in the provider's dashboard) leaves the sale paid.
 */
async function nothingLeftPaid(deps: OrderDeps, tx: Db, target: Target, payment: PaymentRef): Promise<boolean> {
  if ((await approvedPayments(tx, target)) === 0) return true;
  deps.logger.info({ [target.kind]: target.id, provider: payment.provider, payment: payment.providerPaymentId }, "one of two payments refunded: still paid");
  return false;
}

async function applyToOrder(deps: OrderDeps, tx: Db, target: Target, status: PaymentStatus, cause: OrderCause, payment: PaymentRef) {
  if (status === "approved") {
    if (await moveOrder(tx, target.id, STATE.paid, cause)) await queueDelivery(tx, target.id);
    else await refundIfBoughtNothing(deps, tx, target, payment);
  } else if (status === "rejected") {
    await moveOrder(tx, target.id, STATE.cancelled, cause);
  } else if (status === "refunded") {
    if ((await nothingLeftPaid(deps, tx, target, payment)) && (await moveOrder(tx, target.id, STATE.refunded, cause)))
      await mailRefunded(deps.mailer, tx, target.id);
  }
}

async function applyToPreorder(deps: OrderDeps, tx: Db, target: Target, status: PaymentStatus, cause: OrderCause, payment: PaymentRef) {
  if (status === "approved") {
    if (await movePreorder(tx, target.id, STATE.paid, cause)) await mailPreorderConfirmed(deps, tx, target.id);
    else await refundIfBoughtNothing(deps, tx, target, payment);
  } else if (status === "rejected") {
    await movePreorder(tx, target.id, STATE.cancelled, cause);
  } else if (status === "refunded") {
    // Pre-purchases have no refunded state: the refund cancels it, so no sale is ever made from it.
    if (await nothingLeftPaid(deps, tx, target, payment)) await movePreorder(tx, target.id, STATE.cancelled, cause);
  }
}

/** A webhook from a provider: verified by the provider, then each payment it names applied once. */
export async function receiveWebhook(deps: OrderDeps, providerName: string, input: WebhookInput): Promise<Applied[]> {
  const provider = deps.payments.byName(providerName);
  if (!provider) throw notFound();
  const events = await provider.readWebhook(input);
  const results: Applied[] = [];
  for (const event of events) results.push(await applyPaymentEvent(deps, provider.name, event));
  // Committed, but the provider never hears so: it delivers the notification again.
  crashPoint(deps.env, "payment.after-commit");
  return results;
}
