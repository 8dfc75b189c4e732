import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "./helpers.ts";
import { ORDERS_RACE, type OrdersRace, seedOrdersRace } from "./orders-fixture.ts";

// A runner who types a number the race's start list does not have (a typo,
// most often) is told so, with the registered numbers one keystroke away that
// photos show. Orders Trail: 12 photos of #300, 4 of #101.

describe("a searched number the start list does not have", () => {
  let shop: TestShop;
  let race: OrdersRace;
  beforeAll(async () => {
    shop = await createTestShop();
    race = await seedOrdersRace(shop);
  });
  afterAll(() => shop.close());

  const search = async (bib: number) => {
    const view = await shop.services.races.photos({ slug: ORDERS_RACE, page: 1, bib, lang: "en" });
    return { found: view.found_rows, registered: view.registered, near: view.near };
  };

  it("says nothing of registration where the race has no start list", async () => {
    expect(await search(3001)).toEqual({ found: 0, registered: null, near: [] });
    expect(await search(300)).toEqual({ found: 12, registered: null, near: [] });
  });

  it("offers the registered numbers one keystroke away that photos show, and tells a registered one apart", async () => {
    await shop.services.recognition.loadStartList(race.raceId, "dorsal,nombre\n300,Ana\n301,Bruno\n101,Carla\n1001,Dario\n");
    // 3001: #300 with a digit added (12 photos); #301 too, but no photo shows it.
    expect(await search(3001)).toEqual({ found: 0, registered: false, near: [{ n: 300, fotos: 12 }] });
    expect(await search(1011)).toEqual({ found: 0, registered: false, near: [{ n: 101, fotos: 4 }] });
    expect(await search(7777)).toEqual({ found: 0, registered: false, near: [] });
    // Registered without photos yet: never a doubt about the number.
    expect(await search(301)).toEqual({ found: 0, registered: true, near: [] });
    // Photos found: nothing to say of the list, even for a number not on it (tagged by hand).
    expect(await search(300)).toEqual({ found: 12, registered: null, near: [] });
    await shop.services.recognition.loadStartList(race.raceId, "dorsal,nombre\n301,Bruno\n");
    expect(await search(300)).toEqual({ found: 12, registered: null, near: [] });
  });

  it("follows the start list as it is replaced or cleared", async () => {
    await shop.services.recognition.loadStartList(race.raceId, "dorsal,nombre\n300,Ana\n");
    expect((await search(3001)).near).toEqual([{ n: 300, fotos: 12 }]);
    await shop.services.recognition.clearStartList(race.raceId);
    expect(await search(3001)).toEqual({ found: 0, registered: null, near: [] });
  });
});
