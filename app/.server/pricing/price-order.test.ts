import { describe, expect, it } from "vitest";
import { cartTotals, currencyForCountry, fullsetPrice } from "../../domain/pricing.ts";
import { priced, splitEvenly } from "./price-order.ts";

const race = { priceArs: 500_000, priceUsd: 500 };
const photo = (o: Partial<{ free: boolean; priceArs: number | null; priceUsd: number | null; saleArs: number | null; saleUsd: number | null }> = {}) => ({
  free: false,
  priceArs: null,
  priceUsd: null,
  saleArs: null,
  saleUsd: null,
  ...o,
});
const tiers = [
  { minQuantity: 3, percent: 15 },
  { minQuantity: 5, percent: 20 },
];

describe("server pricing from database rows", () => {
  it("takes the photo's own price, else the race's, the sale price when set, and 0 for free photos", () => {
    expect(priced(photo(), race, "ARS")).toEqual({ free: false, price: 500_000, sale: 0 });
    expect(priced(photo({ priceUsd: 700 }), race, "USD")).toEqual({ free: false, price: 700, sale: 0 });
    expect(priced(photo({ saleArs: 350_000 }), race, "ARS")).toEqual({ free: false, price: 500_000, sale: 350_000 });
    const totals = cartTotals(
      [photo({ free: true }), photo({ saleArs: 350_000 }), photo(), photo()].map((p) => priced(p, race, "ARS")),
      tiers,
    );
    // Three paid photos (the free one does not count) reach the 15 % tier.
    expect(totals).toMatchObject({ count: 4, paidCount: 3, subtotal: 1_350_000, discountPercent: 15, total: 1_147_500 });
  });

  it("rounds totals to whole currency units", () => {
    const totals = cartTotals(
      [333, 333, 333].map((p) => priced(photo({ priceUsd: p }), race, "USD")),
      tiers,
    );
    // 9.99 → subtotal USD 10; 15 % off 9.99 = 8.4915 → USD 8.
    expect(totals).toMatchObject({ subtotal: 1000, total: 800 });
  });

  it("prices a full set by override or by the race, split exactly over its photos", () => {
    const overrides = [{ bibRanges: "300-310 401-404", ars: 8_000_000, usd: 8_000 }];
    expect(fullsetPrice({ ars: 6_000_000, usd: 6_000 }, overrides, 305)).toEqual({ ars: 8_000_000, usd: 8_000 });
    expect(fullsetPrice({ ars: 6_000_000, usd: 6_000 }, overrides, 402)).toEqual({ ars: 8_000_000, usd: 8_000 });
    expect(fullsetPrice({ ars: 6_000_000, usd: 6_000 }, overrides, 311)).toEqual({ ars: 6_000_000, usd: 6_000 });
    const lines = splitEvenly(["a", "b", "c"], race, 1000);
    expect(lines.map((l) => l.price)).toEqual([334, 333, 333]);
    expect(lines.reduce((s, l) => s + l.price, 0)).toBe(1000);
  });

  it("lets the checkout country choose the currency", () => {
    expect(currencyForCountry("1")).toBe("ARS");
    expect(["2", "3", "4"].map(currencyForCountry)).toEqual(["USD", "USD", "USD"]);
  });
});
