import { eq } from "drizzle-orm";
import { type Currency, formatMoney } from "../../domain/money.ts";
import { isPaidState } from "../../domain/order-states.ts";
import { isLang, type Lang } from "../../i18n/langs.ts";
import { type Db, customers, orders, type payments, preorders } from "../db/index.ts";
import type { Mailer } from "../mail/index.ts";

/** A sale, its buyer and the language to write to them in. */
export async function saleAndBuyer(db: Db, orderId: number) {
  const [row] = await db
    .select({ order: orders, customer: customers })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.id, orderId));
  return row && { ...row, lang: isLang(row.order.lang) ? row.order.lang : ("es" as const) };
}

/** Tells the buyer, in their language, that their purchase was refunded and its downloads have ended. Once per sale. */
export async function mailRefunded(mailer: Mailer, tx: Db, orderId: number): Promise<void> {
  const row = await saleAndBuyer(tx, orderId);
  if (!row) return;
  await mailer.send(
    {
      to: row.customer.email,
      lang: row.lang,
      template: "purchaseRefunded",
      data: { firstName: row.customer.firstName, id: row.order.publicId, total: formatMoney(row.order.total, row.order.currency) },
      key: `purchase-refunded:${row.order.id}`,
    },
    { tx },
  );
}

/**
 * Tells the buyer that a payment which bought nothing (paid twice, or after a
 * refund) is being returned, and whether their purchase or pre-order stands.
 * Once per payment.
 */
export async function mailPaymentReturned(mailer: Mailer, db: Db, payment: typeof payments.$inferSelect): Promise<void> {
  const row = payment.orderId ? await saleOf(db, payment.orderId) : payment.preorderId ? await preorderOf(db, payment.preorderId) : undefined;
  if (!row) return;
  await mailer.send({
    to: row.customer.email,
    lang: row.lang,
    template: "paymentReturned",
    data: {
      firstName: row.customer.firstName,
      id: row.publicId,
      amount: formatMoney(payment.amount, payment.currency as Currency),
      kept: isPaidState(row.state),
      preorder: row.preorder,
    },
    key: `payment-returned:${payment.id}`,
  });
}

/** What a returned payment paid for, as its message names it. */
type PaidFor = { customer: typeof customers.$inferSelect; lang: Lang; publicId: string; state: number; preorder: boolean };

async function saleOf(db: Db, orderId: number): Promise<PaidFor | undefined> {
  const row = await saleAndBuyer(db, orderId);
  return row && { customer: row.customer, lang: row.lang, publicId: row.order.publicId, state: row.order.state, preorder: false };
}

async function preorderOf(db: Db, preorderId: number): Promise<PaidFor | undefined> {
  const [row] = await db
    .select({ preorder: preorders, customer: customers })
    .from(preorders)
    .innerJoin(customers, eq(customers.id, preorders.customerId))
    .where(eq(preorders.id, preorderId));
  if (!row) return undefined;
  const lang = isLang(row.preorder.lang) ? row.preorder.lang : "es";
  return { customer: row.customer, lang, publicId: row.preorder.publicId, state: row.preorder.state, preorder: true };
}
