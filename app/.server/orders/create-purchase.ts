import { createHash, randomUUID } from "node:crypto";
import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { formatMoney, type Currency } from "../../domain/money.ts";
import { STATE } from "../../domain/order-states.ts";
import { currencyForCountry, otherCurrency } from "../../domain/pricing.ts";
import type { Lang } from "../../i18n/langs.ts";
import { message } from "../../i18n/messages/all.ts";
import { randomCode } from "../random-code.ts";
import { inTransaction, type Db, customers, orderPhotos, orders } from "../db/index.ts";
import { DB_INT_MAX } from "../../domain/ids.ts";
import { DomainError, invalid, isDomainError, photosUnavailable } from "../errors.ts";
import { formatReference, type PaymentProvider } from "../payments/index.ts";
import { priceCart, priceFullset, stillForSale, type PricedOrder } from "../pricing/index.ts";
import type { OrderDeps } from "./deps.ts";
import { PENDING_TTL_MS, queueDelivery, queueExpiry } from "./jobs.ts";
import { purchaseUrl } from "./links.ts";
import { moveOrder, recordCreated } from "./state-machine.ts";

/** SPEC §3 checkout form: '1' Argentina, '2' Brasil, '3' Chile, '4' other. */
export type Country = "1" | "2" | "3" | "4";

export type Buyer = {
  country: Country;
  firstName: string;
  lastName: string;
  email: string;
  lang: Lang;
  /**
   * Created by the buyer's browser for one checkout; a repeated submit carrying
   * the same key is the same order. Without it every submit is a new order.
   */
  idempotencyKey?: string;
};

export type PurchaseInput = Buyer & ({ photoIds: string[] } | { fullset: { raceId: number; bib: number } });

export type PurchaseCreated = { id: string; link: string };

type OrderRow = typeof orders.$inferSelect;

/** A repeated submit with the same idempotency key within this window is the same order (or pre-order). */
export const REPEAT_WINDOW_MS = 10 * 60_000;

/**
 * What a repeated submit is recognised by: the browser's checkout key and what
 * was ordered. The key is the secret part: knowing a buyer's e-mail and cart is
 * not enough to be handed their order. Without a key the hash is unique, so
 * nothing ever matches it.
 */
export function requestHash(idempotencyKey: string | undefined, what: unknown[]): string {
  if (!idempotencyKey) return `once:${randomUUID()}`;
  return createHash("sha256")
    .update(JSON.stringify([idempotencyKey, ...what]))
    .digest("hex");
}

/**
 * Inside a checkout's transaction: what an earlier submit of the same checkout
 * made (`find`, by its request hash). Two submits racing each other meet on a
 * lock on the hash: the second waits, then finds the first. A submit without
 * an idempotency key repeats nothing, so it takes no lock and reads nothing.
 */
