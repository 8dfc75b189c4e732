import { desc, eq, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operatorContext } from "../../app/admin/operator-context.ts";
import { servicesContext } from "../../app/context.ts";
import { loader as exportLoader } from "../../app/routes/admin/export.ts";
import { parseRaceForm, raceFormInput } from "../../app/.server/admin/index.ts";
import type { Operator } from "../../app/.server/staff/index.ts";
import { bibSuggestions, notifySignups, orders, photos, races } from "../../app/.server/db/schema.ts";
import { createTestShop, type TestShop } from "./helpers.ts";
import { invite, loginAs } from "./admin-helpers.ts";
import { outbox, seedOrdersRace, type OrdersRace } from "./orders-fixture.ts";
import { ADMIN_MESSAGES } from "../../app/i18n/messages/admin/index.ts";

const ADMIN = { email: "office@dorsal.test", password: "office-password-1" };

/** The race editor's form as a browser would post it. */
function raceForm(fields: Record<string, string | string[]>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) form.append(key, v);
  const parsed = parseRaceForm(raceFormInput(form));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.value;
}

const BASE_RACE = {
  name_es: "Carrera de Prueba",
  name_en: "Test Race",
  subtitle_es: "Neuquén",
  event_date: "2026-12-01",
  timezone: "America/Argentina/Buenos_Aires",
  status: "preparing",
  price_ars: "5.000",
  price_usd: "5",
  fullset_ars: "60000",
  fullset_usd: "60",
  fullset_min: "10",
  distances: "10K, 21K",
  categories: "General\nMaster A",
  bib_ranges: "1-500",
  override_bibs: ["300-310", ""],
  override_ars: ["80000", ""],
  override_usd: ["80", ""],
  tag_slug: ["", ""],
  tag_es: ["Largada", ""],
  tag_en: ["Start", ""],
  tag_br: ["Largada", ""],
};

