import { eq } from "drizzle-orm";
import { z } from "zod";
import { STATE } from "../../domain/order-states.ts";
import { inTransaction, type Db, orders, preorders } from "../db/index.ts";
import type { OrderDeps } from "./deps.ts";
import { mailPurchaseReady } from "./purchase-mail.ts";
import { moveOrder, movePreorder } from "./state-machine.ts";

const deliverPayload = z.object({ orderId: z.number().int() });
const expirePayload = z.union([z.object({ orderId: z.number().int() }), z.object({ preorderId: z.number().int() })]);

/**
 * A paid sale is delivered by e-mailing the buyer its purchase link (the
 * photos are rendered on first download and kept); the e-mail is queued in the
 * same transaction that closes the sale, so neither happens without the other.
 */
export function deliverJob(deps: OrderDeps) {
  return async (payload: unknown) => {
    const { orderId } = deliverPayload.parse(payload);
    await inTransaction(deps.db, async (tx) => {
      const [row] = await tx.select({ state: orders.state }).from(orders).where(eq(orders.id, orderId)).for("update");
      if (!row || row.state !== STATE.paid) return;
      await mailPurchaseReady(deps.mailer, tx, orderId, `purchase-ready:${orderId}`);
      await moveOrder(tx, orderId, STATE.closed, { code: "delivered" });
    });
  };
}

/** An unpaid checkout past its time is cancelled; a payment arriving later still revives it. */
export function expireJob(deps: OrderDeps) {
  return async (payload: unknown) => {
    const target = expirePayload.parse(payload);
    await inTransaction(deps.db, async (tx) => {
      if ("orderId" in target) await moveIfPending(tx, "order", target.orderId);
      else await moveIfPending(tx, "preorder", target.preorderId);
    });
  };
}

async function moveIfPending(tx: Db, kind: "order" | "preorder", id: number) {
  const table = kind === "order" ? orders : preorders;
  const [row] = await tx.select({ state: table.state }).from(table).where(eq(table.id, id));
  if (row?.state !== STATE.pending) return;
  if (kind === "order") await moveOrder(tx, id, STATE.cancelled, { code: "expired" });
  else await movePreorder(tx, id, STATE.cancelled, { code: "expired" });
}