export async function findRepeat<T>(tx: Db, idempotencyKey: string | undefined, hash: string, find: () => Promise<T | undefined>): Promise<T | undefined> {
  if (!idempotencyKey) return undefined;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${hash}))`);
  return find();
}

/** Same checkout key, buyer, photos and currency: the same purchase. */
function cartHash(email: string, currency: string, input: PurchaseInput): string {
  const what = "photoIds" in input ? ["cart", [...new Set(input.photoIds)].sort()] : ["fullset", input.fullset.raceId, input.fullset.bib];
  return requestHash(input.idempotencyKey, [email, currency, what]);
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * Turns a checkout into a sale priced from the database alone. A free sale is
 * paid at once and delivered; otherwise it waits, pending, for the provider
 * whose link is returned. Submitting the same checkout again (same browser
 * key) within minutes returns the same sale.
 */
export async function createPurchase(deps: OrderDeps, input: PurchaseInput): Promise<PurchaseCreated> {
  const { db } = deps;
  const currency = currencyForCountry(input.country);
  const email = normalizeEmail(input.email);
  const priced: PricedOrder & { race?: { id: number } } = await priceIn(db, input, currency);
  if (priced.subtotal > DB_INT_MAX) throw invalid("cartTooLarge");
  const other = await priceInOther(db, input, otherCurrency(currency));
  const hash = cartHash(email, currency, input);
  const provider = priced.total > 0 ? deps.payments.forCurrency(currency) : undefined;
  if (priced.total > 0 && !provider) throw new DomainError("Unavailable", "paymentUnavailable");

  const { order, repeated } = await inTransaction(db, async (tx) => {
    const existing = await findRepeat(tx, input.idempotencyKey, hash, async () => {
      const [row] = await tx
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.cartHash, hash),
            inArray(orders.state, [STATE.pending, STATE.paid, STATE.closed]),
            gt(orders.createdAt, new Date(Date.now() - REPEAT_WINDOW_MS)),
          ),
        )
        .orderBy(desc(orders.createdAt))
        .limit(1);
      return row;
    });
    if (existing) return { order: existing, repeated: true };

    const [customer] = await tx
      .insert(customers)
      .values({ email, firstName: input.firstName.trim(), lastName: input.lastName.trim(), country: Number(input.country) })
      .returning({ id: customers.id });
    const [order] = await tx
      .insert(orders)
      .values({
        publicId: randomCode(16),
        customerId: customer.id,
        kind: "photoIds" in input ? "cart" : "fullset",
        raceId: "photoIds" in input ? null : input.fullset.raceId,
        fullsetBib: "photoIds" in input ? null : input.fullset.bib,
        currency,
        subtotal: priced.subtotal,
        total: priced.total,
        otherSubtotal: other.subtotal,
        otherTotal: other.total,
        discountPercent: priced.discountPercent,
        provider: provider?.name ?? "free",
        cartHash: hash,
        lang: input.lang,
      })
      .returning();
    const shown = await stillForSale(
      tx,
      priced.lines.map((line) => line.photo.id),
    );
    const gone = priced.lines.filter((line) => !shown.has(line.photo.id));
    if (gone.length) throw photosUnavailable(gone.map((line) => line.photo.publicId));
    await tx.insert(orderPhotos).values(priced.lines.map((line) => ({ orderId: order.id, photoId: line.photo.id, price: line.price })));
    await recordCreated(tx, { orderId: order.id }, { code: "photoIds" in input ? "checkout" : "checkoutFullset" });
    if (priced.total === 0) {
      await moveOrder(tx, order.id, STATE.paid, { code: "free" });
      await queueDelivery(tx, order.id);
    } else {
      await queueExpiry(tx, { orderId: order.id }, new Date(Date.now() + PENDING_TTL_MS));
    }
    return { order, repeated: false };
  });

  const pageLink = purchaseUrl(deps.env.publicUrl, order.lang as Lang, order.publicId);
  if (order.total === 0 || order.state !== STATE.pending) return { id: order.publicId, link: pageLink };
  if (repeated) return { id: order.publicId, link: order.paymentLink ?? (await waitForLink(db, order.id)) };
  return { id: order.publicId, link: await openCheckout(deps, provider!, order, { ...input, email }, priced.lines.length) };
}

/** A cart or a full set, priced from the database in `currency`. */
const priceIn = (db: Db, input: PurchaseInput, currency: Currency) =>
  "photoIds" in input ? priceCart(db, input.photoIds, currency) : priceFullset(db, input.fullset.raceId, input.fullset.bib, currency);

/**
 * The same purchase priced in the currency it is not paid in, as the cart
 * shows both: a free cart is free in both; a full set the race sells in one
 * currency only is 0 in the other.
 */
async function priceInOther(db: Db, input: PurchaseInput, currency: Currency): Promise<{ subtotal: number; total: number }> {
  try {
    const priced = await priceIn(db, input, currency);
    return { subtotal: priced.subtotal, total: priced.total };
  } catch (error) {
    if (isDomainError(error)) return { subtotal: 0, total: 0 };
    throw error;
  }
}

/** Asks the provider for the payment link; if it cannot give one the sale is cancelled and the buyer told to retry. */
async function openCheckout(deps: OrderDeps, provider: PaymentProvider, order: OrderRow, buyer: Buyer, count: number): Promise<string> {
  const lang = order.lang as Lang;
  const returnUrl = purchaseUrl(deps.env.publicUrl, lang, order.publicId);
  let checkout;
  try {
    checkout = await provider.createCheckout({
      reference: formatReference({ kind: "order", publicId: order.publicId }),
      title: message(lang, "orderTexts.checkoutTitle", { count, id: order.publicId }),
      amount: order.total,
      currency: order.currency,
      email: buyer.email,
      firstName: buyer.firstName,
      lastName: buyer.lastName,
      lang,
      returnUrl,
      expiresAt: new Date(order.createdAt.getTime() + PENDING_TTL_MS),
    });
  } catch (error) {
    deps.logger.error({ err: error, order: order.publicId }, "payment provider refused the checkout");
    await inTransaction(deps.db, (tx) => moveOrder(tx, order.id, STATE.cancelled, { code: "providerUnavailable", provider: provider.name }));
    throw new DomainError("Unavailable", "paymentUnavailable");
  }
  await inTransaction(deps.db, async (tx) => {
    await tx.update(orders).set({ paymentLink: checkout.link, providerRef: checkout.ref, updatedAt: new Date() }).where(eq(orders.id, order.id));
    await deps.mailer.send(
      {
        to: buyer.email,
        lang,
        template: "orderReceived",
        data: { firstName: buyer.firstName.trim(), id: order.publicId, count, total: formatMoney(order.total, order.currency), payLink: checkout.link },
        key: `order-received:${order.id}`,
      },
      { tx },
    );
  });
  return checkout.link;
}

/** A racing submit is still talking to the provider: wait briefly for its link. */
async function waitForLink(db: Db, orderId: number): Promise<string> {
  for (let i = 0; i < 60; i++) {
    const [row] = await db.select({ link: orders.paymentLink, state: orders.state }).from(orders).where(eq(orders.id, orderId));
    if (row?.link) return row.link;
    if (row?.state !== STATE.pending) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new DomainError("Unavailable", "paymentUnavailable");
}
