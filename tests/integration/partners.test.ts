/**
 * Partners' shares (issue 20) against the database, through the real checkout,
 * payment webhooks and back-office services: after a race with two
 * photographers and an organiser, each partner's statement matches the sales
 * to the cent, shares changed mid-race apply only to later sales, a refund
 * undoes its parts, a provider's fee comes off first, the admin marks a month
 * paid and exports the payout file, and no partner sees another's figures.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentPeriod } from "../../app/.server/admin/index.ts";
import type { Operator } from "../../app/.server/staff/index.ts";
import { rowsOf } from "../../app/.server/db/client.ts";
import { orders, photos, raceShares, saleSplits, splitLines } from "../../app/.server/db/schema.ts";
import { settlePastSales } from "../../app/.server/partners/index.ts";
import { action as purchase } from "../../app/routes/api.purchase.ts";
import { action as createPreorder } from "../../app/routes/api.preventa.ts";
import { action as webhook } from "../../app/routes/api.webhooks.ts";
import { action as payDemo } from "../../app/routes/pay-demo.tsx";
import { invite, loginAs } from "./admin-helpers.ts";
import { createTestShop, type TestShop } from "./helpers.ts";
import { buyer, call, cartItem, ORDERS_RACE, seedOrdersRace, type OrdersRace } from "./orders-fixture.ts";
import { installFakeProviders, PROVIDER_ENV, signedMpNotification, signedStripeEvent, type FakeProviders } from "./provider-fakes.ts";

const ADMIN = { email: "partners@dorsal.test", password: "partners-password-1" };

describe("partners' shares, statements and payouts", () => {
  let shop: TestShop;
  let race: OrdersRace;
  let admin: Operator;
  let ana: Operator;
  let bruno: Operator;
  let olga: Operator;
  let fake: FakeProviders;
  let photoId: Record<string, number>;
  const month = currentPeriod();

  beforeAll(async () => {
    fake = installFakeProviders();
    shop = await createTestShop({ ...PROVIDER_ENV, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    await shop.services.admins.ensureFirst();
    ({ op: admin } = await loginAs(shop.services, ADMIN.email, ADMIN.password));
    race = await seedOrdersRace(shop);
    ({ op: ana } = await invite(shop.services, admin, "ana@photos.test", "photographer", [race.raceId]));
    ({ op: bruno } = await invite(shop.services, admin, "bruno@photos.test", "photographer", [race.raceId]));
    ({ op: olga } = await invite(shop.services, admin, "olga@organiser.test", "organizer"));
    const rows = await shop.database.db.select({ id: photos.id, frame: photos.frame }).from(photos).where(eq(photos.raceId, race.raceId));
    photoId = Object.fromEntries(rows.map((r) => [r.frame, r.id]));
    // Ana shot P01–P06 and the bib-101 photos but X15; Bruno P07–P12 and X15.
    const credit = (frames: string[], op: Operator) =>
      shop.services.admin.photos.bulk(
        admin,
        race.raceId,
        frames.map((f) => photoId[f]),
        { action: "photographer", photographerId: op.id },
      );
    await credit(["P01", "P02", "P03", "P04", "P05", "P06", "F13", "S14", "B16"], ana);
    await credit(["P07", "P08", "P09", "P10", "P11", "P12", "X15"], bruno);
  });
  afterAll(async () => {
    fake.restore();
    await shop.close();
  });

  const buy = async (data: Record<string, unknown>) => {
    const { status, body } = await call(shop, purchase, "/api/purchase?lang=es", { method: "POST", body: { data: { ...buyer(), ...data } } });
    expect(status, JSON.stringify(body)).toBe(200);
    return body.data as { id: string; link: string };
  };
  let nextPayment = 9100;
  const mpHook = (paymentId: string) => {
    const n = signedMpNotification(paymentId);
    return call(shop, webhook, `/api/webhooks/mercadopago${n.query}`, {
      method: "POST",
      body: n.body,
      headers: n.headers,
      params: { provider: "mercadopago" },
    });
  };
  /** Pays a sale as the provider of its currency would: MercadoPago for pesos (with its fee, if any), Stripe for dollars. */
  const pay = async (sale: { id: string }, fee?: number) => {
    const order = await orderOf(sale.id);
    if (order.currency === "USD") {
      const signed = signedStripeEvent({
        id: `evt_${sale.id}`,
        type: "checkout.session.completed",
        data: {
          object: {
            id: `cs_${sale.id}`,
            object: "checkout.session",
            client_reference_id: `order:${sale.id}`,
            payment_intent: `pi_${sale.id}`,
            payment_status: "paid",
            amount_total: order.total,
            currency: "usd",
            metadata: {},
          },
        },
      });
      expect(
        (await call(shop, webhook, "/api/webhooks/stripe", { method: "POST", body: signed.body, headers: signed.headers, params: { provider: "stripe" } }))
          .status,
      ).toBe(200);
    } else {
      const id = String(nextPayment++);
      fake.mpPayments.set(id, {
        id: Number(id),
        status: "approved",
        transaction_amount: order.total / 100,
        currency_id: "ARS",
        external_reference: `order:${sale.id}`,
        ...(fee === undefined ? {} : { fee_details: [{ type: "mercadopago_fee", amount: fee / 100, fee_payer: "collector" }] }),
      });
      expect((await mpHook(id)).status).toBe(200);
    }
    await shop.services.worker.drain();
  };
  const orderOf = async (publicId: string) => (await shop.database.db.select().from(orders).where(eq(orders.publicId, publicId)))[0];
  /** Each partner's parts of one sale (photographers by id, organiser, shop) and their sum. */
  async function partsOf(orderId: number) {
    const lines = await shop.database.db
      .select({ line: splitLines, entry: saleSplits.entry })
      .from(splitLines)
      .innerJoin(saleSplits, eq(saleSplits.id, splitLines.splitId))
      .where(eq(saleSplits.orderId, orderId));
    const by = (id: number) => lines.filter((l) => l.line.photographerId === id).reduce((s, l) => s + l.line.photographerPart, 0);
    return {
      lines,
      ana: by(ana.id),
      bruno: by(bruno.id),
      organizer: lines.reduce((s, l) => s + l.line.organizerPart, 0),
      shop: lines.reduce((s, l) => s + l.line.shopPart, 0),
      total: lines.reduce((s, l) => s + l.line.amount, 0),
    };
  }

  it("splits a paid cart photo by photo by the shop's default shares, to the cent", async () => {
    const sale = await buy({ images: [cartItem(race.ids.P01), cartItem(race.ids.P07)], email: "cart1@example.com", confirmEmail: "cart1@example.com" });
    await pay(sale);
    const order = await orderOf(sale.id);
    expect(order.total).toBe(1_000_000);
    const parts = await partsOf(order.id);
    expect(parts).toMatchObject({ ana: 350_000, bruno: 350_000, organizer: 0, shop: 300_000, total: order.total });
  });

  it("applies a share change mid-race only to sales paid after it", async () => {
    await shop.services.admin.partners.setShares(admin, race.raceId, { organizerId: olga.id, percents: { photographer: 65, organizer: 10, shop: 25 } });
    const sale = await buy({ images: [cartItem(race.ids.P02)], email: "cart2@example.com", confirmEmail: "cart2@example.com" });
    await pay(sale);
    expect(await partsOf((await orderOf(sale.id)).id)).toMatchObject({ ana: 325_000, organizer: 50_000, shop: 125_000, total: 500_000 });
    // The first sale keeps the split it was paid under.
    const statement = await shop.services.admin.partners.statement(ana);
    expect(statement.total.ars).toBe(350_000 + 325_000);
    const screen = await shop.services.admin.partners.shares(admin, race.raceId);
    expect(screen.history.map((h) => h.percents.photographer)).toEqual([65]);
    expect(screen.inForce?.organizerName).toBeTruthy();
  });

  it("spreads a discounted bundle over its photos in proportion to their list prices", async () => {
    // AR$ 5.000 + 5.000 + 6.000 = 16.000, 15 % off for three: AR$ 13.600.
    const sale = await buy({
      images: [cartItem(race.ids.P03), cartItem(race.ids.P08), cartItem(race.ids.X15)],
      email: "bundle@example.com",
      confirmEmail: "bundle@example.com",
    });
    await pay(sale);
    const order = await orderOf(sale.id);
    expect(order.total).toBe(1_360_000);
    const parts = await partsOf(order.id);
    expect(parts.lines.map((l) => l.line.amount).sort()).toEqual([425_000, 425_000, 510_000].sort());
    expect(parts.ana).toBe(276_250);
    expect(parts.bruno).toBe(276_250 + 331_500);
    expect(parts.ana + parts.bruno + parts.organizer + parts.shop).toBe(order.total);
  });

  it("spreads a full set over its twelve photos so the parts add up to the amount received", async () => {
    const sale = await buy({ fullIn: 1, raceId: race.raceId, n: "300", images: [], email: "fullset@example.com", confirmEmail: "fullset@example.com" });
    await pay(sale);
    const order = await orderOf(sale.id);
    expect(order.total).toBe(8_000_000);
    const parts = await partsOf(order.id);
    expect(parts.lines).toHaveLength(12);
    expect(parts.total).toBe(8_000_000);
    expect(parts.ana + parts.bruno + parts.organizer + parts.shop).toBe(8_000_000);
    // Six photos each, equal list prices: the photographers' parts differ by rounding only.
    expect(Math.abs(parts.ana - parts.bruno)).toBeLessThanOrEqual(6);
  });

  it("keeps dollars apart from pesos and counts a free photo as a download that earns nothing", async () => {
    const usd = await buy({ country: "4", images: [cartItem(race.ids.P05)], email: "usd@example.com", confirmEmail: "usd@example.com" });
    await pay(usd);
    expect(await partsOf((await orderOf(usd.id)).id)).toMatchObject({ ana: 325, organizer: 50, shop: 125, total: 500 });
    const before = await shop.services.admin.partners.statement(ana);
    const free = await buy({ images: [cartItem(race.ids.F13)], email: "free@example.com", confirmEmail: "free@example.com" });
    await shop.services.worker.drain();
    expect(await partsOf((await orderOf(free.id)).id)).toMatchObject({ ana: 0, total: 0 });
    const after = await shop.services.admin.partners.statement(ana);
    expect(after.total).toMatchObject({ ars: before.total.ars, usd: 325, downloads: before.total.downloads + 1, sold: before.total.sold });
  });

  it("takes MercadoPago's fee off before the split, and a refund undoes exactly the same parts", async () => {
    const sale = await buy({ images: [cartItem(race.ids.P04)], email: "mp@example.com", confirmEmail: "mp@example.com" });
    await pay(sale, 25_050);
    const order = await orderOf(sale.id);
    const paid = await partsOf(order.id);
    // AR$ 5.000 less AR$ 250,50: 65 % of 474.950 cents rounds down to 308.717.
    expect(paid).toMatchObject({ ana: 308_717, organizer: 47_495, shop: 118_738, total: 474_950 });
    const before = await shop.services.admin.partners.statement(ana);

    expect(await shop.services.admin.sales.refund(admin, order.id)).toEqual({ status: "refunded", provider: "mercadopago" });
    const refunded = await partsOf(order.id);
    expect(refunded).toMatchObject({ ana: 0, organizer: 0, shop: 0, total: 0 });
    expect(refunded.lines.filter((l) => l.entry === "refund")).toHaveLength(1);
    const after = await shop.services.admin.partners.statement(ana);
    expect(after.total.ars).toBe(before.total.ars - 308_717);
    expect(after.total.sold).toBe(before.total.sold - 1);
  });

  it("shows each partner exactly their own figures, by month and race, and nobody else's", async () => {
    const mine = await shop.services.admin.partners.statement(ana);
    expect(mine.partner.id).toBe(ana.id);
    expect(mine.months[0].period).toBe(month);
    expect(mine.races).toEqual([expect.objectContaining({ raceId: race.raceId, ars: mine.total.ars, usd: mine.total.usd })]);
    // Everything the shop split adds up to everything it received, less fees.
    const [{ received }] = rowsOf<{ received: string }>(
      await shop.database.db.execute(sql`select coalesce(sum(received - fee), 0) as received from sale_splits where currency = 'ARS'`),
    );
    const { op: idle } = await invite(shop.services, admin, "idle@photos.test", "photographer");
    const overview = await shop.services.admin.partners.overview(admin, month);
    // A partner who sold nothing is listed with nothing.
    expect(overview.partners.find((p) => p.partnerId === idle.id)).toMatchObject({ sold: 0, downloads: 0, ars: 0, usd: 0 });
    const partnersArs = overview.partners.reduce((s, p) => s + p.ars, 0);
    expect(partnersArs + overview.shop.ars).toBe(Number(received));
    const olgaRow = overview.partners.find((p) => p.partnerId === olga.id)!;
    expect((await shop.services.admin.partners.statement(olga)).total.ars).toBe(olgaRow.ars);

    await expect(shop.services.admin.partners.statement(ana, bruno.id)).rejects.toMatchObject({ status: 403 });
    await expect(shop.services.admin.partners.statement(olga, ana.id)).rejects.toMatchObject({ status: 403 });
    await expect(shop.services.admin.partners.overview(bruno, month)).rejects.toMatchObject({ status: 403 });
    await expect(shop.services.admin.partners.payoutFile(ana, month)).rejects.toMatchObject({ status: 403 });
    await expect(shop.services.admin.partners.markPaid(ana, { partnerId: ana.id, period: month, reference: "x" })).rejects.toMatchObject({ status: 403 });
    await expect(
      shop.services.admin.partners.setShares(ana, race.raceId, { organizerId: null, percents: { photographer: 100, organizer: 0, shop: 0 } }),
    ).rejects.toMatchObject({
      status: 403,
    });
    // An organiser is assigned no race: they cannot open one to tag or upload.
    await expect(shop.services.admin.races.header(olga, race.raceId)).rejects.toMatchObject({ status: 403 });
  });

  it("marks a month paid with its reference and leaves it out of the next payout file", async () => {
    const file = await shop.services.admin.partners.payoutFile(admin, month);
    const anaLines = file.filter((l) => l.partnerId === ana.id);
    const statement = await shop.services.admin.partners.statement(ana);
    expect(anaLines).toEqual([
      expect.objectContaining({ currency: "ARS", amount: statement.total.ars, email: "ana@photos.test" }),
      expect.objectContaining({ currency: "USD", amount: statement.total.usd }),
    ]);
    const paid = await shop.services.admin.partners.markPaid(admin, { partnerId: ana.id, period: month, reference: "TRF-0001" });
    expect(paid).toHaveLength(2);
    const after = await shop.services.admin.partners.statement(ana);
    expect(after.due).toMatchObject({ ars: 0, usd: 0 });
    expect(after.months[0].paid.ARS).toMatchObject({ amount: statement.total.ars, reference: "TRF-0001" });
    expect((await shop.services.admin.partners.payoutFile(admin, month)).some((l) => l.partnerId === ana.id)).toBe(false);
    await expect(shop.services.admin.partners.markPaid(admin, { partnerId: ana.id, period: month, reference: "TRF-0002" })).rejects.toMatchObject({
      status: 400,
      key: "payoutsNothingDue",
    });
    await expect(shop.services.admin.partners.markPaid(admin, { partnerId: bruno.id, period: "2026-13", reference: "x" })).rejects.toMatchObject({
      key: "payoutsPeriod",
    });
    await expect(shop.services.admin.partners.markPaid(admin, { partnerId: bruno.id, period: month, reference: "  " })).rejects.toMatchObject({
      key: "payoutsReference",
    });
  });

  it("refuses shares that are not whole percents adding up to 100, or an organiser's part without an organiser", async () => {
    const set = (photographer: number, organizer: number, shop_: number, organizerId: number | null = null) =>
      shop.services.admin.partners.setShares(admin, race.raceId, { organizerId, percents: { photographer, organizer, shop: shop_ } });
    await expect(set(70, 10, 30, olga.id)).rejects.toMatchObject({ status: 400, key: "sharesNotHundred" });
    await expect(set(60, 10, 30)).rejects.toMatchObject({ key: "sharesOrganizerMissing" });
    await expect(set(60.5, 10, 29.5, olga.id)).rejects.toMatchObject({ key: "sharesNotWhole" });
    await expect(set(110, -10, 0, olga.id)).rejects.toMatchObject({ key: "sharesOutOfRange" });
    await expect(set(60, 10, 30, ana.id)).rejects.toMatchObject({ key: "sharesNotOrganizer" });
    // The same shares sent again add nothing to the history.
    await set(65, 10, 25, olga.id);
    expect((await shop.services.admin.partners.shares(admin, race.raceId)).history).toHaveLength(1);
  });

  it("splits a pre-order's payment over the photos its sale delivers, by list price, free ones earning nothing", async () => {
    const { body } = await call(shop, createPreorder, "/api/preventa?lang=es", {
      method: "POST",
      body: { data: { ...buyer({ email: "pre101@example.com", confirmEmail: "pre101@example.com" }), raceId: race.raceId, raceSlug: ORDERS_RACE, dni: "101" } },
    });
    const id = String(nextPayment++);
    fake.mpPayments.set(id, { id: Number(id), status: "approved", transaction_amount: 40_000, currency_id: "ARS", external_reference: `preorder:${body.id}` });
    expect((await mpHook(id)).status).toBe(200);
    expect(await shop.services.preorders.convertPaid(race.raceId)).toMatchObject({ converted: 1 });
    const [sale] = await shop.database.db
      .select()
      .from(orders)
      .where(eq(orders.cartHash, `preorder:${body.id}`));
    expect(sale).toMatchObject({ provider: "preorder", total: 0 });
    const parts = await partsOf(sale.id);
    // AR$ 40.000 over S14 (on sale at 3.500), X15 (6.000) and B16 (5.000); the free F13 gets nothing.
    const slice = (frame: string) => parts.lines.find((l) => l.line.photoId === photoId[frame])!.line;
    expect(parts.total).toBe(4_000_000);
    expect(slice("F13")).toMatchObject({ amount: 0, free: true });
    expect([slice("S14").amount, slice("X15").amount, slice("B16").amount]).toEqual([965_517, 1_655_173, 1_379_310]);
    expect(parts.ana + parts.bruno + parts.organizer + parts.shop).toBe(4_000_000);
  });

  it("lets a partner say where to be paid, and shows it to the admin on the payout file", async () => {
    await shop.services.admin.operators.setPayoutDetails(bruno, "CBU 0000003100000000000001");
    expect(await shop.services.admin.operators.payoutDetails(bruno)).toBe("CBU 0000003100000000000001");
    const file = await shop.services.admin.partners.payoutFile(admin, month);
    expect(file.find((l) => l.partnerId === bruno.id)?.payoutDetails).toBe("CBU 0000003100000000000001");
    await expect(shop.services.admin.operators.setPayoutDetails(bruno, "x".repeat(501))).rejects.toMatchObject({ status: 400, key: "payoutDetailsTooLong" });
    const [entry] = await shop.services.admin.audit.list(admin, { q: "operator.payoutDetails" });
    expect(entry.details).toMatchObject({ before: "", after: "CBU 0000003100000000000001" });
  });

  it("splits sales paid before partners existed, once, as if they had been split when paid", async () => {
    const sale = await buy({ images: [cartItem(race.ids.P06)], email: "late@example.com", confirmEmail: "late@example.com" });
    await pay(sale);
    const order = await orderOf(sale.id);
    const split = await partsOf(order.id);
    await shop.database.db.delete(saleSplits).where(eq(saleSplits.orderId, order.id));
    expect(await settlePastSales(shop.database.db)).toEqual({ written: 1, failed: [] });
    expect(await settlePastSales(shop.database.db)).toEqual({ written: 0, failed: [] });
    const again = await partsOf(order.id);
    expect({ ana: again.ana, organizer: again.organizer, shop: again.shop }).toEqual({ ana: split.ana, organizer: split.organizer, shop: split.shop });
  });

  it("records new shares sent twice at once (a double click) once", async () => {
    const before = (await shop.services.admin.partners.shares(admin, race.raceId)).history.length;
    const send = () =>
      shop.services.admin.partners.setShares(admin, race.raceId, { organizerId: olga.id, percents: { photographer: 60, organizer: 15, shop: 25 } });
    await Promise.all([send(), send()]);
    const { history } = await shop.services.admin.partners.shares(admin, race.raceId);
    expect(history).toHaveLength(before + 1);
    expect(history[0].percents).toEqual({ photographer: 60, organizer: 15, shop: 25 });
  });
});

