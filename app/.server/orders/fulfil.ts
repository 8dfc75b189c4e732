import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { formatMoney } from "../../domain/money.ts";
import { STATE } from "../../domain/order-states.ts";
import type { Lang } from "../../i18n/langs.ts";
import { inTransaction, type Db, customers, orderPhotos, orders, preorders, races } from "../db/index.ts";
import { pick } from "../catalog/index.ts";
import type { OrderDeps } from "./deps.ts";
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
      const [row] = await tx
        .select({ order: orders, customer: customers })
        .from(orders)
        .innerJoin(customers, eq(customers.id, orders.customerId))
        .where(eq(orders.id, orderId))
        .for("update", { of: orders });
      if (!row || row.order.state !== STATE.paid) return;
      const lang = row.order.lang as Lang;
      const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(orderPhotos).where(eq(orderPhotos.orderId, orderId));
      const [fromPreorder] = await tx
        .select({ race: races.name })
        .from(preorders)
        .innerJoin(races, eq(races.id, preorders.raceId))
        .where(eq(preorders.orderId, orderId));
      const base = { to: row.customer.email, lang, key: `purchase-ready:${orderId}` };
      const data = { firstName: row.customer.firstName, id: row.order.publicId, count: Number(count) };
      if (fromPreorder) {
        await deps.mailer.send({ ...base, template: "preorderPhotosReady", data: { ...data, race: pick(fromPreorder.race, lang) } }, { tx });
      } else {
        await deps.mailer.send({ ...base, template: "purchaseReady", data: { ...data, total: formatMoney(row.order.total, row.order.currency) } }, { tx });
      }
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
