/**
 * The rendered-page cache against the real database: what it serves from
 * memory changes on the very next request after a price, a publication, a tag
 * or a discount changes (every language), and nothing personal is ever kept.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Operator } from "../../app/.server/staff/index.ts";
import { createPageCache, isCacheable, isFresh, PROGRESS_LAG_MS, type CachedResponse, type PageCache } from "../../app/.server/http/page-cache.ts";
import { storeDecisions } from "../../app/.server/recognition/store.ts";
import { eq, inArray } from "drizzle-orm";
import { photos } from "../../app/.server/db/schema.ts";
import { loader as corredores } from "../../app/routes/api.corredores.ts";
import { loader as fotos } from "../../app/routes/api.fotos.ts";
import { loader as fakeApi } from "../../app/routes/fake-api.ts";
import { loginAs, routerContext } from "./admin-helpers.ts";
import { createTestShop, type TestShop } from "./helpers.ts";
import { ORDERS_RACE, seedOrdersRace, type OrdersRace } from "./orders-fixture.ts";

const ADMIN = { email: "cache@dorsal.test", password: "cache-password-1" };

describe("page cache", () => {
  let shop: TestShop;
  let admin: Operator;
  let race: OrdersRace;
  let renders = 0;
  beforeAll(async () => {
    shop = await createTestShop({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    await shop.services.admins.ensureFirst();
    ({ op: admin } = await loginAs(shop.services, ADMIN.email, ADMIN.password));
    race = await seedOrdersRace(shop);
  });
  afterAll(() => shop.close());

  /** GET through the cache, rendered by the real route when the cache has nothing current. */
  async function get(url: string, cache: PageCache = shop.services.pageCache): Promise<{ body: any; fromCache: boolean }> {
    const before = renders;
    const answer = await cache.get(url, await cache.version(), async () => {
      renders++;
      const u = new URL(`http://shop.test${url}`);
      const loader = u.pathname.startsWith("/fake-api/") ? fakeApi : u.pathname.startsWith("/api/corredores/") ? corredores : fotos;
      const params = u.pathname.startsWith("/fake-api/") ? { file: u.pathname.split("/").pop()! } : { slug: u.pathname.split("/").pop()! };
      return (await loader({ request: new Request(u), params, context: routerContext(shop.services) } as never)) as Response;
    });
    const entry = answer as CachedResponse;
    const { gunzipSync } = await import("node:zlib");
    return { body: JSON.parse(gunzipSync(entry.gzipped).toString("utf8")), fromCache: renders === before };
  }
  const page = (lang: string, query = "") => `/api/fotos/${ORDERS_RACE}?lang=${lang}${query}`;
  const photoOf = (body: any, id: string) => body.data.fotos.find((f: { id: string }) => f.id === id);

  it("tells the page warmer the bibs runners will search: those of the race's visible photos, then the start list's others", async () => {
    expect(await shop.services.races.withBibs()).toEqual([{ slug: ORDERS_RACE, bibs: [101, 300], expected: [] }]);
    const bib300 = Object.entries(race.ids)
      .filter(([name]) => name.startsWith("P"))
      .map(([, id]) => id);
    const rows = await shop.database.db.select({ id: photos.id }).from(photos).where(inArray(photos.publicId, bib300));
    await shop.services.admin.photos.bulk(
      admin,
      race.raceId,
      rows.map((r) => r.id),
      { action: "hidden", hidden: true },
    );
    expect(await shop.services.races.withBibs()).toEqual([{ slug: ORDERS_RACE, bibs: [101], expected: [] }]);
    // The start list names runners whose photos are hidden or missing: their searches come after.
    await shop.services.admin.bibs.loadStartList(admin, race.raceId, "dorsal;nombre\n101;Ana\n300;Bruno\n555;Carla\n");
    await shop.services.worker.drain(); // decided again in the background
    expect(await shop.services.races.withBibs()).toEqual([{ slug: ORDERS_RACE, bibs: [101], expected: [300, 555] }]);
    await shop.services.admin.photos.bulk(
      admin,
      race.raceId,
      rows.map((r) => r.id),
      { action: "hidden", hidden: false },
    );
    expect(await shop.services.races.withBibs()).toEqual([{ slug: ORDERS_RACE, bibs: [101, 300], expected: [555] }]);
    await shop.services.admin.bibs.clearStartList(admin, race.raceId);
    await shop.services.worker.drain(); // decided again in the background
  });

  it("serves a repeated request from memory", async () => {
    await get(page("es"));
    expect((await get(page("es"))).fromCache).toBe(true);
  });

  it("shows a changed price on the very next request, in every language", async () => {
    for (const lang of ["es", "en", "br"]) await get(page(lang));
    const [row] = await shop.database.db.select().from(photos).where(eq(photos.publicId, race.ids.P01));
    await shop.services.admin.photos.bulk(admin, race.raceId, [row.id], { action: "sale", saleArs: 123_400, saleUsd: 200 });
    for (const lang of ["es", "en", "br"]) {
      const { body, fromCache } = await get(page(lang));
      expect(fromCache).toBe(false);
      expect(photoOf(body, race.ids.P01)).toMatchObject({ descuento_arg: 1234, descuento_usd: 2 });
    }
  });

  it("shows a photo hidden or published again on the very next request", async () => {
    const [row] = await shop.database.db.select().from(photos).where(eq(photos.publicId, race.ids.P02));
    const before = (await get(page("en"))).body.data.found_rows;
    await shop.services.admin.photos.bulk(admin, race.raceId, [row.id], { action: "hidden", hidden: true });
    const hidden = await get(page("en"));
    expect(hidden.body.data.found_rows).toBe(before - 1);
    expect(photoOf(hidden.body, race.ids.P02)).toBeUndefined();
    await shop.services.admin.photos.bulk(admin, race.raceId, [row.id], { action: "hidden", hidden: false });
    expect((await get(page("en"))).body.data.found_rows).toBe(before);
  });

  it("shows a new tag (a bib) on the very next bib search", async () => {
    const search = page("br", "&n=4242");
    expect((await get(search)).body.data.found_rows).toBe(0);
    const [row] = await shop.database.db.select().from(photos).where(eq(photos.publicId, race.ids.P03));
    await shop.services.admin.photos.tag(admin, row.id, { bibs: [300, 4242], tagIds: [] });
    const found = await get(search);
    expect(found.fromCache).toBe(false);
    expect(found.body.data.fotos.map((f: { id: string }) => f.id)).toEqual([race.ids.P03]);
  });

  it("lets a page lag an import's own progress by a few seconds, never a person's change", async () => {
    let clock = 0;
    const cache = createPageCache({ db: shop.database.db, listen: shop.database.listen, now: () => clock });
    const search = page("en", "&n=5151");
    expect((await get(search, cache)).body.data.found_rows).toBe(0);
    const [p04] = await shop.database.db.select().from(photos).where(eq(photos.publicId, race.ids.P04));
    // Recognition tags a photo automatically while an import runs.
    await storeDecisions(shop.database.db, { id: p04.id, raceId: race.raceId }, [
      { bib: 5151, confidence: 0.99, box: { cx: 10, cy: 10, width: 20, height: 10, angle: 0 }, doubts: [], status: "auto" },
    ]);
    clock += PROGRESS_LAG_MS - 1;
    expect(await get(search, cache)).toMatchObject({ fromCache: true, body: { data: { found_rows: 0 } } });
    clock += 1;
    const late = await get(search, cache);
    expect(late.fromCache).toBe(false);
    expect(late.body.data.fotos.map((f: { id: string }) => f.id)).toEqual([race.ids.P04]);

    // A person's change within the lag shows at once.
    await shop.services.admin.photos.bulk(admin, race.raceId, [p04.id], { action: "hidden", hidden: true });
    expect(await get(search, cache)).toMatchObject({ fromCache: false, body: { data: { found_rows: 0 } } });
    await shop.services.admin.photos.bulk(admin, race.raceId, [p04.id], { action: "hidden", hidden: false });
  });

  it("offers the look-up by name, and finds the runners of a start list, on the very next request after it is loaded or cleared", async () => {
    const lookUp = `/api/corredores/${ORDERS_RACE}?q=dora+vega&lang=br`;
    expect((await get(page("br"))).body.data.namesListed).toBe(false);
    expect((await get(lookUp)).body.data.corredores).toEqual([]);
    await shop.services.admin.bibs.loadStartList(admin, race.raceId, "dorsal;nombre\n101;Dora Vega\n");
    const listed = await get(page("br"));
    expect(listed).toMatchObject({ fromCache: false, body: { data: { namesListed: true } } });
    expect((await get(lookUp)).body.data.corredores.map((r: { n: number }) => r.n)).toEqual([101]);
    await shop.services.admin.bibs.clearStartList(admin, race.raceId);
    expect((await get(page("br"))).body.data.namesListed).toBe(false);
    expect((await get(lookUp)).body.data.corredores).toEqual([]);
    await shop.services.worker.drain(); // decided again in the background
  });

  it("shows changed discount tiers on the very next request", async () => {
    await get("/fake-api/descuentos.json?lang=es");
    await shop.services.admin.settings.saveTiers(admin, [{ minQuantity: 2, percent: 40 }]);
    const { body, fromCache } = await get("/fake-api/descuentos.json?lang=es");
    expect(fromCache).toBe(false);
    expect(body).toEqual([expect.objectContaining({ cantidad: 2, descuento: 40 })]);
  });

  it("never keeps anything personal: sessions, purchases, checkouts, the back office, POSTs", () => {
    const req = (method: string, path: string, cookie?: string) => ({ method, path, headers: cookie ? { cookie } : {} });
    expect(isCacheable(req("GET", "/en/race/x"))).toBe(true);
    expect(isCacheable(req("GET", "/api/fotos/x"))).toBe(true);
    expect(isCacheable(req("GET", "/en/race/x", "dorsal_admin=abc.def"))).toBe(false);
    expect(isCacheable(req("POST", "/en/race/x"))).toBe(false);
    for (const path of [
      "/compra/ABCDEFGH12345678",
      "/en/purchase/x",
      "/precompra/x",
      "/checkout",
      "/en/checkout/fullin",
      "/preventa/x",
      "/admin",
      "/en/admin/races",
      "/api/purchase/x",
      "/pay/demo/x",
      "/download/x",
    ]) {
      expect(isCacheable(req("GET", path)), path).toBe(false);
    }
  });

  it("answers a conditional request by its ETag", async () => {
    const cache = shop.services.pageCache;
    await get(page("es"));
    const entry = (await cache.get(page("es"), await cache.version(), async () => new Response("never"))) as CachedResponse;
    expect(isFresh(entry, entry.etag)).toBe(true);
    expect(isFresh(entry, `W/${entry.etag}`)).toBe(true);
    expect(isFresh(entry, '"something-else"')).toBe(false);
    expect(isFresh(entry, undefined)).toBe(false);
  });
});
