import { eq, sql } from "drizzle-orm";
import { formatMoney } from "../../domain/money.ts";
import { type Db, orderPhotos, preorders, races } from "../db/index.ts";
import { pick } from "../catalog/index.ts";
import type { Mailer } from "../mail/index.ts";
import { saleAndBuyer } from "./refund-mail.ts";

/**
 * E-mails a sale's buyer its purchase link, in their language (a pre-order's
 * own wording when the sale came from one). `key` sends it at most once; pass
 * the caller's transaction as `db` to queue it inside it.
 */
export async function mailPurchaseReady(mailer: Mailer, db: Db, orderId: number, key?: string): Promise<void> {
  const row = await saleAndBuyer(db, orderId);
  if (!row) return;
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(orderPhotos).where(eq(orderPhotos.orderId, orderId));
  const [fromPreorder] = await db
    .select({ race: races.name })
    .from(preorders)
    .innerJoin(races, eq(races.id, preorders.raceId))
    .where(eq(preorders.orderId, orderId));
  const base = { to: row.customer.email, lang: row.lang, key };
  const data = { firstName: row.customer.firstName, id: row.order.publicId, count: Math.max(1, Number(count)) };
  if (fromPreorder) {
    await mailer.send({ ...base, template: "preorderPhotosReady", data: { ...data, race: pick(fromPreorder.race, row.lang) } }, { tx: db });
  } else {
    await mailer.send({ ...base, template: "purchaseReady", data: { ...data, total: formatMoney(row.order.total, row.order.currency) } }, { tx: db });
  }
}
