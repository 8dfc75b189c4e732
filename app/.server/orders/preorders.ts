import { and, desc, eq, gt, inArray } from "drizzle-orm";
import { formatMoney, toUnits } from "../../domain/money.ts";
import { STATE } from "../../domain/order-states.ts";
import { currencyForCountry } from "../../domain/pricing.ts";
import type { Lang } from "../../i18n/langs.ts";
import { message } from "../../i18n/messages/all.ts";
import { findVisibleRace, pick, summarize, type RaceSummary } from "../catalog/index.ts";
import { randomCode } from "../random-code.ts";
import { inTransaction, type Db, customers, orders, preorders, races } from "../db/index.ts";
import { DomainError, invalid, notFound } from "../errors.ts";
import { formatInZone } from "../images/index.ts";
import { formatReference } from "../payments/index.ts";
import { findRepeat, normalizeEmail, REPEAT_WINDOW_MS, requestHash, type Buyer } from "./create-purchase.ts";
import type { OrderDeps } from "./deps.ts";
import { PENDING_TTL_MS, queueExpiry } from "./jobs.ts";
import { prepurchaseUrl } from "./links.ts";
import { methodOf } from "./purchase-view.ts";
import { SHOP_ZONE } from "../../domain/shop-zone.ts";
import type { PrepurchaseView } from "../../domain/api-contract.ts";
import { movePreorder, recordCreated } from "./state-machine.ts";

export type PreorderInput = Buyer & { raceId: number; raceSlug: string; dni: string; distance?: string };

/** GET /api/preventa/{slug}: the race as the pre-order form needs it; 404 unless it takes pre-orders. */
export async function preorderForm(deps: OrderDeps, slug: string, lang: Lang): Promise<RaceSummary> {
  const race = await findVisibleRace(deps.db, slug);
  if (!race.preorderOpen) throw notFound("preorderNotFound", { slug });
  return summarize(race, lang, deps.mediaUrl);
}

/** "30.123.456" and "30123456" are the same number: the runner's bib or ID, digits only. */
export function normalizeDni(dni: string): string {
  return dni.replace(/[\s.-]/g, "");
}

/** POST /api/preventa: a pending pre-purchase at the race's promotional price, and its payment link. */
export async function createPreorder(deps: OrderDeps, input: PreorderInput): Promise<{ id: string; link: string }> {
  const { db } = deps;
  const [race] = await db.select().from(races).where(eq(races.id, input.raceId));
  if (!race || race.slug !== input.raceSlug || !race.preorderOpen || race.status === "draft") throw invalid("preorderClosed");
  const distance = input.distance?.trim() || null;
  if (distance && race.distances.length > 0 && !race.distances.includes(distance)) throw invalid("invalidDistance");
  const dni = normalizeDni(input.dni);
  const currency = currencyForCountry(input.country);
  const total = currency === "ARS" ? race.preorderArs : race.preorderUsd;
  const email = normalizeEmail(input.email);
  const lang = input.lang;
  const provider = total > 0 ? deps.payments.forCurrency(currency) : undefined;
  if (total > 0 && !provider) throw new DomainError("Unavailable", "paymentUnavailable");
  const hash = requestHash(input.idempotencyKey, ["preorder", race.id, email, dni, currency]);

  const { preorder, repeated } = await inTransaction(db, async (tx) => {
    const existing = await findRepeat(tx, input.idempotencyKey, hash, async () => {
      const [row] = await tx
        .select()
        .from(preorders)
        .where(
          and(
            eq(preorders.requestHash, hash),
            inArray(preorders.state, [STATE.pending, STATE.paid]),
            gt(preorders.createdAt, new Date(Date.now() - REPEAT_WINDOW_MS)),
          ),
        )
        .orderBy(desc(preorders.createdAt))
        .limit(1);
      return row;
    });
    if (existing) return { preorder: existing, repeated: true };
    const [customer] = await tx
      .insert(customers)
      .values({ email, firstName: input.firstName.trim(), lastName: input.lastName.trim(), country: Number(input.country) })
      .returning({ id: customers.id });
    const [preorder] = await tx
      .insert(preorders)
      .values({
        publicId: randomCode(16),
        raceId: race.id,
        customerId: customer.id,
        dni,
        distance,
        currency,
        total,
        otherTotal: currency === "ARS" ? race.preorderUsd : race.preorderArs,
        provider: provider?.name ?? "free",
        lang,
        requestHash: hash,
      })
      .returning();
    await recordCreated(tx, { preorderId: preorder.id }, { code: "preorderForm" });
    if (total === 0) {
      await movePreorder(tx, preorder.id, STATE.paid, { code: "free" });
      await mailPreorderConfirmed(deps, tx, preorder.id);
    } else {
      await queueExpiry(tx, { preorderId: preorder.id }, new Date(Date.now() + PENDING_TTL_MS));
    }
    return { preorder, repeated: false };
  });

  const pageLink = prepurchaseUrl(deps.env.publicUrl, preorder.lang as Lang, preorder.publicId);
  if (preorder.state !== STATE.pending || preorder.total === 0) return { id: preorder.publicId, link: pageLink };
  if (repeated && preorder.paymentLink) return { id: preorder.publicId, link: preorder.paymentLink };
  if (repeated) throw new DomainError("Unavailable", "paymentUnavailable");

  let checkout;
  try {
    checkout = await provider!.createCheckout({
      reference: formatReference({ kind: "preorder", publicId: preorder.publicId }),
      title: message(lang, "orderTexts.preorderTitle", { race: pick(race.name, lang) }),
      amount: total,
      currency,
      email,
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      lang,
      returnUrl: pageLink,
      expiresAt: new Date(preorder.createdAt.getTime() + PENDING_TTL_MS),
    });
  } catch (error) {
    deps.logger.error({ err: error, preorder: preorder.publicId }, "payment provider refused the pre-order checkout");
    await inTransaction(db, (tx) => movePreorder(tx, preorder.id, STATE.cancelled, { code: "providerUnavailable", provider: provider!.name }));
    throw new DomainError("Unavailable", "paymentUnavailable");
  }
  await db.update(preorders).set({ paymentLink: checkout.link, providerRef: checkout.ref }).where(eq(preorders.id, preorder.id));
  return { id: preorder.publicId, link: checkout.link };
}

