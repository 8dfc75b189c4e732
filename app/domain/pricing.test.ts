import { describe, expect, it } from "vitest";
import { formatAmount, formatAmount2, formatMoney, roundToWhole } from "./money.ts";
import { applicableTier, cartTotals, currencyForCountry, currencyForLang, fullsetCurrency, fullsetPrice, nextTier, perImage, unitPrice } from "./pricing.ts";

const tiers = [
  { minQuantity: 3, percent: 15 },
  { minQuantity: 5, percent: 20 },
  { minQuantity: 8, percent: 25 },
];
const paid = (price: number, sale = 0) => ({ free: false, price, sale });
const free = { free: true, price: 500000, sale: 0 };

describe("unitPrice", () => {
  it("uses the sale price when non-zero, the list price otherwise, and 0 for free photos", () => {
    expect(unitPrice(paid(500000))).toBe(500000);
    expect(unitPrice(paid(500000, 350000))).toBe(350000);
    expect(unitPrice(free)).toBe(0);
  });
});

describe("discount tiers", () => {
  it("applies the highest tier met", () => {
    expect(applicableTier(2, tiers)).toBeUndefined();
    expect(applicableTier(3, tiers)?.percent).toBe(15);
    expect(applicableTier(7, tiers)?.percent).toBe(20);
    expect(applicableTier(30, tiers)?.percent).toBe(25);
  });
  it("counts only paid photos", () => {
    const totals = cartTotals([paid(500000), paid(500000), free, free], tiers);
    expect(totals.count).toBe(4);
    expect(totals.paidCount).toBe(2);
    expect(totals.discountPercent).toBe(0);
    expect(totals.total).toBe(1000000);
  });
  it("takes 15 % off three paid photos", () => {
    const totals = cartTotals([paid(500000), paid(500000), paid(500000, 300000)], tiers);
    expect(totals.subtotal).toBe(1300000);
    expect(totals.discountPercent).toBe(15);
    expect(totals.total).toBe(1105000);
  });
  it("rounds to whole units", () => {
    // 3 × USD 3.33 = 9.99, −15 % = 8.4915 → USD 8
    const totals = cartTotals([paid(333), paid(333), paid(333)], tiers);
    expect(totals.subtotal).toBe(1000);
    expect(totals.total).toBe(800);
    expect(roundToWhole(850)).toBe(900);
  });
  it("makes an all-free cart cost nothing", () => {
    expect(cartTotals([free, free], tiers).total).toBe(0);
  });
});

describe("currencies and formatting", () => {
  it("follows the language and the checkout country", () => {
    expect(currencyForLang("es")).toBe("ARS");
    expect(currencyForLang("en")).toBe("USD");
    expect(currencyForLang("br")).toBe("USD");
    expect(currencyForCountry("1")).toBe("ARS");
    expect(currencyForCountry("2")).toBe("USD");
    expect(currencyForCountry(4)).toBe("USD");
  });
  it("shows a dot as thousands separator", () => {
    expect(formatAmount(4000000)).toBe("40.000");
    expect(formatMoney(4000000, "ARS")).toBe("AR$ 40.000");
    expect(formatMoney(4000, "USD")).toBe("USD 40");
    expect(formatAmount2(perImage(6000000, 7))).toBe("8.571,43");
  });
});

describe("full set", () => {
  const base = { ars: 6000000, usd: 6000 };
  const overrides = [{ bibRanges: "300-310 401-404", ars: 8000000, usd: 8000 }];
  it("uses a matching bib-range override", () => {
    expect(fullsetPrice(base, overrides, 305)).toEqual({ ars: 8000000, usd: 8000 });
    expect(fullsetPrice(base, overrides, 402)).toEqual({ ars: 8000000, usd: 8000 });
  });
  it("falls back to the race's price", () => {
    expect(fullsetPrice(base, overrides, 311)).toEqual(base);
    expect(fullsetPrice(base, [], 305)).toEqual(base);
  });
  it("is shown in the preferred currency, or in the only one it is priced in", () => {
    expect(fullsetCurrency({ ARS: 60000, USD: 60 }, "USD")).toBe("USD");
    expect(fullsetCurrency({ ARS: 60000, USD: 0 }, "USD")).toBe("ARS");
    expect(fullsetCurrency({ ARS: 0, USD: 60 }, "ARS")).toBe("USD");
    expect(fullsetCurrency({ ARS: 0, USD: 0 }, "ARS")).toBeUndefined();
  });
});

describe("nextTier", () => {
  it("names the next tier and how many paid photos are missing", () => {
    expect(nextTier(0, tiers)).toEqual({ tier: { minQuantity: 3, percent: 15 }, missing: 3 });
    expect(nextTier(3, tiers)).toEqual({ tier: { minQuantity: 5, percent: 20 }, missing: 2 });
    expect(nextTier(8, tiers)).toBeUndefined();
    expect(nextTier(1, [])).toBeUndefined();
  });
});
