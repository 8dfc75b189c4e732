import type { MediaUrl } from "../catalog/index.ts";
import { SHOP_ZONE } from "../../domain/shop-zone.ts";
import { dbId } from "../../domain/fields.ts";
import { and, asc, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { hasNothingToRefund, isPaidState, STATE } from "../../domain/order-states.ts";
import { inTransaction, type Db, customers, orderEvents, orderPhotos, orders, payments, photos, preorders, races } from "../db/index.ts";
import { DomainError } from "../errors.ts";
import { enqueue } from "../jobs/index.ts";
import type { Mailer } from "../mail/index.ts";
import { DELIVER_JOB, mailPurchaseReady, mailRefunded, moveOrder } from "../orders/index.ts";
import { type Operator, audit, requireAdmin } from "../staff/index.ts";
import { adminList, type RowRange } from "./listing.ts";
import type { OrderCause } from "../../domain/order-cause.ts";

const day = z.union([z.literal(""), z.iso.date()]).optional();
export const orderFilterSchema = z.object({
  raceId: dbId.optional().catch(undefined),
  state: z.coerce.number().int().min(1).max(6).optional().catch(undefined),
  currency: z.enum(["ARS", "USD"]).optional().catch(undefined),
  from: day.catch(undefined),
  to: day.catch(undefined),
  q: z.string().trim().max(200).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type OrderFilter = z.output<typeof orderFilterSchema>;

/** `from`/`to` are inclusive shop-zone days on a timestamp column. */
export function dayRange(column: SQL | typeof orders.createdAt, from?: string, to?: string): SQL[] {
  const out: SQL[] = [];
  if (from) out.push(sql`${column} >= (${from}::date::timestamp at time zone ${SHOP_ZONE})`);
  if (to) out.push(sql`${column} < ((${to}::date + 1)::timestamp at time zone ${SHOP_ZONE})`);
  return out;
}

/** A cart sale has no race of its own: it counts for the race of its first photo. */
export const orderRace = sql<
  number | null
>`coalesce(${orders.raceId}, (select p.race_id from order_photos op join photos p on p.id = op.photo_id where op.order_id = ${orders.id} order by op.photo_id limit 1))`;

function orderWhere(f: OrderFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (f.raceId) conditions.push(sql`${orderRace} = ${f.raceId}`);
  if (f.state) conditions.push(eq(orders.state, f.state));
  if (f.currency) conditions.push(eq(orders.currency, f.currency));
  conditions.push(...dayRange(orders.createdAt, f.from || undefined, f.to || undefined));
  if (f.q) {
    const like = `%${f.q}%`;
    conditions.push(or(eq(orders.publicId, f.q), ilike(customers.email, like), ilike(customers.lastName, like), ilike(customers.firstName, like))!);
  }
  return conditions.length ? and(...conditions) : undefined;
}

const orderColumns = {
  id: orders.id,
  publicId: orders.publicId,
  kind: orders.kind,
  state: orders.state,
  currency: orders.currency,
  subtotal: orders.subtotal,
  total: orders.total,
  provider: orders.provider,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
  email: customers.email,
  firstName: customers.firstName,
  lastName: customers.lastName,
  raceId: orderRace,
  raceName: sql<unknown>`(select r.name from races r where r.id = ${orderRace})`,
  photos: sql<number>`(select count(*)::int from order_photos op where op.order_id = ${orders.id})`,
};

function orderRows(db: Db, where: SQL | undefined, range: RowRange) {
  return db
    .select(orderColumns)
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(range.limit)
    .offset(range.offset)
    .then((rows) => rows.map((r) => ({ ...r, photos: Number(r.photos), raceId: r.raceId === null ? null : Number(r.raceId) })));
}

/** Orders newest first, a page on screen or every match in the CSV export. */
export const orderList = adminList({
  where: orderWhere,
  rows: orderRows,
  count: async (db, where) =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(orders).innerJoin(customers, eq(customers.id, orders.customerId)).where(where))[0].n,
  exportAction: "orders.export",
});

export async function orderDetail(db: Db, mediaUrl: MediaUrl, op: Operator, id: number) {
  requireAdmin(op);
  const [row] = await db
    .select({ order: orders, customer: customers })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.id, id));
  if (!row) throw new DomainError("NotFound", "notFound");
  const [items, paymentRows, events, race, preorder] = await Promise.all([
    db
      .select({
        photoId: photos.id,
        publicId: photos.publicId,
        frame: photos.frame,
        thumbKey: photos.thumbKey,
        raceId: photos.raceId,
        price: orderPhotos.price,
      })
      .from(orderPhotos)
      .innerJoin(photos, eq(photos.id, orderPhotos.photoId))
      .where(eq(orderPhotos.orderId, id))
      .orderBy(asc(photos.takenAt), asc(photos.id)),
    db.select().from(payments).where(eq(payments.orderId, id)).orderBy(asc(payments.createdAt)),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(asc(orderEvents.at), asc(orderEvents.id)),
    db.select({ id: races.id, name: races.name }).from(races).where(sql`${races.id} = (select ${orderRace} from orders where orders.id = ${id})`),
    db.select({ publicId: preorders.publicId }).from(preorders).where(eq(preorders.orderId, id)),
  ]);
  return {
    order: row.order,
    customer: row.customer,
    race: race[0] ?? null,
    fromPreorder: preorder[0]?.publicId ?? null,
    photos: items.map((p) => ({ ...p, thumbUrl: mediaUrl(p.thumbKey) })),
    payments: paymentRows.map((p) => ({
      id: p.id,
      provider: p.provider,
      providerPaymentId: p.providerPaymentId,
      status: p.status,
      amount: p.amount,
      currency: p.currency,
      createdAt: p.createdAt,
      refundRequestedAt: p.refundRequestedAt,
      refundId: p.refundId,
    })),
    events: events.map((e) => ({ id: e.id, from: e.fromState, to: e.toState, cause: e.cause, at: e.at })),
  };
}

