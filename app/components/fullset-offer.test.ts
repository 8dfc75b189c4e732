import { describe, expect, it } from "vitest";
import { offersFullset } from "./fullset-offer.tsx";

const race = { id: 1, fullin_arg: 60000, fullin_usd: 60, fullin_fotos: 3, found_rows: 4, page: 1 };

describe("the full-set offer on a runner's search", () => {
  it("shows for a runner with at least the race's threshold of photos", () => {
    expect(offersFullset(race, 1794, "USD")).toBe(true);
    expect(offersFullset({ ...race, found_rows: 3 }, 1794, "ARS")).toBe(true);
    expect(offersFullset({ ...race, found_rows: 2 }, 1794, "USD")).toBe(false);
    expect(offersFullset(race, null, "USD")).toBe(false);
  });

  it("never shows a pack for 0: a race without a full-set price sells none", () => {
    const unpriced = { ...race, fullin_arg: 0, fullin_usd: 0, fullin_fotos: 0 };
    expect(offersFullset(unpriced, 1794, "USD")).toBe(false);
    expect(offersFullset(unpriced, 1794, "ARS")).toBe(false);
  });

  it("shows a pack priced in one currency only on every page (its checkout shows that price)", () => {
    expect(offersFullset({ ...race, fullin_usd: 0 }, 1794, "USD")).toBe(true);
    expect(offersFullset({ ...race, fullin_usd: 0 }, 1794, "ARS")).toBe(true);
    expect(offersFullset({ ...race, fullin_arg: 0 }, 1794, "ARS")).toBe(true);
  });
});
