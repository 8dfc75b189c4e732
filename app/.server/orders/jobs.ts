import type { Db } from "../db/index.ts";
import { enqueue } from "../jobs/index.ts";

/** Job types of the orders module and how they are queued (each at most once per sale). */
export const DELIVER_JOB = "order.deliver";
export const EXPIRE_JOB = "order.expire";
export const REFUND_DUPLICATE_JOB = "order.refund-duplicate";
export { PREORDER_SYNC_JOB } from "../tagging/index.ts";

/** How long a checkout stays payable; the providers' checkouts expire with it. */
export const PENDING_TTL_MS = 24 * 3600_000;

export const queueDelivery = (tx: Db, orderId: number) => enqueue(tx, DELIVER_JOB, { orderId }, { uniqueKey: `deliver:${orderId}` });

export const queueExpiry = (tx: Db, target: { orderId: number } | { preorderId: number }, at: Date) =>
  enqueue(tx, EXPIRE_JOB, target, {
    uniqueKey: "orderId" in target ? `expire:order:${target.orderId}` : `expire:preorder:${target.preorderId}`,
    runAt: at,
  });

/** A payment that paid something already paid, to give back; retried for about a day while the provider is unreachable. */
export const queueDuplicateRefund = (tx: Db, paymentId: number) =>
  enqueue(tx, REFUND_DUPLICATE_JOB, { paymentId }, { uniqueKey: `refund-duplicate:${paymentId}`, maxAttempts: 16 });
