import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderEvents, orderPhotos, orders, photos } from "../../app/.server/db/schema.ts";
import { action as purchase } from "../../app/routes/api.purchase.ts";
import { loader as purchaseDetail } from "../../app/routes/api.purchase-detail.ts";
import { createTestShop, type TestShop } from "./helpers.ts";
import { buyer, call, cartItem, outbox, seedOrdersRace, type OrdersRace } from "./orders-fixture.ts";

describe("POST /api/purchase", () => {
  let shop: TestShop;
  let race: OrdersRace;
  beforeAll(async () => {
    shop = await createTestShop();
    race = await seedOrdersRace(shop);
  });
  afterAll(() => shop.close());

  const buy = (data: Record<string, unknown>, lang = "es") =>
    call(shop, purchase, `/api/purchase?lang=${lang}`, { method: "POST", body: { data: { ...buyer(), ...data } } });
  const orderOf = async (publicId: string) => (await shop.database.db.select().from(orders).where(eq(orders.publicId, publicId)))[0];

  it("prices a cart from the database, ignoring the browser's prices", async () => {
    const { ids } = race;
    const images = [
      cartItem(ids.P01, { precio_arg: 1, precio_usd: 0.01 }),
      cartItem(ids.S14, { descuento_arg: 1 }),
      cartItem(ids.X15),
      cartItem(ids.F13, { free: "0" }),
    ];
    const { status, body } = await buy({ images, email: "tamper@example.com", confirmEmail: "tamper@example.com" });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data.link).toMatch(/^http:\/\/shop\.test\/pay\/demo\/[A-Za-z0-9]{24}$/);
    const order = await orderOf(body.data.id);
    // 5000 + sale 3500 + own 6000 + free 0 = 14500; three paid photos → 15 % → 12325 → whole pesos 12325.
    expect(order).toMatchObject({ state: 1, currency: "ARS", subtotal: 1_450_000, discountPercent: 15, total: 1_232_500, provider: "demo" });
    const lines = await shop.database.db
      .select({ price: orderPhotos.price, free: photos.free })
      .from(orderPhotos)
      .innerJoin(photos, eq(photos.id, orderPhotos.photoId))
      .where(eq(orderPhotos.orderId, order.id));
    expect(lines.map((l) => l.price).sort((a, b) => a - b)).toEqual([0, 350_000, 500_000, 600_000]);
  });

  it("charges dollars to every country but Argentina, whatever the page language", async () => {
    const { body } = await buy({ country: "2", images: [cartItem(race.ids.P02)], email: "br@example.com", confirmEmail: "br@example.com" }, "es");
    expect(await orderOf(body.data.id)).toMatchObject({ currency: "USD", total: 500, lang: "es" });
    const ar = await buy({ country: "1", images: [cartItem(race.ids.P02)], email: "ar@example.com", confirmEmail: "ar@example.com" }, "en");
    expect(await orderOf(ar.body.data.id)).toMatchObject({ currency: "ARS", total: 500_000, lang: "en" });
  });

  it("returns the same pending order when the same checkout (same browser key) is submitted again", async () => {
    const key = "checkout-key-twice-0001";
    const data = {
      images: [cartItem(race.ids.P03), cartItem(race.ids.P04)],
      email: "twice@example.com",
      confirmEmail: "twice@example.com",
      idempotencyKey: key,
    };
    const [a, b] = await Promise.all([buy(data), buy(data)]);
    const c = await buy({ ...data, images: [...data.images].reverse() });
    expect(a.body.data.id).toBe(b.body.data.id);
    expect(c.body.data).toEqual(a.body.data);
    const other = await buy({ ...data, images: [cartItem(race.ids.P03)] });
    expect(other.body.data.id).not.toBe(a.body.data.id);
  });

  it("finding 1, purchase takeover: repeating a buyer's e-mail and cart never hands over their order", async () => {
    const data = { images: [cartItem(race.ids.P05), cartItem(race.ids.F13)], email: "victim@example.com", confirmEmail: "victim@example.com" };
    const victim = await buy({ ...data, idempotencyKey: "victims-own-key-0001" });
    // The attacker knows the e-mail and the photos, but not the victim's browser key.
    const withoutKey = await buy(data);
    const otherKey = await buy({ ...data, idempotencyKey: "attackers-guess-0001" });
    for (const attempt of [withoutKey, otherKey]) {
      expect(attempt.status).toBe(200);
      expect(attempt.body.data.id).not.toBe(victim.body.data.id);
      expect(attempt.body.data.link).not.toBe(victim.body.data.link);
    }
    // Free orders are the quickest to take over: each submit is its own order too.
    const free = { images: [cartItem(race.ids.F13)], email: "victim-free@example.com", confirmEmail: "victim-free@example.com" };
    const first = await buy({ ...free, idempotencyKey: "victims-free-key-01" });
    const again = await buy(free);
    expect(again.body.data.id).not.toBe(first.body.data.id);
  });

  it("delivers a free order at once: paid, then closed with its e-mail", async () => {
    const { body } = await buy({ images: [cartItem(race.ids.F13)], email: "free@example.com", confirmEmail: "free@example.com" });
    expect(body.data.link).toBe(`http://shop.test/compra/${body.data.id}`);
    expect((await orderOf(body.data.id)).state).toBe(2);
    await shop.services.worker.drain();
    const order = await orderOf(body.data.id);
    expect(order.state).toBe(3);
    expect(order.paidAt).toBeInstanceOf(Date);
    const events = await shop.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((e) => [e.fromState, e.toState, e.cause])).toEqual([
      [null, 1, { code: "checkout" }],
      [1, 2, { code: "free" }],
      [2, 3, { code: "delivered" }],
    ]);
    const mail = outbox(shop).find((m) => m.includes("free@example.com") && m.includes(body.data.id));
    expect(mail).toBeDefined();
    expect(mail).toContain(`http://shop.test/compra/${body.data.id}`);
  });

  it("sells a full set at the bib-range override, refusing it below the threshold", async () => {
    const { body, status } = await buy({ fullIn: 1, raceId: race.raceId, n: "300", images: [] });
    expect(status).toBe(200);
    const order = await orderOf(body.data.id);
    expect(order).toMatchObject({ kind: "fullset", fullsetBib: 300, total: 8_000_000, subtotal: 8_000_000, discountPercent: 0 });
    const lines = await shop.database.db.select().from(orderPhotos).where(eq(orderPhotos.orderId, order.id));
    expect(lines).toHaveLength(12);
    expect(lines.reduce((sum, l) => sum + l.price, 0)).toBe(8_000_000);
    const usd = await buy({ country: "4", fullIn: "1", raceId: String(race.raceId), n: 300, email: "usd@example.com", confirmEmail: "usd@example.com" });
    expect((await orderOf(usd.body.data.id)).total).toBe(8_000);
    // Bib 101 has four photos ≥ threshold 3 and no override: the race's price.
    const plain = await buy({ fullIn: 1, raceId: race.raceId, n: "101", email: "b101@example.com", confirmEmail: "b101@example.com" });
    expect((await orderOf(plain.body.data.id)).total).toBe(3_000_000);
    const few = await buy({ fullIn: 1, raceId: race.raceId, n: "999", email: "few@example.com", confirmEmail: "few@example.com" }, "en");
    expect(few.status).toBe(400);
    expect(few.body.error.message).toMatch(/at least 3 photos/);
  });

  it("refuses bad input with a clear localized 4xx, never a 500", async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ images: [] }, /carrito está vacío/],
      [{ images: [cartItem(race.ids.P05)], confirmEmail: "other@example.com" }, /no coinciden/],
      [{ images: [cartItem(race.ids.P05)], email: "not-an-email", confirmEmail: "not-an-email" }, /no es válido/],
      [{ images: [cartItem(race.ids.P05)], country: "9" }, /país/],
      [{ images: [cartItem(race.ids.P05)], firstName: " " }, /nombre/],
      [{ images: [cartItem("NoSuchPhoto123")] }, /ya no está disponible/],
      [{ fullIn: 1, raceId: race.raceId, n: "abc" }, /corredor/],
    ];
    for (const [data, text] of cases) {
      const { status, body } = await buy(data);
      expect(status, JSON.stringify(data)).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
      expect(body.error.message).toMatch(text);
    }
    const garbage = await call(shop, purchase, "/api/purchase", { method: "POST", body: "{not json" });
    expect(garbage.status).toBe(400);
  });

  it("refuses a hidden photo", async () => {
    await shop.database.db.update(photos).set({ hidden: true }).where(eq(photos.publicId, race.ids.P06));
    const { status } = await buy({ images: [cartItem(race.ids.P06)], email: "hidden@example.com", confirmEmail: "hidden@example.com" });
    expect(status).toBe(409);
    await shop.database.db.update(photos).set({ hidden: false }).where(eq(photos.publicId, race.ids.P06));
  });

  it("answers GET /api/purchase/{id} in the spec's shape, and 404 for an unknown id", async () => {
    const { body } = await buy({ images: [cartItem(race.ids.P07)], email: "view@example.com", confirmEmail: "view@example.com" });
    const view = await call(shop, purchaseDetail, `/api/purchase/${body.data.id}?lang=es`, { params: { id: body.data.id } });
    expect(view.status).toBe(200);
    expect(view.body.data.venta).toMatchObject({
      id: body.data.id,
      id_estado: 1,
      tot_fotos: 1,
      total_arg: 5000,
      subtotal_arg: 5000,
      total_usd: 5,
      subtotal_usd: 5,
      mediodepago: "Demo",
    });
    expect(view.body.data.pagado).toBe(false);
    expect(view.body.data.link).toBe(body.data.link);
    expect((await call(shop, purchaseDetail, "/api/purchase/NoSuchOrder123", { params: { id: "NoSuchOrder123" } })).status).toBe(404);
    expect((await call(shop, purchaseDetail, "/api/purchase/x", { params: { id: "../x" } })).status).toBe(404);
  });
});
