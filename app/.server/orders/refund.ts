import { and, asc, eq } from "drizzle-orm";
import type { Currency } from "../../domain/money.ts";
import { isPaidState, STATE } from "../../domain/order-states.ts";
import { inTransaction, orders, payments } from "../db/index.ts";
import { conflict, DomainError, notFound } from "../errors.ts";
import { providerName } from "../../domain/payment-providers.ts";
import { ProviderUnavailable, RefundRefused, type ProviderName, type RefundOutcome } from "../payments/index.ts";
import { applyPaymentEvent } from "./apply-payment.ts";
import type { OrderDeps } from "./deps.ts";

/**
 * How long an unanswered refund request holds a payment (a crash between
 * asking and hearing back) before it may be asked again; the idempotency key
 * keeps a repeated request a single refund at the provider.
 */
const REQUEST_HOLD_MS = 10 * 60_000;

export type RefundAnswer = { status: "refunded" | "pending"; provider: ProviderName };

/**
 * An operator refunds a paid sale, whole, through the provider that took its
 * payment. The sale becomes refunded only when the provider confirms: at once
 * when its answer says so (applied like its own "refunded" notification, so
 * that notification changes nothing later), else by its webhook. A refused
 * or unreachable provider leaves everything as it was, ready to try again.
 */
export async function refundSale(deps: OrderDeps, orderId: number, by: string): Promise<RefundAnswer> {
  const { payment, provider } = await inTransaction(deps.db, async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) throw notFound();
    if (order.state === STATE.refunded || order.state === STATE.refundedUnlabeled) throw conflict("refundDone");
    if (!isPaidState(order.state)) throw conflict("refundNotPaid");
    // The payment that paid it; a second one (paid twice) is kept on record, not this sale's.
    const [paid] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.status, "approved")))
      .orderBy(asc(payments.createdAt), asc(payments.id))
      .limit(1)
      .for("update");
    if (!paid) throw conflict("refundNoPayment");
    const taker = deps.payments.byName(paid.provider);
    if (!taker) throw conflict("refundNoProvider", { provider: providerName(paid.provider) });
    const asked = paid.refundRequestedAt && Date.now() - paid.refundRequestedAt.getTime() < REQUEST_HOLD_MS;
    if (paid.refundId || asked) throw conflict("refundPending", { provider: providerName(paid.provider) });
    await tx.update(payments).set({ refundRequestedAt: new Date() }).where(eq(payments.id, paid.id));
    return { payment: paid, provider: taker };
  });

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
      deps.logger.warn({ order: orderId, provider: provider.name, err: error.message }, "refund refused by the provider");
      throw conflict("refundRefused", { provider: label });
    }
    if (error instanceof ProviderUnavailable) {
      deps.logger.error({ order: orderId, provider: provider.name, err: error.message }, "refund: provider unavailable");
      throw new DomainError("Unavailable", "refundUnavailable", { provider: label });
    }
    throw error;
  }
  await deps.db.update(payments).set({ refundId: outcome.refundId }).where(eq(payments.id, payment.id));
  deps.logger.info({ order: orderId, provider: provider.name, refund: outcome.refundId, status: outcome.status, by }, "refund requested");
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
