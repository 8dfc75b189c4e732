import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fullsetOverrides, races } from "../../app/.server/db/schema.ts";
import { action as purchase } from "../../app/routes/api.purchase.ts";
import { loader as fullsetPage } from "../../app/routes/fullset.tsx";
import { createTestShop, type TestShop } from "./helpers.ts";
import { buyer, call, seedOrdersRace, type OrdersRace } from "./orders-fixture.ts";

/** A race whose full set is priced in pesos only (a race file or back office that left dollars at 0). */
describe("a full set sold in one currency only", () => {
  let shop: TestShop;
  let race: OrdersRace;
  beforeAll(async () => {
    shop = await createTestShop();
    race = await seedOrdersRace(shop);
    const { db } = shop.database;
    await db.update(races).set({ fullsetUsd: 0 }).where(eq(races.id, race.raceId));
    await db.update(fullsetOverrides).set({ priceUsd: 0 }).where(eq(fullsetOverrides.raceId, race.raceId));
  });
  afterAll(() => shop.close());

  /** The checkout page's data, or the place it sends the buyer instead. */
  async function page(url: string) {
    try {
      return { offer: (await call(shop, fullsetPage as never, url)).body };
    } catch (thrown) {
      if (thrown instanceof Response) return { redirect: thrown.headers.get("location") };
      throw thrown;
    }
  }

  it("opens the checkout with the pesos price and no dollar price, in every language", async () => {
    for (const prefix of ["", "/en", "/br"]) {
      const { offer, redirect } = await page(`${prefix}/checkout/fullin?n=101&c=${race.raceId}`);
      expect(redirect, prefix).toBeUndefined();
      expect(offer).toMatchObject({ n: 101, found_rows: 4, fullin_arg: 30000, fullin_usd: 0 });
    }
  });

  it("sells it in pesos and refuses it in dollars with a clear 400", async () => {
    const buy = (country: string, lang: string) =>
      call(shop, purchase, `/api/purchase?lang=${lang}`, {
        method: "POST",
        body: { data: { ...buyer({ country }), fullIn: 1, raceId: race.raceId, n: "101", images: [] } },
      });
    const ars = await buy("1", "en");
    expect(ars.status, JSON.stringify(ars.body)).toBe(200);
    const usd = await buy("2", "en");
    expect(usd.status).toBe(400);
    expect(usd.body.error.message).toMatch(/does not offer the all-photos bundle/);
  });

  it("still sends home a runner below the threshold or a race without any full-set price", async () => {
    expect(await page(`/en/checkout/fullin?n=999&c=${race.raceId}`)).toEqual({ redirect: "/en" });
    await shop.database.db.update(races).set({ fullsetArs: 0 }).where(eq(races.id, race.raceId));
    await shop.database.db.update(fullsetOverrides).set({ priceArs: 0 }).where(eq(fullsetOverrides.raceId, race.raceId));
    expect(await page(`/br/checkout/fullin?n=101&c=${race.raceId}`)).toEqual({ redirect: "/br" });
  });
});