describe("back office services", () => {
  let shop: TestShop;
  let admin: Operator;
  let sample: OrdersRace;

  beforeAll(async () => {
    shop = await createTestShop({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    await shop.services.admins.ensureFirst();
    ({ op: admin } = await loginAs(shop.services, ADMIN.email, ADMIN.password));
    sample = await seedOrdersRace(shop);
  });
  afterAll(() => shop.close());

  it("reads every race field from the editor's form and refuses bad input field by field", () => {
    const form = raceForm(BASE_RACE);
    expect(form).toMatchObject({
      slug: "carrera-de-prueba",
      name: { es: "Carrera de Prueba", en: "Test Race", br: "" },
      priceArs: 500_000,
      priceUsd: 500,
      fullsetMinPhotos: 10,
      distances: ["10K", "21K"],
      categories: ["General", "Master A"],
      overrides: [{ bibRanges: "300-310", priceArs: 8_000_000, priceUsd: 8_000 }],
      tags: [{ slug: "largada", name: { es: "Largada", en: "Start", br: "Largada" } }],
    });
    const bad = new FormData();
    for (const [k, v] of Object.entries({ ...BASE_RACE, price_ars: "5,5", bib_ranges: "1-x", timezone: "Mars/Olympus", name_es: "" })) {
      for (const x of [v].flat()) bad.append(k, x);
    }
    const result = parseRaceForm(raceFormInput(bad));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors).toMatchObject({ priceArs: "amount", bibRanges: "bibs", timezone: "timezone", "name.es": "required" });
  });

  it("creates and edits a race, then e-mails its notify list once when it is published", async () => {
    const { admin: office, notify, worker } = shop.services;
    const raceId = await office.races.create(admin, raceForm(BASE_RACE), {});
    const editor = await office.races.editor(admin, raceId);
    expect(editor.input).toMatchObject({ slug: "carrera-de-prueba", priceArs: "5000", categories: "General\nMaster A", bibRanges: "1-500" });

    for (const [email, runnerNumber] of [
      ["uno@example.com", "12"],
      ["dos@example.com", "34"],
    ] as const) {
      await notify.signup(
        { firstName: "Ana", lastName: "Gómez", email, category: "General", runnerNumber: Number(runnerNumber), slug: "carrera-de-prueba" },
        { lang: "es", ip: "10.9.9.9" },
      );
    }
    const renamed = raceForm({
      ...BASE_RACE,
      slug: "carrera-de-prueba",
      name_br: "Corrida de Teste",
      tag_slug: ["largada", "meta"],
      tag_es: ["Largada", "Meta"],
      tag_en: ["Start", "Finish"],
      tag_br: ["Largada", "Chegada"],
    });
    const still = await office.races.update(admin, raceId, renamed, {});
    expect(still).toEqual({ published: false, notified: 0, converted: 0 });

    const published = await office.races.update(admin, raceId, { ...renamed, status: "published" }, {});
    expect(published).toMatchObject({ published: true, notified: 2 });
    const waiting = await shop.database.db.select().from(notifySignups).where(eq(notifySignups.raceId, raceId));
    expect(waiting.every((s) => s.notifiedAt)).toBe(true);

    // Back to preparing and published again: nobody is written to twice.
    await office.races.setStatus(admin, raceId, "preparing");
    expect(await office.races.setStatus(admin, raceId, "published")).toMatchObject({ published: true, notified: 0 });
    await worker.drain();
    const ready = outbox(shop).filter((mail) => mail.includes("X-Dorsal-Template: photosReady"));
    expect(ready).toHaveLength(2);

    const [race] = await shop.database.db.select().from(races).where(eq(races.id, raceId));
    expect(race).toMatchObject({ status: "published", name: { es: "Carrera de Prueba", en: "Test Race", br: "Corrida de Teste" } });
    const header = await office.races.header(admin, raceId);
    expect(header.tags.map((t) => t.slug)).toEqual(["largada", "meta"]);
    await expect(office.races.create(admin, raceForm(BASE_RACE), {})).rejects.toMatchObject({ status: 409, key: "slugTaken" });
  });

  it("answers forms posted twice at once (a double click) as it answers them posted one after the other", async () => {
    const { admin: office } = shop.services;
    const twin = raceForm({ ...BASE_RACE, name_es: "Doble Clic", status: "draft" });
    const races = await Promise.allSettled([office.races.create(admin, twin, {}), office.races.create(admin, twin, {})]);
    expect(races.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(races.find((r) => r.status === "rejected")).toMatchObject({ reason: { status: 409, key: "slugTaken" } });
    const invite = () => office.operators.invite(admin, { email: "twice@dorsal.test", role: "photographer", raceIds: [] });
    const invites = await Promise.allSettled([invite(), invite()]);
    expect(invites.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(invites.find((r) => r.status === "rejected")).toMatchObject({ reason: { status: 409, key: "operatorExists" } });

    // Saves of the same screen: each writes its list whole, in turn (no failure, nothing doubled).
    const twice = invites.find((r) => r.status === "fulfilled")!.value;
    const assign = () => office.operators.update(admin, twice.id, { role: "photographer", raceIds: [sample.raceId] });
    expect((await Promise.allSettled([assign(), assign()])).map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
    expect((await office.operators.list(admin)).find((o) => o.id === twice.id)?.raceIds).toEqual([sample.raceId]);
    const tiers = () => office.settings.saveTiers(admin, [{ minQuantity: 3, percent: 15 }]);
    expect((await Promise.allSettled([tiers(), tiers()])).map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
    expect(await shop.services.shop.discounts()).toEqual([expect.objectContaining({ cantidad: 3, descuento: 15 })]);
  });

  it("keeps an admin when two admins take each other's rights at once", async () => {
    const { admin: office } = shop.services;
    const { op: second } = await invite(shop.services, admin, "second-admin@dorsal.test", "admin");
    const others = (await office.operators.list(admin)).filter((o) => o.role === "admin" && o.id !== admin.id && o.id !== second.id);
    for (const o of others) await office.operators.update(admin, o.id, { role: "photographer", raceIds: [] });
    const demote = (by: Operator, whom: Operator) => office.operators.update(by, whom.id, { role: "photographer", raceIds: [] });
    const answers = await Promise.allSettled([demote(admin, second), demote(second, admin)]);
    expect(answers.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(answers.find((r) => r.status === "rejected")).toMatchObject({ reason: { status: 400, key: "lastAdmin" } });
    const admins = (await office.operators.list(admin)).filter((o) => o.role === "admin");
    expect(admins).toHaveLength(1);
    // The one left gives the other their rights back, for the tests that follow.
    const [kept] = admins;
    const back = kept.id === admin.id ? second : admin;
    await office.operators.update(kept.id === admin.id ? admin : second, back.id, { role: "admin", raceIds: [] });
  });

  it("previews a draft race that the storefront does not show", async () => {
    const { admin: office } = shop.services;
    const draftId = await office.races.create(admin, raceForm({ ...BASE_RACE, name_es: "Borrador", status: "draft" }), {});
    const preview = await office.races.preview(admin, draftId, 1, "en");
    expect(preview.race).toMatchObject({ slug: "borrador", estado: "draft", found_rows: 0 });
    await expect(shop.services.races.photos({ slug: "borrador", page: 1, lang: "en" })).rejects.toMatchObject({ status: 404 });
  });

  it("shows settings in the storefront's files at once", async () => {
    const { admin: office, shop: storefront } = shop.services;
    await office.settings.saveTiers(admin, [
      { minQuantity: 4, percent: 10 },
      { minQuantity: 10, percent: 30 },
    ]);
    expect(await storefront.discounts()).toEqual([
      expect.objectContaining({ cantidad: 4, descuento: 10 }),
      expect.objectContaining({ cantidad: 10, descuento: 30 }),
    ]);
    await expect(
      office.settings.saveTiers(admin, [
        { minQuantity: 4, percent: 10 },
        { minQuantity: 4, percent: 20 },
      ]),
    ).rejects.toThrow();

    await office.settings.savePresale(admin, { active: true, raceId: sample.raceId });
    expect(await storefront.presale()).toEqual({ active: true, slug: "orders-trail-2025" });
    const [closed] = await shop.database.db.select({ id: races.id }).from(races).where(eq(races.slug, "carrera-de-prueba"));
    await expect(office.settings.savePresale(admin, { active: true, raceId: closed.id })).rejects.toMatchObject({ key: "presaleNotOpen" });

    await office.settings.saveSupport(admin, { email: "ayuda@dorsal.test", facebook: "https://facebook.com/x", instagram: "" });
    expect(await storefront.support()).toEqual({ email: "ayuda@dorsal.test", facebook: "https://facebook.com/x", instagram: "" });
    await office.settings.savePreparation(admin, { status: "success" });
    expect(await storefront.preparation()).toEqual({ status: "success" });

    const png = await sharp({ create: { width: 1200, height: 500, channels: 3, background: "#f26419" } })
      .png()
      .toBuffer();
    const bannerId = await office.settings.addBanner(admin, new File([new Uint8Array(png)], "banner.png", { type: "image/png" }));
    expect((await storefront.banners()).at(-1)?.img).toMatch(/^http:\/\/shop\.test\/media\/public\/banners\/banner-[0-9a-f]{12}\.webp$/);
    await office.settings.setBannerActive(admin, bannerId, false);
    expect((await storefront.banners()).some((b) => b.img.includes("banners/banner-"))).toBe(false);
    await expect(office.settings.addBanner(admin, new File([new Uint8Array([1, 2, 3])], "x.png"))).rejects.toMatchObject({ key: "imageUnreadable" });
  });

  it("tags photos one by one and in bulk, and keeps photographers in their races", async () => {
    const { admin: office } = shop.services;
    const window = await office.photos.window(admin, sample.raceId, { filter: "all" });
    expect(window.photos).toHaveLength(16);
    const first = window.photos[0];
    const saved = await office.photos.tag(admin, first.id, { bibs: [7, 7, 8], tagIds: [] });
    expect(saved.bibs).toEqual([7, 8]);

    const targets = window.photos.slice(0, 3).map((p) => p.id);
    expect(await office.photos.bulk(admin, sample.raceId, targets, { action: "free", free: true })).toMatchObject({ count: 3 });
    await office.photos.bulk(admin, sample.raceId, targets, { action: "removeBibs" });
    const untagged = await office.photos.window(admin, sample.raceId, { filter: "untagged" });
    expect(untagged.photos.map((p) => p.id)).toEqual(targets);
    expect(untagged.photos.every((p) => p.free)).toBe(true);
    // A number typed twice in bulk is one tag on each photo.
    await office.photos.bulk(admin, sample.raceId, targets, { action: "addBibs", bibs: [7, 7] });
    expect((await office.photos.window(admin, sample.raceId, { filter: "all" })).photos.filter((p) => targets.includes(p.id)).map((p) => p.bibs)).toEqual([
      [7],
      [7],
      [7],
    ]);
    await office.photos.bulk(admin, sample.raceId, targets, { action: "removeBibs" });
    // Walking forward with the cursor never skips a photo that got tagged meanwhile.
    const firstTwo = await office.photos.window(admin, sample.raceId, { filter: "untagged", limit: 2 });
    await office.photos.tag(admin, firstTwo.photos[0].id, { bibs: [1], tagIds: [] });
    const rest = await office.photos.window(admin, sample.raceId, { filter: "untagged", after: firstTwo.photos[1].id });
    expect(rest.photos.map((p) => p.id)).toEqual([targets[2]]);

    const otherRace = await office.races.create(admin, raceForm({ ...BASE_RACE, name_es: "Otra", status: "draft" }), {});
    const { op: lens } = await invite(shop.services, admin, "lens@dorsal.test", "photographer", [otherRace]);
    await expect(office.photos.tag(lens, first.id, { bibs: [9], tagIds: [] })).rejects.toMatchObject({ status: 403 });
    await expect(office.photos.bulk(lens, sample.raceId, targets, { action: "delete" })).rejects.toMatchObject({ status: 403 });
    await expect(office.photos.window(lens, sample.raceId, { filter: "all" })).rejects.toMatchObject({ status: 403 });
    await expect(office.sales.list(lens, { page: 1 })).rejects.toMatchObject({ status: 403 });
    await expect(office.settings.view(lens)).rejects.toMatchObject({ status: 403 });
  });

  it("lists photos with recognition suggestions to review, and hand tagging settles them", async () => {
    const { admin: office } = shop.services;
    const { db } = shop.database;
    const [photo] = await db.select().from(photos).where(eq(photos.raceId, sample.raceId)).orderBy(desc(photos.id)).limit(1);
    await db.insert(bibSuggestions).values([
      { photoId: photo.id, raceId: sample.raceId, bib: 555, confidence: 0.71, box: { cx: 5, cy: 5, width: 10, height: 10, angle: 0 } },
      { photoId: photo.id, raceId: sample.raceId, bib: 556, confidence: 0.52, box: { cx: 5, cy: 5, width: 10, height: 10, angle: 0 } },
    ]);
    const review = await office.photos.window(admin, sample.raceId, { filter: "review" });
    expect(review.photos.map((p) => p.id)).toEqual([photo.id]);
    expect(review.photos[0].suggestions).toEqual([
      { bib: 555, confidence: expect.closeTo(0.71, 5) },
      { bib: 556, confidence: expect.closeTo(0.52, 5) },
    ]);
    await office.photos.tag(admin, photo.id, { bibs: [555], tagIds: [] });
    const decided = await db.select().from(bibSuggestions).where(eq(bibSuggestions.photoId, photo.id)).orderBy(bibSuggestions.bib);
    expect(decided.map((d) => [d.bib, d.status])).toEqual([
      [555, "accepted"],
      [556, "rejected"],
    ]);
    expect((await office.photos.window(admin, sample.raceId, { filter: "review" })).photos).toEqual([]);
  });

  it("keeps a photo's tags and its readings in agreement when the tagging desk saves while the review queue decides", async () => {
    const { admin: office, recognition } = shop.services;
    const { db } = shop.database;
    const box = { cx: 5, cy: 5, width: 10, height: 10, angle: 0 };
    const [photo] = await db.select().from(photos).where(eq(photos.raceId, sample.raceId)).orderBy(photos.id).limit(1);
    for (let round = 0; round < 8; round++) {
      const [reading] = await db
        .insert(bibSuggestions)
        .values({ photoId: photo.id, raceId: sample.raceId, bib: 700 + round, confidence: 0.6, box })
        .returning();
      const desk = () => office.photos.tag(admin, photo.id, { bibs: [300], tagIds: [] });
      const queue = () => recognition.accept(reading.id, admin.id);
      const answers = await Promise.allSettled(round % 2 ? [desk(), queue()] : [queue(), desk()]);
      // The desk always saves; the queue's answer either stands or is told the reading was decided.
      for (const answer of answers) if (answer.status === "rejected") expect(answer.reason).toMatchObject({ status: 409 });
      const [now] = await db.select().from(bibSuggestions).where(eq(bibSuggestions.id, reading.id));
      const bibs = (await office.photos.window(admin, sample.raceId, { filter: "all" })).photos.find((p) => p.id === photo.id)!.bibs;
      // Accepted means the photo carries the number; turned down or taken back means it does not.
      expect(now.status === "accepted").toBe(bibs.includes(reading.bib));
      expect(bibs).toContain(300);
    }
  });

  it("adds bibs in bulk and accepts their readings together: when the second write fails, neither stays", async () => {
    const { admin: office } = shop.services;
    const { db } = shop.database;
    const box = { cx: 5, cy: 5, width: 10, height: 10, angle: 0 };
    const chosen = (await db.select().from(photos).where(eq(photos.raceId, sample.raceId)).orderBy(photos.id).limit(2)).map((p) => p.id);
    const readings = await db
      .insert(bibSuggestions)
      .values(chosen.map((photoId) => ({ photoId, raceId: sample.raceId, bib: 812, confidence: 0.6, box })))
      .returning({ id: bibSuggestions.id });
    const state = async () => ({
      bibs: (await office.photos.window(admin, sample.raceId, { filter: "all" })).photos.filter((p) => chosen.includes(p.id)).map((p) => p.bibs.includes(812)),
      statuses: (
        await db
          .select({ status: bibSuggestions.status })
          .from(bibSuggestions)
          .where(
            inArray(
              bibSuggestions.id,
              readings.map((r) => r.id),
            ),
          )
      ).map((r) => r.status),
    });
    // The database refuses the second write (the readings), as a lost connection or a full disk would.
    await db.execute(sql`create function refuse_reading_change() returns trigger language plpgsql as $$ begin raise exception 'readings unwritable'; end $$`);
    await db.execute(sql`create trigger refuse_reading_change before update on bib_suggestions for each row execute function refuse_reading_change()`);
    try {
      await expect(office.photos.bulk(admin, sample.raceId, chosen, { action: "addBibs", bibs: [812] })).rejects.toThrow();
    } finally {
      await db.execute(sql`drop trigger refuse_reading_change on bib_suggestions`);
      await db.execute(sql`drop function refuse_reading_change()`);
    }
    // Not the tags without their readings: the photos are as they were, the readings still wait for a person.
    expect(await state()).toEqual({ bibs: [false, false], statuses: ["pending", "pending"] });
    await office.photos.bulk(admin, sample.raceId, chosen, { action: "addBibs", bibs: [812] });
    expect(await state()).toEqual({ bibs: [true, true], statuses: ["accepted", "accepted"] });
  });

  it("filters orders, moves them through the state machine by hand and exports them as CSV", async () => {
    const { admin: office, purchases, worker } = shop.services;
    const buyer = { firstName: "Ana", lastName: "Pérez", lang: "es" as const };
    await purchases.create({ ...buyer, country: "1", email: "ana@example.com", photoIds: [sample.ids.P01, sample.ids.P02] });
    await purchases.create({ ...buyer, country: "2", email: "bruno@example.com", lastName: "Silva", photoIds: [sample.ids.P03] });
    await purchases.create({ ...buyer, country: "1", email: "carla@example.com", fullset: { raceId: sample.raceId, bib: 300 } });

    expect((await office.sales.list(admin, { page: 1 })).total).toBe(3);
    expect((await office.sales.list(admin, { page: 1, currency: "USD" })).rows.map((r) => r.email)).toEqual(["bruno@example.com"]);
    expect((await office.sales.list(admin, { page: 1, q: "silva" })).rows.map((r) => r.email)).toEqual(["bruno@example.com"]);
    expect((await office.sales.list(admin, { page: 1, raceId: sample.raceId })).total).toBe(3);
    expect((await office.sales.list(admin, { page: 1, state: 2 })).total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await office.sales.list(admin, { page: 1, from: "2020-01-01", to: "2020-12-31" })).total).toBe(0);
    expect((await office.sales.list(admin, { page: 1, from: today })).total).toBeGreaterThanOrEqual(0);

    const [ana] = (await office.sales.list(admin, { page: 1, q: "ana@example.com" })).rows;
    await expect(office.sales.move(admin, ana.id, "refunded", "wrong")).rejects.toMatchObject({ status: 409 });
    await expect(office.sales.move(admin, ana.id, "paid", "  ")).rejects.toMatchObject({ status: 400 });
    await office.sales.move(admin, ana.id, "paid", "bank transfer 123");
    await worker.drain();
    const detail = await office.sales.detail(admin, ana.id);
    expect(detail.order.state).toBe(3);
    expect(detail.events.map((e) => e.cause)).toEqual(
      expect.arrayContaining([{ code: "manual", move: "paid", by: ADMIN.email, reason: "bank transfer 123" }, { code: "delivered" }]),
    );
    expect(detail.photos).toHaveLength(2);
    expect(outbox(shop).filter((m) => m.includes("X-Dorsal-Template: purchaseReady"))).toHaveLength(1);
    await office.sales.resendMail(admin, ana.id);
    await worker.drain();
    expect(outbox(shop).filter((m) => m.includes("X-Dorsal-Template: purchaseReady"))).toHaveLength(2);
    await office.sales.move(admin, ana.id, "refunded", "customer asked");
    expect((await shop.database.db.select().from(orders).where(eq(orders.id, ana.id)))[0].state).toBe(5);

    const context = new RouterContextProvider(
      new Map<never, never>([
        [servicesContext as never, shop.services as never],
        [operatorContext as never, admin as never],
      ]),
    );
    const response = (await exportLoader({
      request: new Request("http://shop.test/en/admin/export/orders?currency=ARS"),
      params: { list: "orders" },
      context,
    } as never)) as Response;
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("code,created,paid,state,type,race,email,first_name,last_name,photos,currency,subtotal,total,provider");
    expect(lines).toHaveLength(3);
    expect(
      lines
        .slice(1)
        .map((l) => l.split(",")[6])
        .sort(),
    ).toEqual(["ana@example.com", "carla@example.com"]);
    expect(lines.find((l) => l.includes("ana@example.com"))).toContain(",Orders Trail,");
  });

  it("answers contact messages by e-mail in the visitor's language", async () => {
    const { admin: office, contact, worker } = shop.services;
    await contact.submit({ name: "Rita", email: "rita@example.com", phone: "", message: "Where are my photos?" }, { lang: "en", ip: "10.3.3.3" });
    const [message] = (await office.inbox.messages(admin, { page: 1, q: "rita" })).rows;
    expect(message).toMatchObject({ email: "rita@example.com", replies: 0 });
    // Sent twice at once (a double click): answered once.
    const send = () => office.inbox.reply(admin, message.id, "They are online now.\n\nBest regards");
    await Promise.all([send(), send()]);
    await worker.drain();
    expect(outbox(shop).filter((m) => m.includes("X-Dorsal-Template: contactReply"))).toHaveLength(1);
    const mail = outbox(shop).find((m) => m.includes("X-Dorsal-Template: contactReply"));
    expect(mail).toContain("They are online now.");
    expect(mail).toContain("Subject: Reply to your message");
    expect((await office.inbox.message(admin, message.id)).replies).toHaveLength(1);
    await expect(office.inbox.reply(admin, 999_999, "Hello")).rejects.toMatchObject({ status: 404, key: "notFound" });
  });

  it("exports sign-ups, messages and pre-orders as CSV with the list's search", async () => {
    const context = new RouterContextProvider(
      new Map<never, never>([
        [servicesContext as never, shop.services as never],
        [operatorContext as never, admin as never],
      ]),
    );
    const csv = async (url: string, list: string) => {
      const response = (await exportLoader({ request: new Request(url), params: { list }, context } as never)) as Response;
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      return (await response.text())
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n");
    };
    const signups = await csv("http://shop.test/en/admin/export/signups?q=uno", "signups");
    expect(signups[0]).toBe(ADMIN_MESSAGES.en.csv.signups.join(","));
    expect(signups).toHaveLength(2);
    expect(signups[1]).toContain("uno@example.com");
    // A sign-up for a race's photos saw none of theirs yet.
    expect(signups[1].split(",")[ADMIN_MESSAGES.en.csv.signups.indexOf("photos_seen")]).toBe("0");
    const messages = await csv("http://shop.test/admin/exportar/messages?q=rita", "messages");
    expect(messages[0]).toBe(ADMIN_MESSAGES.es.csv.messages.join(","));
    expect(messages).toHaveLength(2);
    expect(messages[1]).toContain("rita@example.com");
    expect(messages[1]).toMatch(/,en,1$/);
    const preorders = await csv("http://shop.test/br/admin/exportar/preorders?q=nobody-at-all", "preorders");
    expect(preorders).toEqual([ADMIN_MESSAGES.br.csv.preorders.join(",")]);
    await expect(
      exportLoader({ request: new Request("http://shop.test/admin/exportar/secrets"), params: { list: "secrets" }, context } as never),
    ).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("counts paid sales and untagged photos on the dashboard", async () => {
    const board = await shop.services.admin.dashboard(admin);
    expect(board.sales?.perDay).toHaveLength(30);
    expect(board.untagged.find((r) => r.raceId === sample.raceId)?.untagged).toBe(2);
    const [photo] = await shop.database.db.select().from(photos).where(eq(photos.raceId, sample.raceId)).limit(1);
    expect(photo).toBeDefined();
  });
});
