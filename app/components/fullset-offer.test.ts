import { describe, expect, it } from "vitest";
import { fullsetTotal, offersFullset, shownCurrency } from "./fullset-offer.tsx";

const race = { id: 1, fullin_arg: 60000, fullin_usd: 60, fullin_fotos: 3, found_rows: 4, page: 1 };

describe("the full-set offer on a runner's search", () => {
  it("shows for a runner with at least the race's threshold of photos", () => {
    expect(offersFullset(race, 1794)).toBe(true);
    expect(offersFullset({ ...race, found_rows: 3 }, 1794)).toBe(true);
    expect(offersFullset({ ...race, found_rows: 2 }, 1794)).toBe(false);
    expect(offersFullset(race, null)).toBe(false);
  });

  it("never shows a pack for 0: a race without a full-set price sells none", () => {
    const unpriced = { ...race, fullin_arg: 0, fullin_usd: 0, fullin_fotos: 0 };
    expect(offersFullset(unpriced, 1794)).toBe(false);
  });

  it("shows a pack priced in one currency only on every page (its checkout shows that price)", () => {
    expect(offersFullset({ ...race, fullin_usd: 0 }, 1794)).toBe(true);
    expect(offersFullset({ ...race, fullin_arg: 0 }, 1794)).toBe(true);
    for (const lang of ["es", "en", "br"]) {
      expect(shownCurrency({ ...race, fullin_usd: 0 }, lang)).toBe("ARS");
      expect(shownCurrency({ ...race, fullin_arg: 0 }, lang)).toBe("USD");
    }
  });

  it("is shown in the page's currency when the race prices both", () => {
    expect(shownCurrency(race, "es")).toBe("ARS");
    expect(shownCurrency(race, "en")).toBe("USD");
    expect(shownCurrency(race, "br")).toBe("USD");
    expect(fullsetTotal(race, "ARS")).toBe(6_000_000);
    expect(fullsetTotal(race, "USD")).toBe(6_000);
  });
});
