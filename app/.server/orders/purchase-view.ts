import { SHOP_ZONE } from "../../domain/shop-zone.ts";
import { asc, desc, eq } from "drizzle-orm";
import { toUnits } from "../../domain/money.ts";
import { isPaidState, STATE } from "../../domain/order-states.ts";
import type { Lang } from "../../i18n/langs.ts";
import { message } from "../../i18n/messages/all.ts";
import { photoView } from "../catalog/index.ts";
import type { PurchaseView } from "../../domain/api-contract.ts";
import { type Db, customers, orderPhotos, orders, photos, races } from "../db/index.ts";
import { notFound } from "../errors.ts";
import { formatInZone } from "../images/index.ts";
import { PAYMENT_METHODS } from "../payments/index.ts";
import type { OrderDeps } from "./deps.ts";

export type OrderRow = typeof orders.$inferSelect;

/** SPEC §3's purchase response; `moneda` (the currency charged), `descuento` and `zip_progress` are our additions. */
export type { PurchaseView } from "../../domain/api-contract.ts";

/** The paying method as the spec names it; free sales and pre-order sales get a localized name. */
export function methodOf(provider: string, lang: Lang): { id: number; name: string } {
  const method = PAYMENT_METHODS[provider] ?? { id: 0, name: provider };
  if (provider === "free") return { id: method.id, name: message(lang, "orderTexts.methodFree") };
  if (provider === "preorder") return { id: method.id, name: message(lang, "orderTexts.methodPreorder") };
  return method;
}

export async function findOrder(db: Db, publicId: string): Promise<OrderRow> {
  const [order] = await db.select().from(orders).where(eq(orders.publicId, publicId)).limit(1);
  if (!order) throw notFound("purchaseNotFound");
  return order;
}

export type ZipState = { file: string | null; progress: number | null };

/**
 * GET /api/purchase/{id}. Both currencies' amounts are filled, as the cart
 * showed them at checkout; `moneda` says which one was charged.
 */
export async function purchaseView(deps: OrderDeps, publicId: string, lang: Lang, zip: (order: OrderRow) => Promise<ZipState>): Promise<PurchaseView> {
  const { db } = deps;
  const order = await findOrder(db, publicId);
  const [customer] = await db.select().from(customers).where(eq(customers.id, order.customerId));
  const lines = await db
    .select({ photo: photos, race: races })
    .from(orderPhotos)
    .innerJoin(photos, eq(photos.id, orderPhotos.photoId))
    .innerJoin(races, eq(races.id, photos.raceId))
    .where(eq(orderPhotos.orderId, order.id))
    .orderBy(desc(photos.free), asc(photos.takenAt), asc(photos.id));
  const zone = lines[0]?.race.timezone ?? SHOP_ZONE;
  const ars = order.currency === "ARS";
  const method = methodOf(order.provider, lang);
  const paid = isPaidState(order.state);
  const zipState = paid ? await zip(order) : { file: null, progress: null };
  return {
    venta: {
      id: order.publicId,
      id_estado: order.state,
      tot_fotos: lines.length,
      subtotal_arg: toUnits(ars ? order.subtotal : order.otherSubtotal),
      total_arg: toUnits(ars ? order.total : order.otherTotal),
      subtotal_usd: toUnits(ars ? order.otherSubtotal : order.subtotal),
      total_usd: toUnits(ars ? order.otherTotal : order.total),
      id_mediodepago: method.id,
      mediodepago: method.name,
      fechaventa: formatInZone(order.createdAt, zone),
      fechapago: order.paidAt ? formatInZone(order.paidAt, zone) : null,
      moneda: order.currency,
      descuento: order.discountPercent,
    },
    cliente: { nombre: customer.firstName, apellido: customer.lastName, email: customer.email },
    fotos: lines.map((l) => photoView(l.photo, l.race, deps.mediaUrl)),
    pagado: paid,
    link: order.state === STATE.pending ? order.paymentLink : null,
    zip_file: zipState.file,
    zip_progress: zipState.progress,
  };
}