describe("who took each photo", () => {
  let shop: TestShop;
  let admin: Operator;
  let folder: string;
  beforeAll(async () => {
    shop = await createTestShop({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    await shop.services.admins.ensureFirst();
    ({ op: admin } = await loginAs(shop.services, ADMIN.email, ADMIN.password));
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "dorsal-credits-"));
    fs.mkdirSync(path.join(folder, "photos"));
    const jpeg = (hue: number) =>
      sharp({ create: { width: 320, height: 200, channels: 3, background: { r: hue, g: 120, b: 255 - hue } } })
        .jpeg()
        .toBuffer();
    for (const [i, name] of ["A1.jpg", "A2.jpg", "B1.jpg"].entries()) fs.writeFileSync(path.join(folder, "photos", name), await jpeg(40 + i * 80));
  });
  afterAll(async () => {
    fs.rmSync(folder, { recursive: true, force: true });
    await shop.close();
  });

  const raceJson = (photographer?: string) =>
    JSON.stringify({
      slug: "credits-run",
      name: { es: "Carrera de créditos" },
      status: "published",
      price: { ars: 1000, usd: 1 },
      ...(photographer ? { photographer } : {}),
    });

  it("credits an import folder's photos to the photographer it names, and a photo to the one its row names", async () => {
    fs.writeFileSync(path.join(folder, "race.json"), raceJson("nobody@photos.test"));
    await expect(shop.services.imports.folder(folder)).rejects.toThrow(/nobody@photos.test has no account/);

    const { op: carla } = await invite(shop.services, admin, "carla@photos.test", "photographer");
    const { op: dario } = await invite(shop.services, admin, "dario@photos.test", "photographer");
    fs.writeFileSync(path.join(folder, "race.json"), raceJson("Carla@Photos.test"));
    fs.writeFileSync(path.join(folder, "photos.csv"), "file,bibs,photographer\nB1.jpg,7,dario@photos.test\n");
    await shop.services.imports.folder(folder);
    const rows = await shop.database.db
      .select({ frame: photos.frame, photographerId: photos.photographerId })
      .from(photos)
      .where(inArray(photos.frame, ["A1", "A2", "B1"]));
    expect(Object.fromEntries(rows.map((r) => [r.frame, r.photographerId]))).toEqual({ A1: carla.id, A2: carla.id, B1: dario.id });
  });

  it("lets an admin credit a batch to another photographer, never a photographer", async () => {
    const rows = await shop.database.db.select({ id: photos.id, raceId: photos.raceId }).from(photos).where(eq(photos.frame, "A1"));
    const { op: eva } = await invite(shop.services, admin, "eva@photos.test", "photographer", [rows[0].raceId]);
    await expect(
      shop.services.admin.photos.bulk(
        eva,
        rows[0].raceId,
        rows.map((r) => r.id),
        { action: "photographer", photographerId: eva.id },
      ),
    ).rejects.toMatchObject({ status: 403 });
    await shop.services.admin.photos.bulk(
      admin,
      rows[0].raceId,
      rows.map((r) => r.id),
      { action: "photographer", photographerId: eva.id },
    );
    const [after] = await shop.database.db
      .select({ photographerId: photos.photographerId })
      .from(photos)
      .where(and(eq(photos.frame, "A1"), eq(photos.raceId, rows[0].raceId)));
    expect(after.photographerId).toBe(eva.id);
  });
});