export const MANUAL_MOVES = { paid: STATE.paid, refunded: STATE.refunded, cancelled: STATE.cancelled } as const;
export type ManualMove = keyof typeof MANUAL_MOVES;

/**
 * An operator moves a sale through the orders state machine (bank transfer
 * received, refund made, sale cancelled), with the reason in its history.
 * Marking paid delivers it like a provider's approval would (same job, same key).
 */
export async function moveOrderByHand(db: Db, mailer: Mailer | undefined, op: Operator, id: number, move: ManualMove, reason: string) {
  requireAdmin(op);
  const why = reason.trim().slice(0, 500);
  if (!why) throw new DomainError("Invalid", "reasonRequired");
  const cause: OrderCause = { code: "manual", move, by: op.email, reason: why };
  const moved = await inTransaction(db, async (tx) => {
    if (move === "refunded") {
      const [order] = await tx.select({ total: orders.total }).from(orders).where(eq(orders.id, id));
      if (order && hasNothingToRefund(order.total)) throw new DomainError("Conflict", "nothingToRefund");
    }
    const ok = await moveOrder(tx, id, MANUAL_MOVES[move], cause);
    if (ok && move === "paid") await enqueue(tx, DELIVER_JOB, { orderId: id }, { uniqueKey: `deliver:${id}` });
    // A refund made outside the shop (a bank transfer back) is told to the buyer like one made through a provider.
    if (ok && move === "refunded" && mailer) await mailRefunded(mailer, tx, id);
    return ok;
  });
  if (!moved) throw new DomainError("Conflict", "moveRefused");
  await audit(db, op, `order.${move}`, { orderId: id, reason: why });
}

/** Refunds a paid sale whole through the provider that took it (orders' refund); says whether the provider confirmed at once. */
export async function refundThroughProvider(
  db: Db,
  refund: ((orderId: number, by: string) => Promise<{ status: "refunded" | "pending"; provider: string }>) | undefined,
  op: Operator,
  id: number,
) {
  requireAdmin(op);
  if (!refund) throw new DomainError("Conflict", "ordersUnavailable");
  const answer = await refund(id, op.email);
  await audit(db, op, "order.refund", { orderId: id, provider: answer.provider, status: answer.status });
  return answer;
}

/** Sends the buyer their purchase link again (a paid sale only; the first e-mail may be lost in spam). */
export async function resendPurchaseMail(db: Db, mailer: Mailer | undefined, op: Operator, id: number) {
  requireAdmin(op);
  if (!mailer) throw new DomainError("Conflict", "mailUnavailable");
  const [row] = await db
    .select({ state: orders.state, email: customers.email })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.id, id));
  if (!row) throw new DomainError("NotFound", "notFound");
  if (!isPaidState(row.state)) throw new DomainError("Conflict", "moveRefused");
  await mailPurchaseReady(mailer, db, id);
  await audit(db, op, "order.resendMail", { orderId: id, to: row.email });
}

/** Names of races for the filter menus. */
export async function raceOptions(db: Db) {
  return db.select({ id: races.id, name: races.name }).from(races).orderBy(sql`${races.eventDate} desc nulls first`);
}
