import { eq, sql } from "drizzle-orm";
import { canMove, isStateId, STATE, type StateId } from "../../domain/order-states.ts";
import { inTransaction, type Db, orderEvents, orders, preorders } from "../db/index.ts";
import type { OrderCause } from "../../domain/order-cause.ts";
import { settleRefund, settleSale } from "../partners/index.ts";

/**
 * The only code that changes a sale's or pre-purchase's state. It locks the
 * row, refuses moves the domain's table does not allow, stamps the payment
 * time and records the change with its cause. Call it inside a transaction.
 *
 * Returns whether the state changed; a disallowed or repeated move changes
 * nothing, so replayed webhooks and jobs are harmless.
 */
export async function moveOrder(tx: Db, orderId: number, to: StateId, cause: OrderCause): Promise<boolean> {
  const [row] = await tx.select({ state: orders.state }).from(orders).where(eq(orders.id, orderId)).for("update");
  if (!row || !isStateId(row.state) || !canMove("sale", row.state, to)) return false;
  await tx
    .update(orders)
    .set({
      state: to,
      updatedAt: new Date(),
      ...(to === STATE.paid ? { paidAt: sql`coalesce(${orders.paidAt}, now())` } : {}),
    })
    .where(eq(orders.id, orderId));
  await tx.insert(orderEvents).values({ orderId, fromState: row.state, toState: to, cause });
  if (to === STATE.paid) await settleApart(tx, (sp) => settleSale(sp, orderId));
  if (to === STATE.refunded || to === STATE.refundedUnlabeled) await settleApart(tx, (sp) => settleRefund(sp, orderId));
  return true;
}

/**
 * The partners' split of a sale is written with the move that pays or refunds
 * it, in a savepoint of its own: a failure there must never lose a payment.
 * Housekeeping splits whatever was left unsplit (settlePastSales) and reports
 * why it failed.
 */
async function settleApart(tx: Db, settle: (savepoint: Db) => Promise<boolean>): Promise<void> {
  try {
    await inTransaction(tx, settle);
  } catch {
    // Left for housekeeping.
  }
}

export async function movePreorder(tx: Db, preorderId: number, to: StateId, cause: OrderCause): Promise<boolean> {
  const [row] = await tx.select({ state: preorders.state }).from(preorders).where(eq(preorders.id, preorderId)).for("update");
  if (!row || !isStateId(row.state) || !canMove("preorder", row.state, to)) return false;
  await tx
    .update(preorders)
    .set({ state: to, ...(to === STATE.paid ? { paidAt: sql`coalesce(${preorders.paidAt}, now())` } : {}) })
    .where(eq(preorders.id, preorderId));
  await tx.insert(orderEvents).values({ preorderId, fromState: row.state, toState: to, cause });
  return true;
}

/** The first event of a new sale or pre-purchase: it is born pending (or paid, when free). */
export async function recordCreated(tx: Db, target: { orderId: number } | { preorderId: number }, cause: OrderCause): Promise<void> {
  await tx.insert(orderEvents).values({ ...target, fromState: null, toState: STATE.pending, cause });
}
