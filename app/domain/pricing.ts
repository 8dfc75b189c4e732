import { inRanges, parseBibRanges } from "./bibs.ts";
import { roundToWhole, type Currency } from "./money.ts";

/** One photo's prices in one currency, minor units; sale = 0 means not on sale. */
export type PricedPhoto = { free: boolean; price: number; sale: number };
export type DiscountTier = { minQuantity: number; percent: number };

/** The discounted price when non-zero, else the list price; free photos cost nothing. */
export function unitPrice(photo: PricedPhoto): number {
  if (photo.free) return 0;
  return photo.sale > 0 ? photo.sale : photo.price;
}

/** The highest tier whose minimum the paid (non-free) photo count meets. */
export function applicableTier(paidCount: number, tiers: DiscountTier[]): DiscountTier | undefined {
  return tiers.filter((t) => paidCount >= t.minQuantity && t.minQuantity > 0).sort((a, b) => b.minQuantity - a.minQuantity)[0];
}

/** The next tier above the one the paid count meets, and how many more paid photos reach it. */
export function nextTier(paidCount: number, tiers: DiscountTier[]): { tier: DiscountTier; missing: number } | undefined {
  const tier = tiers.filter((t) => t.minQuantity > paidCount).sort((a, b) => a.minQuantity - b.minQuantity)[0];
  return tier ? { tier, missing: tier.minQuantity - paidCount } : undefined;
}

export type CartTotals = {
  count: number;
  paidCount: number;
  subtotal: number;
  discountPercent: number;
  total: number;
};

export function cartTotals(photos: PricedPhoto[], tiers: DiscountTier[]): CartTotals {
  const paid = photos.filter((p) => unitPrice(p) > 0);
  const subtotal = paid.reduce((sum, p) => sum + unitPrice(p), 0);
  const tier = applicableTier(paid.length, tiers);
  const discountPercent = tier?.percent ?? 0;
  return {
    count: photos.length,
    paidCount: paid.length,
    subtotal: roundToWhole(subtotal),
    discountPercent,
    total: roundToWhole((subtotal * (100 - discountPercent)) / 100),
  };
}

/** The language sets the display currency: pesos for es, dollars for en and br. */
export function currencyForLang(lang: string): Currency {
  return lang === "es" ? "ARS" : "USD";
}

/** At checkout the country decides: Argentina ('1') pays pesos, every other country dollars. */
export function currencyForCountry(country: string | number): Currency {
  return String(country) === "1" ? "ARS" : "USD";
}

export type FullsetRule = { ars: number; usd: number };
export type FullsetOverride = FullsetRule & { bibRanges: string };

/** The full-set price for a runner: the first bib-range override that contains the bib, else the race's price. */
export function fullsetPrice(base: FullsetRule, overrides: FullsetOverride[], bib: number): FullsetRule {
  const match = overrides.find((o) => inRanges(bib, parseBibRanges(o.bibRanges)));
  return match ? { ars: match.ars, usd: match.usd } : base;
}

/**
 * The currency a full set is shown in: the preferred one (the page's, or the
 * buyer's country's) when the race prices it there, else the other one it is
 * priced in; undefined when it has no price in either (values in any unit).
 */
export function fullsetCurrency(prices: { ARS: number; USD: number }, preferred: Currency): Currency | undefined {
  const other = otherCurrency(preferred);
  return prices[preferred] > 0 ? preferred : prices[other] > 0 ? other : undefined;
}

/** The shop's other currency: pesos for dollars and dollars for pesos. */
export const otherCurrency = (currency: Currency): Currency => (currency === "ARS" ? "USD" : "ARS");

/** Total divided by photo count, in minor units; shown with two decimals. */
export function perImage(total: number, count: number): number {
  return count > 0 ? Math.round(total / count) : 0;
}
