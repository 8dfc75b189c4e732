import { toMinor, type Currency } from "../domain/money.ts";
import { cartTotals, unitPrice, type CartTotals, type DiscountTier, type PricedPhoto } from "../domain/pricing.ts";

/**
 * One photo in the browser cart. The first six fields are SPEC §3's cart item
 * (amounts in whole currency units, as the API sends them); the rest are display
 * hints for the cart panel and checkout. The server reads only `id`.
 */
export type CartItem = {
  id: string;
  free: string | number;
  precio_arg: number;
  descuento_arg: number;
  precio_usd: number;
  descuento_usd: number;
  id_photo?: string;
  fechahora?: string;
  src_thumb?: string;
  width?: number;
  height?: number;
  /** The race's slug. */
  race?: string;
};

/** A photo's price fields in the spec's names: both photos and cart items carry them. */
export type SpecPrices = Pick<CartItem, "free" | "precio_arg" | "descuento_arg" | "precio_usd" | "descuento_usd">;

export const isFree = (photo: Pick<CartItem, "free">): boolean => String(photo.free) === "1";

/** The spec's price fields in one currency, as the pricing rules take them (minor units). */
export function pricedIn(photo: SpecPrices, currency: Currency): PricedPhoto {
  const ars = currency === "ARS";
  return {
    free: isFree(photo),
    price: toMinor(Number(ars ? photo.precio_arg : photo.precio_usd) || 0),
    sale: toMinor(Number(ars ? photo.descuento_arg : photo.descuento_usd) || 0),
  };
}

/** What a price label shows: the price to pay, and the list price struck through when on sale. */
export function priceTag(photo: SpecPrices, currency: Currency): { free: boolean; pay: number; list: number; onSale: boolean } {
  const priced = pricedIn(photo, currency);
  const pay = unitPrice(priced);
  return { free: priced.free, pay, list: priced.price, onSale: !priced.free && priced.sale > 0 };
}

/** The cart item for a photo of the race page (spec fields plus display hints). */
export function cartItemOf(
  photo: SpecPrices & { id: string; id_photo: string; fechahora: string; src_thumb: string; width: number; height: number },
  race: string,
): CartItem {
  return {
    id: photo.id,
    free: photo.free,
    precio_arg: photo.precio_arg,
    descuento_arg: photo.descuento_arg,
    precio_usd: photo.precio_usd,
    descuento_usd: photo.descuento_usd,
    id_photo: photo.id_photo,
    fechahora: photo.fechahora,
    src_thumb: photo.src_thumb,
    width: photo.width,
    height: photo.height,
    race,
  };
}

/** Count, paid count, subtotal, discount percentage and total of a cart in one currency. */
export function totalsIn(items: SpecPrices[], tiers: DiscountTier[], currency: Currency): CartTotals & { currency: Currency } {
  return {
    ...cartTotals(
      items.map((item) => pricedIn(item, currency)),
      tiers,
    ),
    currency,
  };
}

const num = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
const optionalText = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

/** A cart item as read back from storage, or undefined when it is not one (hand-edited or from an old version). */
export function toCartItem(value: unknown): CartItem | undefined {
  if (!value || typeof value !== "object") return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.id !== "string" || !v.id) return undefined;
  if (!["1", "0", 1, 0].includes(v.free as string | number)) return undefined;
  if (![v.precio_arg, v.descuento_arg, v.precio_usd, v.descuento_usd].every(num)) return undefined;
  return {
    id: v.id,
    free: v.free as string | number,
    precio_arg: v.precio_arg as number,
    descuento_arg: v.descuento_arg as number,
    precio_usd: v.precio_usd as number,
    descuento_usd: v.descuento_usd as number,
    id_photo: optionalText(v.id_photo),
    fechahora: optionalText(v.fechahora),
    src_thumb: optionalText(v.src_thumb),
    width: num(v.width) ? v.width : undefined,
    height: num(v.height) ? v.height : undefined,
    race: optionalText(v.race),
  };
}
