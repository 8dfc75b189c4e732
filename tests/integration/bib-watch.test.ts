import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Operator } from "../../app/.server/staff/index.ts";
import { jobs, notifySignups, photos, races } from "../../app/.server/db/schema.ts";
import { IMAGES_MAX_WAITS } from "../../app/.server/notify/bib-watch.ts";
import { BIB_WATCH_JOB } from "../../app/.server/tagging/index.ts";
import { action as notifyApi } from "../../app/routes/api.notify.ts";
import { loginAs } from "./admin-helpers.ts";
import { createTestShop, type TestShop } from "./helpers.ts";
import { call, ORDERS_RACE, outbox, seedOrdersRace, type OrdersRace } from "./orders-fixture.ts";

// A runner who finds no photo of their number on a published race, or fewer than
// they hoped, leaves their e-mail; when a photo of it is tagged and shown, or more
// than they saw, they are written to once.

describe("a runner watching their number", () => {
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

  const watch = (bib: number, email: string, lang = "en", photosSeen?: number) =>
    call(shop, notifyApi, `/api/notify?lang=${lang}`, {
      method: "POST",
      body: { data: { firstName: "Ana", lastName: "Pérez", email, runnerNumber: String(bib), slug: ORDERS_RACE, photosSeen } },
    });
  const photoId = async (frame: string) => (await shop.database.db.select().from(photos).where(eq(photos.publicId, race.ids[frame])))[0].id;
  const waitingLooks = and(eq(jobs.type, BIB_WATCH_JOB), eq(jobs.status, "queued"));
  /** The looks asked for and not yet run. */
  const queued = () => shop.database.db.select().from(jobs).where(waitingLooks);
  /** The look waits a little after a tag so a pass is one look; the test moves its clock. */
  const lookNow = async () => {
    await shop.database.db.update(jobs).set({ runAt: sql`now()` }).where(waitingLooks);
    await shop.services.worker.drain();
  };
  const mails = (template: string, to: string) => outbox(shop).filter((m) => m.includes(`X-Dorsal-Template: ${template}`) && m.includes(`To: ${to}`));
  const signup = async (email: string) => (await shop.database.db.select().from(notifySignups).where(eq(notifySignups.email, email)))[0];

  it("is told once, when a photo of the number is tagged and shown, and not before", async () => {
    const answer = await watch(777, "watch777@example.com");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: { status: "success" } });
    await shop.services.worker.drain();
    // The confirmation says what was asked; no photo of 777 yet, so nothing more.
    const confirmed = mails("photosWatched", "watch777@example.com");
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]).toContain("http://shop.test/en/race/orders-trail-2025?n=777");
    expect(mails("photosFound", "watch777@example.com")).toHaveLength(0);
    expect((await signup("watch777@example.com")).notifiedAt).toBeNull();

    // An operator tags two photos of the pass: one look, after a short wait.
    await shop.services.admin.photos.tag(admin, await photoId("P01"), { bibs: [300, 777], tagIds: [] });
    await shop.services.admin.photos.tag(admin, await photoId("P02"), { bibs: [300, 777], tagIds: [] });
    expect(await queued()).toHaveLength(1);
    await shop.services.worker.drain();
    expect(mails("photosFound", "watch777@example.com"), "not before its time").toHaveLength(0);
    await lookNow();
    const found = mails("photosFound", "watch777@example.com");
    expect(found).toHaveLength(1);
    expect(found[0]).toContain("Subject: We found photos of #777 at Orders Trail!");
    expect(found[0]).toContain("There are now 2 photos of number 777 at Orders Trail.");
    expect(found[0]).toContain("http://shop.test/en/race/orders-trail-2025?n=777");
    expect((await signup("watch777@example.com")).notifiedAt).not.toBeNull();

    // More photos later: nobody is written to again, and no look is even asked for.
    await shop.services.admin.photos.tag(admin, await photoId("P03"), { bibs: [300, 777], tagIds: [] });
    expect(await queued()).toHaveLength(0);
    await lookNow();
    expect(mails("photosFound", "watch777@example.com")).toHaveLength(1);
  });

  it("is told at once when the number already has photos, in the language they asked in", async () => {
    await watch(300, "watch300@example.com", "br");
    await shop.services.worker.drain();
    const found = mails("photosFound", "watch300@example.com");
    expect(found).toHaveLength(1);
    // No "none found yet" before it.
    expect(mails("photosWatched", "watch300@example.com")).toHaveLength(0);
    expect(found[0]).toContain("Encontramos fotos do #300 em Trilha de Pedidos!");
    expect(found[0]).toContain("http://shop.test/br/carreira/orders-trail-2025?n=300");
  });

  it("waits while the tagged photo's images are still being made, and for a hidden photo not at all", async () => {
    const { db } = shop.database;
    await watch(888, "watch888@example.com");
    await shop.services.worker.drain();
    const p04 = await photoId("P04");
    const keys = (await db.select({ thumbKey: photos.thumbKey, mediumKey: photos.mediumKey }).from(photos).where(eq(photos.id, p04)))[0];
    await db.update(photos).set({ thumbKey: null }).where(eq(photos.id, p04));
    await shop.services.admin.photos.tag(admin, p04, { bibs: [300, 888], tagIds: [] });
    await lookNow();
    expect(mails("photosFound", "watch888@example.com")).toHaveLength(0);
    // The look is asked for again a minute later, and finds the photo once it shows.
    const [again] = await queued();
    expect(again.runAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect(again.payload).toEqual({ raceId: race.raceId, bib: 888, waits: 1 });
    // For an hour at most: images that never come do not keep a look alive for ever.
    await db
      .update(jobs)
      .set({ payload: { raceId: race.raceId, bib: 888, waits: IMAGES_MAX_WAITS } })
      .where(eq(jobs.id, again.id));
    await lookNow();
    expect(await queued()).toHaveLength(0);
    // A new tag of the number starts the wait again.
    await shop.services.admin.photos.tag(admin, p04, { bibs: [300, 888], tagIds: [] });
    await lookNow();
    expect(await queued()).toHaveLength(1);
    await db.update(photos).set(keys).where(eq(photos.id, p04));
    await lookNow();
    expect(mails("photosFound", "watch888@example.com")).toHaveLength(1);

    // A hidden photo shows nobody anything: no mail, and no look asked for again.
    await watch(999, "watch999@example.com");
    const p05 = await photoId("P05");
    await db.update(photos).set({ hidden: true }).where(eq(photos.id, p05));
    await shop.services.admin.photos.tag(admin, p05, { bibs: [300, 999], tagIds: [] });
    await lookNow();
    expect(mails("photosFound", "watch999@example.com")).toHaveLength(0);
    expect(await queued()).toHaveLength(0);
  });

  it("leaves a race in preparation to its publication, and asks no category of a published race", async () => {
    const { db } = shop.database;
    await watch(555, "watch555@example.com");
    await shop.services.worker.drain();
    expect((await signup("watch555@example.com")).category).toBeNull();
    await db.update(races).set({ status: "preparing" }).where(eq(races.id, race.raceId));
    try {
      await shop.services.admin.photos.tag(admin, await photoId("P06"), { bibs: [300, 555], tagIds: [] });
      await lookNow();
      expect(mails("photosFound", "watch555@example.com")).toHaveLength(0);
      // A preparing race still asks for a category it has.
      expect((await watch(556, "watch556@example.com")).status).toBe(400);
    } finally {
      await db.update(races).set({ status: "published" }).where(eq(races.id, race.raceId));
    }
  });

  it("hears of more photos than they found, once, and may ask again after", async () => {
    const email = "more4444@example.com";
    // Sent from an address of its own: this file's sign-ups would reach the notify limit.
    const again = (seen: number, lang: "es" | "en" | "br" = "en", to = email) =>
      shop.services.notify.signup(
        { firstName: "Ana", lastName: "Pérez", email: to, category: null, runnerNumber: 4444, slug: ORDERS_RACE, photosSeen: seen },
        { lang, ip: "10.44.0.1" },
      );
    const shown = async () => (await shop.services.races.photos({ slug: ORDERS_RACE, page: 1, bib: 4444, lang: "es" })).found_rows;
    await shop.services.admin.photos.tag(admin, await photoId("P07"), { bibs: [4444], tagIds: [] });
    expect(await shown()).toBe(1);
    await watch(4444, email, "es", await shown());
    await lookNow();
    // What the page showed is what they saw: a confirmation that says so, and nothing found yet.
    const confirmed = mails("photosWatched", email);
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]).toContain("Encontraste una foto del número 4444 en Trail de Pedidos.");
    expect(mails("photosFound", email)).toHaveLength(0);
    expect(await signup(email)).toMatchObject({ photosSeen: 1, notifiedAt: null });

    await shop.services.admin.photos.tag(admin, await photoId("P08"), { bibs: [4444], tagIds: [] });
    await lookNow();
    const found = mails("photosFound", email);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain("Hay una foto nueva del número 4444 en Trail de Pedidos: ahora son 2.");
    expect(found[0]).toContain("http://shop.test/carrera/orders-trail-2025?n=4444");

    // Asked again with the two they see now: signed up again, told of the third.
    await again(await shown());
    expect(await signup(email)).toMatchObject({ photosSeen: 2, notifiedAt: null, lang: "en" });
    await lookNow();
    expect(mails("photosWatched", email)[1]).toContain("You found 2 photos of number 4444 at Orders Trail.");
    await shop.services.admin.photos.tag(admin, await photoId("P09"), { bibs: [4444], tagIds: [] });
    await lookNow();
    const third = mails("photosFound", email);
    expect(third).toHaveLength(2);
    expect(third[1]).toContain("Subject: More photos of #4444 at Orders Trail!");
    expect(third[1]).toContain("There is one new photo of number 4444 at Orders Trail: 3 in all now.");
    // Asked once more: a third confirmation; a repeat while waiting changes nothing.
    await again(3);
    await again(3);
    await lookNow();
    expect(mails("photosWatched", email)).toHaveLength(3);

    // A runner who saw fewer than there are by now is written to at once, without a confirmation first.
    await again(1, "br", "late4444@example.com");
    await lookNow();
    expect(mails("photosWatched", "late4444@example.com")).toHaveLength(0);
    expect(mails("photosFound", "late4444@example.com")[0]).toContain("Há 2 fotos novas do número 4444 em Trilha de Pedidos: agora são 3.");
  });

  it("brings a plain form post back to the runner's own photos", async () => {
    const form = new URLSearchParams({
      firstName: "Ana",
      lastName: "Pérez",
      email: "form-watch@example.com",
      runnerNumber: "321",
      watch: "1",
      slug: ORDERS_RACE,
      lang: "es",
    });
    const answer = await call(shop, notifyApi, "/api/notify", {
      method: "POST",
      body: form.toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(answer.status).toBe(302);
    expect(answer.response.headers.get("Location")).toBe("/carrera/orders-trail-2025?n=321&notify=ok#notify");
    form.set("email", "not-an-email");
    const bad = await call(shop, notifyApi, "/api/notify", {
      method: "POST",
      body: form.toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(bad.response.headers.get("Location")).toBe("/carrera/orders-trail-2025?n=321&notify=error#notify");
  });
});
