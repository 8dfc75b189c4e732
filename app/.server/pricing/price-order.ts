import { and, eq, inArray, sql } from "drizzle-orm";
import type { Currency } from "../../domain/money.ts";
import { cartTotals, fullsetPrice, unitPrice, type PricedPhoto } from "../../domain/pricing.ts";
import { countVisiblePhotos, loadTiers, photoShown, visiblePhotosOf, type RaceRow } from "../catalog/index.ts";
import { type Db, fullsetOverrides, photos, races } from "../db/index.ts";
import { invalid, notFound, photosUnavailable } from "../errors.ts";

export type PhotoRow = typeof photos.$inferSelect;

/** One photo of an order with what it costs in the order's currency (minor units, before the tier discount). */
export type PricedLine = { photo: PhotoRow; race: RaceRow; price: number };

export type PricedOrder = {
  currency: Currency;
  lines: PricedLine[];
  subtotal: number;
  discountPercent: number;
  total: number;
};

/** Races whose photos are for sale; a preparing race's photos are not. */
const SELLING = ["published", "archived"] as const;

/** A photo's own prices, else its race's, in one currency (what `domain/pricing` takes). */
export function priced(
  photo: Pick<PhotoRow, "free" | "priceArs" | "priceUsd" | "saleArs" | "saleUsd">,
  race: Pick<RaceRow, "priceArs" | "priceUsd">,
  currency: Currency,
): PricedPhoto {
  return currency === "ARS"
    ? { free: photo.free, price: photo.priceArs ?? race.priceArs, sale: photo.saleArs ?? 0 }
    : { free: photo.free, price: photo.priceUsd ?? race.priceUsd, sale: photo.saleUsd ?? 0 };
}

/**
 * Prices a cart from the database alone: every photo must exist, be visible and
 * belong to a race on sale; the browser's prices never count.
 */
export async function priceCart(db: Db, publicIds: string[], currency: Currency): Promise<PricedOrder> {
  const ids = [...new Set(publicIds)];
  if (ids.length === 0) throw invalid("emptyCart");
  const rows = await db
    .select({ photo: photos, race: races })
    .from(photos)
    .innerJoin(races, eq(races.id, photos.raceId))
    .where(and(inArray(photos.publicId, ids), photoShown(), inArray(races.status, [...SELLING])));
  // Keep the buyer's order of photos.
  const byId = new Map(rows.map((r) => [r.photo.publicId, r]));
  if (rows.length !== ids.length) throw photosUnavailable(ids.filter((id) => !byId.has(id)));
  const lines = ids.map((id) => {
    const { photo, race } = byId.get(id)!;
    return { photo, race, price: unitPrice(priced(photo, race, currency)) };
  });
  const totals = cartTotals(
    lines.map((l) => priced(l.photo, l.race, currency)),
    await loadTiers(db),
  );
  return { currency, lines, subtotal: totals.subtotal, discountPercent: totals.discountPercent, total: totals.total };
}

/**
 * Inside a sale's transaction, just before its photos are written: which of
 * `photoIds` are still shown, each locked against deletion (`for key share`)
 * until the sale commits. A photo deleted since it was priced is missing; a
 * deletion that comes after waits, then finds the photo sold and hides it.
 */
export async function stillForSale(tx: Db, photoIds: number[]): Promise<Set<number>> {
  if (!photoIds.length) return new Set();
  const rows = await tx
    .select({ id: photos.id })
    .from(photos)
    .where(and(inArray(photos.id, photoIds), photoShown()))
    .orderBy(photos.id)
    .for("key share");
  return new Set(rows.map((r) => r.id));
}

export async function findSellingRace(db: Db, raceId: number): Promise<RaceRow> {
  const [race] = await db.select().from(races).where(eq(races.id, raceId)).limit(1);
  if (!race || !(SELLING as readonly string[]).includes(race.status)) throw notFound("raceNotFound", { slug: String(raceId) });
  return race;
}

/** Every visible photo of one bib in one race, oldest first. */
export async function runnerPhotos(db: Db, raceId: number, bib: number): Promise<PhotoRow[]> {
  return db.select().from(photos).where(visiblePhotosOf(raceId, bib)).orderBy(sql`${photos.takenAt} asc nulls last, ${photos.id} asc`);
}

/**
 * One runner's full set at the race's full-set price or a matching bib-range
 * override; refused below the race's threshold or when the race sells none.
 */
export async function priceFullset(db: Db, raceId: number, bib: number, currency: Currency): Promise<PricedOrder & { race: RaceRow }> {
  const race = await findSellingRace(db, raceId);
  const found = await countVisiblePhotos(db, race.id, bib);
  const overrides = await db.select().from(fullsetOverrides).where(eq(fullsetOverrides.raceId, race.id));
  const price = fullsetPrice(
    { ars: race.fullsetArs, usd: race.fullsetUsd },
    overrides.map((o) => ({ bibRanges: o.bibRanges, ars: o.priceArs, usd: o.priceUsd })),
    bib,
  );
  const total = currency === "ARS" ? price.ars : price.usd;
  if (total <= 0) throw invalid("fullsetUnavailable");
  if (found === 0 || found < race.fullsetMinPhotos) throw invalid("fullsetTooFew", { min: race.fullsetMinPhotos });
  const list = await runnerPhotos(db, race.id, bib);
  return { race, currency, lines: splitEvenly(list, race, total), subtotal: total, discountPercent: 0, total };
}

/** Spreads a flat price over the photos so the lines add up exactly to it. */
export function splitEvenly<P, R>(list: P[], race: R, total: number): { photo: P; race: R; price: number }[] {
  const each = Math.floor(total / list.length);
  const rest = total - each * list.length;
  return list.map((photo, i) => ({ photo, race, price: each + (i < rest ? 1 : 0) }));
}
