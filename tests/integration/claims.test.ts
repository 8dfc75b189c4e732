import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLAIMS_PER_PHOTO, decideClaim } from "../../app/.server/claims/index.ts";
import { bibSuggestions, catalogVersion, photoClaims, photos } from "../../app/.server/db/schema.ts";
import type { Operator } from "../../app/.server/staff/index.ts";
import { action as claimApi, loader as claimGet } from "../../app/routes/api.claim.ts";
import { loginAs } from "./admin-helpers.ts";
import { createTestShop, type TestShop } from "./helpers.ts";
import { call, ORDERS_RACE, type OrdersRace, seedOrdersRace } from "./orders-fixture.ts";

// A runner who finds themselves in a photo their number is not on (browsing by
// time, someone else's photos) says "this is me" with their number: the photo
// shows among those that might be theirs at once, and waits for a person.

describe("a runner's 'this is me'", () => {
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

  const claim = (frame: string, n: string | number, lang = "en") =>
    call(shop, claimApi, `/api/claim?lang=${lang}`, { method: "POST", body: { data: { slug: ORDERS_RACE, photo: race.ids[frame] ?? frame, n } } });
  const formPost = (fields: Record<string, string>) =>
    call(shop, claimApi, "/api/claim", {
      method: "POST",
      body: new URLSearchParams({ slug: ORDERS_RACE, lang: "es", ...fields }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
  const photosOf = (bib: number, maybe = false) => shop.services.races.photos({ slug: ORDERS_RACE, page: 1, bib, maybe, lang: "en" });
  const frames = async (bib: number, maybe = false) => (await photosOf(bib, maybe)).fotos.map((f) => f.id_photo);
  const claims = async () => (await shop.services.admin.bibs.review(admin, race.raceId)).claims;

  it("shows the photo to the number's search as 'might be you' at once, and waits for a person", async () => {
    const [before] = await shop.database.db.select().from(catalogVersion);
    const answer = await claim("P05", "555");
    // Cached pages follow: a claim moves the catalog's progress, as a review suggestion does.
    const [after] = await shop.database.db.select().from(catalogVersion);
    expect(after.progress).toBeGreaterThan(before.progress);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: { status: "success", claim: "pending", n: 555 } });
    const own = await photosOf(555);
    expect(own.found_rows).toBe(0);
    expect(own.maybe).toBe(1);
    expect(await frames(555, true)).toEqual(["P05"]);
    // Said twice (a double tap, two friends): one claim.
    expect((await claim("P05", 555)).body.data.claim).toBe("pending");
    const waiting = await claims();
    expect(waiting.total).toBe(1);
    expect(waiting.items[0]).toMatchObject({ bib: 555, frame: "P05", seenIn: null });
    expect(waiting.items[0].thumb).toMatch(/^http.*\/media\//);
  });

  it("tells a runner the photo is already theirs", async () => {
    expect((await claim("P06", 300)).body).toEqual({ data: { status: "success", claim: "tagged", n: 300 } });
    expect((await shop.database.db.select().from(photoClaims).where(eq(photoClaims.bib, 300))).length).toBe(0);
  });

  it("becomes the runner's tag when a person says yes, beside a photo already tagged with the number", async () => {
    await claim("P07", 101);
    const item = (await claims()).items.find((c) => c.bib === 101)!;
    expect(item.frame).toBe("P07");
    // The operator compares with the runner's look in a photo of theirs.
    expect(["F13", "S14", "X15", "B16"]).toContain(item.seenIn?.frame);
    expect(await frames(101, true)).toEqual(["P07"]);
    await shop.services.admin.bibs.decideClaim(admin, item.id, true);
    expect(await frames(101)).toContain("P07");
    expect((await photosOf(101)).maybe).toBe(0);
    expect((await claims()).items.map((c) => c.bib)).not.toContain(101);
    // Answered: a second answer is refused in the operator's words, never a 500.
    await expect(shop.services.admin.bibs.decideClaim(admin, item.id, false)).rejects.toMatchObject({ status: 409, key: "claimDecided" });
    // The tag taken off later by someone: the runner's word, said again, waits for a person again.
    const p07 = (await shop.database.db.select().from(photos).where(eq(photos.publicId, race.ids.P07)))[0];
    await shop.services.admin.photos.tag(admin, p07.id, { bibs: [300], tagIds: [] });
    expect((await claim("P07", 101)).body.data.claim).toBe("pending");
    expect(await frames(101, true)).toEqual(["P07"]);
    await shop.services.admin.bibs.decideClaim(admin, (await claims()).items.find((c) => c.bib === 101)!.id, true);
  });

  it("leaves the number's search when a person says no, and is not asked again", async () => {
    await claim("P08", 555);
    expect(await frames(555, true)).toEqual(["P05", "P08"]);
    const item = (await claims()).items.find((c) => c.frame === "P08")!;
    await shop.services.admin.bibs.decideClaim(admin, item.id, false);
    expect(await frames(555, true)).toEqual(["P05"]);
    expect((await claim("P08", 555)).body.data.claim).toBe("declined");
    expect((await claims()).items.map((c) => c.frame)).toEqual(["P05"]);
  });

  it("takes only registered numbers where the race has a start list, said in the runner's language", async () => {
    await shop.services.recognition.loadStartList(race.raceId, "dorsal,nombre\n101,Ana\n300,Bruno\n555,Carla\n");
    const en = await claim("P09", 999);
    expect(en.status).toBe(400);
    expect(en.body.error.message).toBe("No runner is registered with number 999 in this race.");
    expect((await claim("P09", 999, "es")).body.error.message).toBe("No hay ningún corredor inscripto con el número 999 en esta carrera.");
    expect((await claim("P09", 555)).body.data.claim).toBe("pending");
    await shop.services.recognition.clearStartList(race.raceId);
  });

  it("refuses what is not a number, a photo, or a photo a visitor may see, with the right status", async () => {
    const letters = await claim("P10", "12a", "br");
    expect(letters.status).toBe(400);
    expect(letters.body.error.message).toBe("O número do corredor deve ter apenas dígitos e ser maior que 0.");
    expect((await claim("P10", 0)).status).toBe(400);
    expect((await claim("no-such-photo", 12)).status).toBe(404);
    expect((await call(shop, claimApi, "/api/claim", { method: "POST", body: "{not json" })).status).toBe(400);
    const { db } = shop.database;
    await db.update(photos).set({ hidden: true }).where(eq(photos.publicId, race.ids.P11));
    expect((await claim("P11", 12)).status).toBe(404);
    await db.update(photos).set({ hidden: false }).where(eq(photos.publicId, race.ids.P11));
    expect((await call(shop, claimGet, "/api/claim")).status).toBe(405);
  });

  it(`takes at most ${CLAIMS_PER_PHOTO} numbers waiting on one photo`, async () => {
    for (let i = 0; i < CLAIMS_PER_PHOTO; i++) expect((await claim("P12", 700 + i)).status).toBe(200);
    const over = await claim("P12", 799);
    expect(over.status).toBe(429);
    expect(over.body.error.message).toBe("Many runners already said they are in this photo: someone at the shop will check it.");
  });

  it("is asked on recognition's own reading of the number there, where one answer settles both", async () => {
    const { db } = shop.database;
    const p10 = (await db.select().from(photos).where(eq(photos.publicId, race.ids.P10)))[0];
    // Four runners' bibs, each read in its own place.
    await db.insert(bibSuggestions).values(
      [4321, 4322, 4323, 4325].map((bib, i) => ({
        photoId: p10.id,
        raceId: race.raceId,
        bib,
        confidence: 0.6,
        box: { cx: 100 + 200 * i, cy: 300, width: 80, height: 40, angle: 0 },
      })),
    );
    for (const bib of [4321, 4322, 4323]) expect((await claim("P10", bib)).body.data.claim).toBe("pending");
    const screen = await shop.services.admin.bibs.review(admin, race.raceId);
    const reading = (bib: number) => screen.queue.items.find((i) => i.bib === bib)!;
    // Not a second question in the claims list: a mark on the reading.
    expect(screen.claims.items.map((c) => c.bib)).not.toContain(4321);
    expect([4321, 4322, 4323, 4325].map((bib) => reading(bib).claimed)).toEqual([true, true, true, false]);

    // "Not a bib of this photo": the runner's word is answered with it.
    await shop.services.admin.bibs.decide(admin, reading(4321).id, { action: "reject" });
    expect((await claim("P10", 4321)).body.data.claim).toBe("declined");
    expect(await frames(4321, true)).toEqual([]);
    // Accepted: the photo is theirs.
    await shop.services.admin.bibs.decide(admin, reading(4322).id, { action: "accept" });
    expect((await claim("P10", 4322)).body.data.claim).toBe("tagged");
    // Corrected to another number: the claim is still a question, now in the claims list.
    await shop.services.admin.bibs.decide(admin, reading(4323).id, { action: "correct", bib: 4324 });
    expect((await claims()).items.filter((c) => c.frame === "P10").map((c) => c.bib)).toEqual([4323]);
  });

  it("turns a reading down with its claims or not at all, and takes one answer when two people answer at once", async () => {
    const { db } = shop.database;
    const p11 = (await db.select().from(photos).where(eq(photos.publicId, race.ids.P11)))[0];
    await db
      .insert(bibSuggestions)
      .values({ photoId: p11.id, raceId: race.raceId, bib: 4331, confidence: 0.6, box: { cx: 300, cy: 300, width: 80, height: 40, angle: 0 } });
    expect((await claim("P11", 4331)).body.data.claim).toBe("pending");
    const reading = async () => (await shop.services.admin.bibs.review(admin, race.raceId)).queue.items.find((i) => i.bib === 4331);
    const { id } = (await reading())!;

    // The claims' write fails (the database went away halfway): the reading is not turned down either.
    const lost = shop.services.recognition.reject(id, admin.id, async () => {
      throw new Error("connection lost");
    });
    await expect(lost).rejects.toThrow("connection lost");
    expect(await reading()).toMatchObject({ id, claimed: true });

    // Two operators (or two tabs) answer it at once: one answer stands, the other is told it was decided.
    const answers = await Promise.allSettled([
      shop.services.admin.bibs.decide(admin, id, { action: "accept" }),
      shop.services.admin.bibs.decide(admin, id, { action: "reject" }),
    ]);
    const stood = answers.flatMap((a) => (a.status === "fulfilled" ? [a.value.action] : []));
    expect(stood).toHaveLength(1);
    expect(answers.find((a) => a.status === "rejected")).toMatchObject({ reason: { status: 409, key: "suggestionDecided" } });
    const [decided] = await db.select().from(bibSuggestions).where(eq(bibSuggestions.id, id));
    expect(decided.status).toBe(stood[0] === "accept" ? "accepted" : "rejected");
    expect(await frames(4331)).toEqual(stood[0] === "accept" ? ["P11"] : []);
    expect((await claim("P11", 4331)).body.data.claim).toBe(stood[0] === "accept" ? "tagged" : "declined");
  });

  it("takes one answer to a claim when two people answer at once, and asks again when its tag fails", async () => {
    expect((await claim("P09", 4341)).body.data.claim).toBe("pending");
    const { id } = (await claims()).items.find((c) => c.bib === 4341)!;
    // The tag's write fails: the question stays for a person, the photo untagged.
    await expect(
      decideClaim(shop.database.db, id, true, admin.id, async () => {
        throw new Error("connection lost");
      }),
    ).rejects.toThrow("connection lost");
    expect((await claims()).items.find((c) => c.bib === 4341)).toMatchObject({ id });

    const answers = await Promise.allSettled([shop.services.admin.bibs.decideClaim(admin, id, true), shop.services.admin.bibs.decideClaim(admin, id, false)]);
    expect(answers.filter((a) => a.status === "fulfilled")).toHaveLength(1);
    expect(answers.find((a) => a.status === "rejected")).toMatchObject({ reason: { status: 409, key: "claimDecided" } });
    const accepted = answers[0].status === "fulfilled";
    const [row] = await shop.database.db.select().from(photoClaims).where(eq(photoClaims.id, id));
    expect(row.status).toBe(accepted ? "accepted" : "rejected");
    expect(await frames(4341)).toEqual(accepted ? ["P09"] : []);
    expect((await claim("P09", 4341)).body.data.claim).toBe(accepted ? "tagged" : "declined");
  });

  it("answers a plain form post with the runner's photos that might be theirs, or back to the photo when refused", async () => {
    const done = await formPost({ photo: race.ids.P03, n: "556" });
    expect(done.status).toBe(302);
    expect(done.response.headers.get("Location")).toBe("/carrera/orders-trail-2025?n=556&m=1&claim=pending");
    const theirs = await formPost({ photo: race.ids.P03, n: "300" });
    expect(theirs.response.headers.get("Location")).toBe("/carrera/orders-trail-2025?n=300&claim=tagged");
    const back = "/carrera/orders-trail-2025?h=09:15&foto=" + race.ids.P03;
    const refused = await formPost({ photo: race.ids.P03, n: "x1", back: `${back}&claim=error` });
    expect(refused.response.headers.get("Location")).toBe(`/carrera/orders-trail-2025?h=09%3A15&foto=${race.ids.P03}&claim=number`);
    // Never sent to another site.
    const away = await formPost({ photo: race.ids.P03, n: "x1", back: "//evil.example/x" });
    expect(away.response.headers.get("Location")).toBe("/carrera/orders-trail-2025?claim=number");
    const slanted = await formPost({ photo: race.ids.P03, n: "x1", back: "/\\evil.example" });
    expect(slanted.response.headers.get("Location")).toBe("/carrera/orders-trail-2025?claim=number");
  });
});