export async function mailPreorderConfirmed(deps: OrderDeps, tx: Db, preorderId: number): Promise<void> {
  const [row] = await tx
    .select({ preorder: preorders, customer: customers, race: races })
    .from(preorders)
    .innerJoin(customers, eq(customers.id, preorders.customerId))
    .innerJoin(races, eq(races.id, preorders.raceId))
    .where(eq(preorders.id, preorderId));
  const lang = row.preorder.lang as Lang;
  await deps.mailer.send(
    {
      to: row.customer.email,
      lang,
      template: "preorderConfirmed",
      data: {
        firstName: row.customer.firstName,
        id: row.preorder.publicId,
        race: pick(row.race.name, lang),
        dni: row.preorder.dni,
        total: formatMoney(row.preorder.total, row.preorder.currency),
      },
      key: `preorder-confirmed:${row.preorder.id}`,
    },
    { tx },
  );
}

/** SPEC §3's pre-purchase response (both currencies' prices; `moneda` is the one charged); `moneda`, `carrera`, `dni` and `distancia` are our additions. */
export type { PrepurchaseView } from "../../domain/api-contract.ts";

export async function prepurchaseView(deps: OrderDeps, publicId: string, lang: Lang): Promise<PrepurchaseView> {
  const [row] = await deps.db
    .select({ preorder: preorders, customer: customers, race: races, sale: orders.publicId })
    .from(preorders)
    .innerJoin(customers, eq(customers.id, preorders.customerId))
    .innerJoin(races, eq(races.id, preorders.raceId))
    .leftJoin(orders, eq(orders.id, preorders.orderId))
    .where(eq(preorders.publicId, publicId))
    .limit(1);
  if (!row) throw notFound("prepurchaseNotFound");
  const { preorder, customer, race } = row;
  const zone = race.timezone || SHOP_ZONE;
  const ars = preorder.currency === "ARS";
  const method = methodOf(preorder.provider, lang);
  return {
    venta: {
      id: preorder.publicId,
      id_estado: preorder.state,
      codigo_venta: row.sale ?? null,
      fecha: formatInZone(preorder.createdAt, zone),
      fechapago: preorder.paidAt ? formatInZone(preorder.paidAt, zone) : null,
      total_ars: toUnits(ars ? preorder.total : preorder.otherTotal),
      total_usd: toUnits(ars ? preorder.otherTotal : preorder.total),
      id_mediodepago: method.id,
      mediodepago: method.name,
      moneda: preorder.currency,
      carrera: pick(race.name, lang),
      dni: preorder.dni,
      distancia: preorder.distance,
    },
    cliente: { nombre: customer.firstName, apellido: customer.lastName, email: customer.email },
    pagado: preorder.state === STATE.paid || preorder.state === STATE.closed,
    link: preorder.state === STATE.pending ? preorder.paymentLink : null,
  };
}
