import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { unitPrice } from "../../domain/pricing.ts";
import { priced } from "../pricing/index.ts";
import { reverseLines, shareInForce, splitSale, type ShareRecord, type SplitLine, type SplitPhoto } from "../../domain/revenue-split.ts";
import { inTransaction, rowsOf, type Db, orderPhotos, orders, payments, photos, preorders, races, raceShares, saleSplits, splitLines } from "../db/index.ts";
import { shareRecord } from "./shares.ts";

/** Sales in these states were paid (5 and 6 were then refunded). */
const PAID = [2, 3, 5, 6];

/**
 * Splits a paid sale between its partners, once, by the shares in force when
 * it was paid (domain/revenue-split.ts). Returns whether a split was written.
 * Call it inside the transaction that marks the sale paid.
 */
export async function settleSale(tx: Db, orderId: number): Promise<boolean> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order?.paidAt || !PAID.includes(order.state)) return false;
  const [done] = await tx
    .select({ id: saleSplits.id })
    .from(saleSplits)
    .where(and(eq(saleSplits.orderId, orderId), eq(saleSplits.entry, "sale")));
  if (done) return false;

  const rows = await tx
    .select({ line: orderPhotos, photo: photos, race: races })
    .from(orderPhotos)
    .innerJoin(photos, eq(photos.id, orderPhotos.photoId))
    .innerJoin(races, eq(races.id, photos.raceId))
    .where(eq(orderPhotos.orderId, orderId))
    .orderBy(asc(photos.takenAt), asc(photos.id));
  if (rows.length === 0) return false;
  const { received, fee } = await moneyIn(tx, order);
  const history = await shareHistory(
    tx,
    rows.map((r) => r.race.id),
  );
  const paidAt = order.paidAt;
  const plan = rows.map(({ line, photo, race }) => {
    const share = shareInForce(history, race.id, paidAt);
    if (!share) throw new Error("no shop-wide share on record (migration 0014 adds one)");
    const split: SplitPhoto = {
      photoId: photo.id,
      // A cart's line prices are the list prices at checkout; a full set's or a pre-order's are spread, so today's list price weighs.
      weight: order.kind === "cart" ? line.price : unitPrice(priced(photo, race, order.currency)),
      free: photo.free,
      photographerId: photo.photographerId,
      shares: share.percents,
      organizerId: share.organizerId,
    };
    return { split, raceId: race.id, shareId: share.id };
  });
  const lines = splitSale({ received, fee, photos: plan.map((p) => p.split) });
  await writeSplit(
    tx,
    { orderId, entry: "sale", currency: order.currency, received, fee, at: paidAt },
    lines.map((l, i) => ({ ...l, raceId: plan[i].raceId, shareId: plan[i].shareId })),
  );
  return true;
}

/** A refunded sale's split undone, once, dated `at` (the refund): past months stay as they were paid. */
export async function settleRefund(tx: Db, orderId: number, at: Date = new Date()): Promise<boolean> {
  await settleSale(tx, orderId);
  const splits = await tx.select().from(saleSplits).where(eq(saleSplits.orderId, orderId));
  const sale = splits.find((s) => s.entry === "sale");
  if (!sale || splits.some((s) => s.entry === "refund")) return false;
  const stored = await tx.select().from(splitLines).where(eq(splitLines.splitId, sale.id)).orderBy(asc(splitLines.id));
  const lines = stored.map(({ id: _id, splitId: _split, raceId: _race, shareId: _share, ...line }) => line);
  await writeSplit(
    tx,
    { orderId, entry: "refund", currency: sale.currency, received: -sale.received, fee: -sale.fee, at },
    reverseLines(lines).map((l, i) => ({ ...l, raceId: stored[i].raceId, shareId: stored[i].shareId })),
  );
  return true;
}

/**
 * Splits every paid sale that has none yet, and undoes every refunded one not
 * yet undone: sales from before partners existed, and any whose split failed
 * at payment (housekeeping runs it). One sale failing never stops the others;
 * it is named among `failed` and tried again next time.
 */
export async function settlePastSales(db: Db): Promise<{ written: number; failed: { orderId: number; error: string }[] }> {
  const unsplit = rowsOf<{ id: number; refunded: boolean; refunded_at: string | null }>(
    await db.execute(sql`
      select o.id, o.state in (5, 6) as refunded,
        (select max(e.at) from order_events e where e.order_id = o.id and e.to_state in (5, 6)) as refunded_at
      from orders o
      where o.state in (2, 3, 5, 6) and o.paid_at is not null
        and (not exists (select 1 from sale_splits s where s.order_id = o.id and s.entry = 'sale')
          or (o.state in (5, 6) and not exists (select 1 from sale_splits s where s.order_id = o.id and s.entry = 'refund')))
      order by o.id
      limit 5000`),
  );
  let written = 0;
  const failed: { orderId: number; error: string }[] = [];
  for (const row of unsplit) {
    try {
      written += await inTransaction(db, async (tx) => {
        const sale = await settleSale(tx, row.id);
        const refund = row.refunded && (await settleRefund(tx, row.id, row.refunded_at ? new Date(row.refunded_at) : new Date()));
        return Number(sale) + Number(refund);
      });
    } catch (error) {
      failed.push({ orderId: row.id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return { written, failed };
}

/** What the partners share: a pre-order's sale carries the pre-payment; the provider's fee, when reported, comes off. */
async function moneyIn(tx: Db, order: typeof orders.$inferSelect): Promise<{ received: number; fee: number }> {
  if (order.provider === "preorder") {
    const paid = await tx.select({ id: preorders.id, total: preorders.total }).from(preorders).where(eq(preorders.orderId, order.id));
    if (paid.length === 0) return { received: 0, fee: 0 };
    const fees = await tx
      .select({ fee: payments.fee })
      .from(payments)
      .where(
        and(
          inArray(
            payments.preorderId,
            paid.map((p) => p.id),
          ),
          eq(payments.status, "approved"),
        ),
      );
    return { received: paid.reduce((s, p) => s + p.total, 0), fee: fees.reduce((s, f) => s + (f.fee ?? 0), 0) };
  }
  const [payment] = await tx
    .select({ fee: payments.fee })
    .from(payments)
    .where(and(eq(payments.orderId, order.id), or(eq(payments.status, "approved"), eq(payments.status, "refunded"))))
    .orderBy(asc(payments.id))
    .limit(1);
  return { received: order.total, fee: payment?.fee ?? 0 };
}

/** The share settings of these races and the shop-wide defaults, oldest first. */
async function shareHistory(tx: Db, raceIds: number[]): Promise<ShareRecord[]> {
  const rows = await tx
    .select()
    .from(raceShares)
    .where(or(isNull(raceShares.raceId), inArray(raceShares.raceId, [...new Set(raceIds)])))
    .orderBy(asc(raceShares.createdAt), asc(raceShares.id));
  return rows.map(shareRecord);
}

async function writeSplit(tx: Db, head: typeof saleSplits.$inferInsert, lines: (SplitLine & { raceId: number; shareId: number })[]): Promise<void> {
  const [split] = await tx.insert(saleSplits).values(head).returning({ id: saleSplits.id });
  if (lines.length) await tx.insert(splitLines).values(lines.map((l) => ({ ...l, splitId: split.id })));
}
