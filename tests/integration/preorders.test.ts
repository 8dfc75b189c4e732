import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import type { Operator } from "../../app/.server/staff/index.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs, photoBibs, photos, preorders, races } from "../../app/.server/db/schema.ts";
import { PREORDER_SYNC_JOB } from "../../app/.server/orders/index.ts";
import { loader as purchaseDetail } from "../../app/routes/api.purchase-detail.ts";
import { loader as prepurchase } from "../../app/routes/api.prepurchase.ts";
import { action as createPreorder } from "../../app/routes/api.preventa.ts";
import { loader as preorderRace } from "../../app/routes/api.preventa-race.ts";
import { action as payDemo } from "../../app/routes/pay-demo.tsx";
import { loginAs } from "./admin-helpers.ts";
import { createTestShop, type TestShop } from "./helpers.ts";
import { ORDERS_RACE, RACE_JSON, buyer, call, outbox, seedOrdersRace, type OrdersRace } from "./orders-fixture.ts";

describe("pre-orders", () => {
  let shop: TestShop;
  let race: OrdersRace;
  let admin: Operator;
  beforeAll(async () => {
    shop = await createTestShop({ ADMIN_EMAIL: "boss@example.com", ADMIN_PASSWORD: "correct horse battery" });
    race = await seedOrdersRace(shop);
    await shop.services.admins.ensureFirst();
    ({ op: admin } = await loginAs(shop.services, "boss@example.com", "correct horse battery"));
  });
  afterAll(() => shop.close());

  const form = (data: Record<string, unknown> = {}) => ({
    data: {
      ...buyer({ email: "pre@example.com", confirmEmail: "pre@example.com" }),
      raceId: race.raceId,
      raceSlug: ORDERS_RACE,
      dni: "300",
      distance: "21K",
      ...data,
    },
  });
  const post = (data: Record<string, unknown> = {}, lang = "es") =>
    call(shop, createPreorder, `/api/preventa?lang=${lang}`, { method: "POST", body: form(data) });
  const view = (id: string) => call(shop, prepurchase, `/api/prepurchase/${id}?lang=es`, { params: { id } });
  async function approve(link: string) {
    const token = link.split("/").pop()!;
    return call(shop, payDemo, `/pay/demo/${token}`, {
      method: "POST",
      body: "outcome=approved",
      params: { token },
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
  }

  it("loads the race for the form, and 404s without an open pre-order", async () => {
    const ok = await call(shop, preorderRace, `/api/preventa/${ORDERS_RACE}?lang=en`, { params: { slug: ORDERS_RACE } });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({
      id: race.raceId,
      slug: ORDERS_RACE,
      nombre: "Orders Trail",
      preventa_arg: 40000,
      preventa_usd: 40,
      distancias: ["10K", "21K"],
    });
    expect((await call(shop, preorderRace, "/api/preventa/nope", { params: { slug: "nope" } })).status).toBe(404);
    await shop.database.db.update(races).set({ preorderOpen: false }).where(eq(races.id, race.raceId));
    expect((await call(shop, preorderRace, `/api/preventa/${ORDERS_RACE}`, { params: { slug: ORDERS_RACE } })).status).toBe(404);
    expect((await post()).body.status).toBe("error");
    await shop.database.db.update(races).set({ preorderOpen: true }).where(eq(races.id, race.raceId));
  });

  it("answers { status, link } and refuses bad forms with status error and a localized message", async () => {
    const { status, body } = await post();
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: "success" });
    expect(body.link).toMatch(/^http:\/\/shop\.test\/pay\/demo\//);
    // A double submit from the same browser (same key) is the same pre-order; without the key it never is.
    const keyed = await post({ idempotencyKey: "preorder-key-000001" });
    expect((await post({ idempotencyKey: "preorder-key-000001" })).body.link).toBe(keyed.body.link);
    expect((await post()).body.link).not.toBe(body.link);

    for (const [data, text] of [
      [{ dni: "" }, /DNI/],
      [{ confirmEmail: "x@example.com" }, /no coinciden/],
      [{ raceSlug: "other-race" }, /preventa/],
      [{ distance: "99K" }, /distancia/],
      [{ country: "" }, /país/],
    ] as [Record<string, unknown>, RegExp][]) {
      const res = await post(data);
      expect(res.status, JSON.stringify(data)).toBe(400);
      expect(res.body).toMatchObject({ status: "error", link: null });
      expect(res.body.message).toMatch(text);
    }
  });

  it("is paid through the same webhook handling, then turned into a sale when the runner's photos are published", async () => {
    const { body } = await post({ email: "runner300@example.com", confirmEmail: "runner300@example.com", dni: "300" }, "br");
    const id = body.id as string;
    expect((await view(id)).body.data).toMatchObject({
      pagado: false,
      link: body.link,
      venta: { id, id_estado: 1, codigo_venta: null, total_ars: 40000, total_usd: 40 },
    });

    const back = await approve(body.link);
    expect(back.response.headers.get("location")).toBe(`http://shop.test/br/precompra/${id}`);
    const paid = (await view(id)).body.data;
    expect(paid).toMatchObject({ pagado: true, link: null, venta: { id_estado: 2, codigo_venta: null, mediodepago: "Demo" } });
    expect(paid.venta.fechapago).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await shop.services.worker.drain();
    expect(outbox(shop).some((m) => m.includes("X-Dorsal-Template: preorderConfirmed") && m.includes(`/br/precompra/${id}`))).toBe(true);

    const report = await shop.services.preorders.convertPaid(race.raceId);
    expect(report).toEqual({ converted: 1, waiting: 0, added: 0 });
    expect(await shop.services.preorders.convertPaid(race.raceId)).toEqual({ converted: 0, waiting: 0, added: 0 });
    const closed = (await view(id)).body.data;
    expect(closed.venta.id_estado).toBe(3);
    const sale = closed.venta.codigo_venta as string;
    expect(sale).toMatch(/^[A-Za-z0-9]{16}$/);
    const purchase = (await call(shop, purchaseDetail, `/api/purchase/${sale}?lang=es`, { params: { id: sale } })).body.data;
    expect(purchase).toMatchObject({ pagado: true, venta: { tot_fotos: 12, total_arg: 0, mediodepago: "Preventa", id_mediodepago: 4 } });
    await shop.services.worker.drain();
    expect(outbox(shop).some((m) => m.includes("X-Dorsal-Template: preorderPhotosReady") && m.includes(`/br/compra/${sale}`))).toBe(true);
  });

  it("waits for a runner without photos until they are tagged", async () => {
    const { body } = await post({ email: "runner777@example.com", confirmEmail: "runner777@example.com", dni: "777", country: "3" });
    expect((await view(body.id)).body.data.venta).toMatchObject({ total_usd: 40, total_ars: 40000, moneda: "USD" });
    await approve(body.link);
    expect(await shop.services.preorders.convertPaid(race.raceId)).toEqual({ converted: 0, waiting: 1, added: 0 });
    const [photo] = await shop.database.db.select().from(photos).where(eq(photos.publicId, race.ids.X15));
    await shop.database.db.insert(photoBibs).values({ photoId: photo.id, raceId: race.raceId, bib: 777 });
    expect(await shop.services.preorders.convertPaid(race.raceId)).toEqual({ converted: 1, waiting: 0, added: 0 });
    expect((await view(body.id)).body.data.venta.codigo_venta).toMatch(/^[A-Za-z0-9]{16}$/);
  });

  it("pre-order → sale after tagging: one sale, grown by later passes, one e-mail", async () => {
    const { db } = shop.database;
    const photoId = async (frame: string) => (await db.select().from(photos).where(eq(photos.publicId, race.ids[frame])))[0].id;
    const syncJobs = () => db.select().from(jobs).where(eq(jobs.type, PREORDER_SYNC_JOB));
    // The job waits a little so a tagging pass is picked up at once; the test moves its clock.
    const runSyncNow = async () => {
      await db
        .update(jobs)
        .set({ runAt: sql`now()` })
        .where(and(eq(jobs.type, PREORDER_SYNC_JOB), eq(jobs.status, "queued")));
      await shop.services.worker.drain();
    };
    const readyMails = (sale: string) => outbox(shop).filter((m) => m.includes("X-Dorsal-Template: preorderPhotosReady") && m.includes(sale));

    const { body } = await post({ email: "runner555@example.com", confirmEmail: "runner555@example.com", dni: "555" }, "en");
    await approve(body.link);
    await shop.services.worker.drain();
    expect((await view(body.id)).body.data.venta).toMatchObject({ id_estado: 2, codigo_venta: null });

    // First pass: an operator tags two photos one after the other; both join one scheduled run.
    await shop.services.admin.photos.tag(admin, await photoId("X15"), { bibs: [101, 555], tagIds: [] });
    await shop.services.admin.photos.tag(admin, await photoId("S14"), { bibs: [101, 555], tagIds: [] });
    expect((await syncJobs()).filter((j) => j.status === "queued")).toHaveLength(1);
    await shop.services.worker.drain();
    expect((await view(body.id)).body.data.venta.codigo_venta, "not before its time").toBeNull();
    await runSyncNow();
    const first = (await view(body.id)).body.data;
    expect(first.venta.id_estado).toBe(3);
    const sale = first.venta.codigo_venta as string;
    expect(sale).toMatch(/^[A-Za-z0-9]{16}$/);
    const detail = async () => (await call(shop, purchaseDetail, `/api/purchase/${sale}?lang=en`, { params: { id: sale } })).body.data;
    expect(await detail()).toMatchObject({ pagado: true, venta: { tot_fotos: 2, id_estado: 3, total_usd: 0, total_arg: 0 } });
    expect(readyMails(sale)).toHaveLength(1);
    expect(readyMails(sale)[0]).toContain(`http://shop.test/en/purchase/${sale}`);

    // Second pass, in bulk: the same sale grows; nobody is e-mailed again.
    await shop.services.admin.photos.bulk(admin, race.raceId, [await photoId("B16"), await photoId("F13")], { action: "addBibs", bibs: [555] });
    await runSyncNow();
    expect(await detail()).toMatchObject({ venta: { tot_fotos: 4 } });
    expect((await view(body.id)).body.data.venta.codigo_venta).toBe(sale);
    expect(readyMails(sale)).toHaveLength(1);

    // A later import whose photos.csv names the bib: its photo joins the same sale.
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "dorsal-late-"));
    fs.mkdirSync(path.join(folder, "photos"));
    fs.writeFileSync(path.join(folder, "race.json"), JSON.stringify(RACE_JSON));
    fs.writeFileSync(
      path.join(folder, "photos", "L17.jpg"),
      await sharp({ create: { width: 600, height: 400, channels: 3, background: "#3a7" } })
        .jpeg()
        .toBuffer(),
    );
    fs.writeFileSync(path.join(folder, "photos.csv"), "file,bibs,tags,free,price_ars,price_usd,sale_ars,sale_usd\nL17.jpg,555,,,,,,\n");
    await shop.services.imports.folder(folder);
    fs.rmSync(folder, { recursive: true, force: true });
    await shop.services.worker.drain();
    await runSyncNow();
    expect(await detail()).toMatchObject({ venta: { tot_fotos: 5 } });
    expect(readyMails(sale)).toHaveLength(1);

    // Tagging again what is already in the sale changes nothing; a bib nobody pre-ordered queues nothing.
    await shop.services.admin.photos.tag(admin, await photoId("X15"), { bibs: [101, 555], tagIds: [] });
    await runSyncNow();
    expect(await detail()).toMatchObject({ venta: { tot_fotos: 5 } });
    await shop.services.admin.photos.tag(admin, await photoId("P01"), { bibs: [300, 4242], tagIds: [] });
    expect((await syncJobs()).map((j) => j.uniqueKey)).not.toContain(`preorder-sync:${race.raceId}:4242`);
    expect(readyMails(sale)).toHaveLength(1);
  });

  it("finding 1, purchase takeover: a pre-order repeated by someone else never shows the buyer's pre-purchase", async () => {
    const mine = await post({ email: "owner@example.com", confirmEmail: "owner@example.com", dni: "30123456", idempotencyKey: "owners-preorder-key-1" });
    const theirs = await post({ email: "owner@example.com", confirmEmail: "owner@example.com", dni: "30123456" });
    const guessed = await post({ email: "owner@example.com", confirmEmail: "owner@example.com", dni: "30123456", idempotencyKey: "guessed-preorder-key" });
    expect(mine.body.status).toBe("success");
    expect(theirs.body.link).not.toBe(mine.body.link);
    expect(guessed.body.link).not.toBe(mine.body.link);
  });

  it("stores the distance and a dni written with dots as digits; 404 for an unknown pre-purchase", async () => {
    const { body } = await post({ email: "dots@example.com", confirmEmail: "dots@example.com", dni: "30.123.456", distance: "10K" });
    const [row] = await shop.database.db.select().from(preorders).where(eq(preorders.publicId, body.id));
    expect(row).toMatchObject({ dni: "30123456", distance: "10K", state: 1, currency: "ARS", total: 4_000_000 });
    expect((await view("NoSuchPreorder12")).status).toBe(404);
  });
});
