import { and, asc, eq } from "drizzle-orm";
import type { Currency } from "../../domain/money.ts";
import { isPaidState, STATE } from "../../domain/order-states.ts";
import { type Db, inTransaction, orders, payments } from "../db/index.ts";
import { conflict, DomainError, notFound } from "../errors.ts";
import { providerName } from "../../domain/payment-providers.ts";
import { ProviderUnavailable, RefundRefused, type PaymentProvider, type ProviderName, type RefundOutcome } from "../payments/index.ts";
import { applyPaymentEvent, paidForNothing } from "./apply-payment.ts";
import type { OrderDeps } from "./deps.ts";
import { mailPaymentReturned } from "./refund-mail.ts";

/**
 * How long an unanswered refund request holds a payment (a crash between
 * asking and hearing back) before it may be asked again; the idempotency key
 * keeps a repeated request a single refund at the provider.
 */
const REQUEST_HOLD_MS = 10 * 60_000;

export type RefundAnswer = { status: "refunded" | "pending"; provider: ProviderName };

type PaymentRow = typeof payments.$inferSelect;
type Claimed = { payment: PaymentRow; provider: PaymentProvider };

/**
 * Holds a payment for a refund request (in the caller's transaction, with the
 * payment row locked): refused while one is already asked or given, or when
 * the provider that took it is not configured.
 */
async function claimRefund(deps: OrderDeps, tx: Db, paid: PaymentRow): Promise<Claimed> {
  const taker = deps.payments.byName(paid.provider);
  if (!taker) throw conflict("refundNoProvider", { provider: providerName(paid.provider) });
  const asked = paid.refundRequestedAt && Date.now() - paid.refundRequestedAt.getTime() < REQUEST_HOLD_MS;
  if (paid.refundId || asked) throw conflict("refundPending", { provider: providerName(paid.provider) });
  await tx.update(payments).set({ refundRequestedAt: new Date() }).where(eq(payments.id, paid.id));
  return { payment: paid, provider: taker };
}

/**
 * Asks the provider to refund a claimed payment, whole; the idempotency key
 * keeps a repeated request a single refund there. A refund it confirms at
 * once is applied like its own "refunded" notification (so that notification
 * changes nothing later). A refused or unreachable provider releases the hold.
 */
async function askRefund(deps: OrderDeps, { payment, provider }: Claimed, by: string): Promise<RefundAnswer> {
  const owner = payment.orderId ? { order: payment.orderId } : { preorder: payment.preorderId };
  let outcome: RefundOutcome;
  try {
    outcome = await provider.refund({
      paymentId: payment.providerPaymentId,
      amount: payment.amount,
      currency: payment.currency as Currency,
      idempotencyKey: `refund-${payment.id}`,
    });
  } catch (error) {
    await deps.db.update(payments).set({ refundRequestedAt: null }).where(eq(payments.id, payment.id));
    const label = providerName(provider.name);
    if (error instanceof RefundRefused) {
      deps.logger.warn({ ...owner, provider: provider.name, err: error.message }, "refund refused by the provider");
      throw conflict("refundRefused", { provider: label });
    }
    if (error instanceof ProviderUnavailable) {
      deps.logger.error({ ...owner, provider: provider.name, err: error.message }, "refund: provider unavailable");
      throw new DomainError("Unavailable", "refundUnavailable", { provider: label });
    }
    throw error;
  }
  await deps.db.update(payments).set({ refundId: outcome.refundId }).where(eq(payments.id, payment.id));
  deps.logger.info({ ...owner, provider: provider.name, refund: outcome.refundId, status: outcome.status, by }, "refund requested");
  if (outcome.status === "refunded") {
    await applyPaymentEvent(deps, provider.name, {
      eventId: `refund:${outcome.refundId}`,
      paymentId: payment.providerPaymentId,
      status: "refunded",
      raw: { refund: outcome.refundId, requestedBy: by },
    });
  }
  return { status: outcome.status, provider: provider.name };
}

/**
 * An operator refunds a paid sale, whole, through the provider that took its
 * payment. The sale becomes refunded only when the provider confirms: at once
 * when its answer says so, else by its webhook. A refused or unreachable
 * provider leaves everything as it was, ready to try again.
 */
export async function refundSale(deps: OrderDeps, orderId: number, by: string): Promise<RefundAnswer> {
  const claimed = await inTransaction(deps.db, async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) throw notFound();
    if (order.state === STATE.refunded || order.state === STATE.refundedUnlabeled) throw conflict("refundDone");
    if (!isPaidState(order.state)) throw conflict("refundNotPaid");
    // The payment that paid it; a second one (paid twice) is given back on its own (refundDuplicateJob).
    const [paid] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.status, "approved")))
      .orderBy(asc(payments.createdAt), asc(payments.id))
      .limit(1)
      .for("update");
    if (!paid) throw conflict("refundNoPayment");
    return claimRefund(deps, tx, paid);
  });
  return askRefund(deps, claimed, by);
}

/**
 * Gives back a payment that bought nothing (apply-payment.ts,
 * refundIfBoughtNothing), unless it has been refunded or asked for since, or
 * is now the only payment of something paid (the first was refunded
 * meanwhile). An unreachable provider is asked again later (the job's
 * backoff); one that refuses is left to an operator, with an error in the log.
 */
export function refundDuplicateJob(deps: OrderDeps) {
  return async (payload: unknown): Promise<void> => {
    const paymentId = Number((payload as { paymentId?: unknown })?.paymentId);
    const claimed = await inTransaction(deps.db, async (tx) => {
      const [extra] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
      if (!extra || extra.status !== "approved" || extra.refundId) return undefined;
      const owner = extra.orderId
        ? { kind: "order" as const, id: extra.orderId }
        : extra.preorderId
          ? { kind: "preorder" as const, id: extra.preorderId }
          : undefined;
      if (owner && !(await paidForNothing(tx, owner))) return undefined;
      return claimRefund(deps, tx, extra);
    });
    if (!claimed) return;
    try {
      await askRefund(deps, claimed, "paid twice");
      await mailPaymentReturned(deps.mailer, deps.db, claimed.payment);
    } catch (error) {
      if (error instanceof DomainError && error.key === "refundRefused") {
        deps.logger.error({ payment: paymentId, provider: claimed.provider.name }, "a payment that bought nothing could not be refunded: refund it by hand");
        return;
      }
      throw error;
    }
  };
}