describe("a split that fails", () => {
  let shop: TestShop;
  let race: OrdersRace;
  beforeAll(async () => {
    shop = await createTestShop();
    race = await seedOrdersRace(shop);
  });
  afterAll(() => shop.close());

  it("never loses the payment, and housekeeping splits the sale once it can", async () => {
    // Without any shares on record a sale cannot be split.
    await shop.database.db.delete(raceShares);
    const { body } = await call(shop, purchase, "/api/purchase?lang=es", { method: "POST", body: { data: { ...buyer(), images: [cartItem(race.ids.P01)] } } });
    const token = (body.data.link as string).split("/").pop()!;
    await call(shop, payDemo, `/pay/demo/${token}`, {
      method: "POST",
      body: "outcome=approved",
      params: { token },
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.publicId, body.data.id));
    expect(order.paidAt).not.toBeNull();
    expect(await shop.database.db.select().from(saleSplits).where(eq(saleSplits.orderId, order.id))).toEqual([]);
    const failing = await settlePastSales(shop.database.db);
    expect(failing).toMatchObject({ written: 0, failed: [{ orderId: order.id }] });

    await shop.database.db
      .insert(raceShares)
      .values({ raceId: null, photographerPct: 70, organizerPct: 0, shopPct: 30, createdAt: new Date("2000-01-01T00:00:00Z") });
    expect(await settlePastSales(shop.database.db)).toEqual({ written: 1, failed: [] });
    const [split] = await shop.database.db.select().from(saleSplits).where(eq(saleSplits.orderId, order.id));
    expect(split).toMatchObject({ entry: "sale", received: order.total, fee: 0 });
  });
});
