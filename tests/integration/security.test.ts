/**
 * Regression tests for the security review (issue 16), one per finding, named
 * after it. Findings about the HTTP edge (headers, body limits, malformed
 * requests, per-address limits) are checked against the built server in
 * tests/e2e/security-edge.test.ts and tests/e2e/fuzz.test.ts.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Operator } from "../../app/.server/staff/index.ts";
import { openDatabase } from "../../app/.server/db/client.ts";
import { adminSessions, adminUsers, jobs, orders, photos, rateHits, races, uploads } from "../../app/.server/db/schema.ts";
import { createRateLimiter } from "../../app/.server/rate-limit/rate-limit.ts";
import { invite, loginAs } from "./admin-helpers.ts";
import { createTestShop, FIXTURES, onPostgres, type TestShop } from "./helpers.ts";
import { cartItem, buyer, call, seedOrdersRace, type OrdersRace } from "./orders-fixture.ts";
import { action as purchase } from "../../app/routes/api.purchase.ts";

const ADMIN = { email: "owner@dorsal.test", password: "owner-password-1" };

describe("security findings", () => {
  let shop: TestShop;
  let admin: Operator;
  let race: OrdersRace;
  beforeAll(async () => {
    shop = await createTestShop({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    await shop.services.admins.ensureFirst();
    ({ op: admin } = await loginAs(shop.services, ADMIN.email, ADMIN.password));
    race = await seedOrdersRace(shop);
  });
  afterAll(() => shop.close());

  it("finding 5, stored XSS: an SVG logo or hero in an import folder is stored as a picture, never as SVG", async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "dorsal-svg-"));
    fs.cpSync(path.join(FIXTURES, "import-basic"), folder, { recursive: true });
    fs.rmSync(path.join(folder, "logo.png"));
    const evil = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><script>alert(document.cookie)</script><rect width="200" height="100" fill="red"/></svg>`;
    fs.writeFileSync(path.join(folder, "logo.svg"), evil);
    fs.writeFileSync(path.join(folder, "hero.svg"), evil);
    const report = await shop.services.imports.folder(folder);
    const [row] = await shop.database.db.select().from(races).where(eq(races.slug, report.slug));
    for (const key of [row.logoKey!, row.heroKey!]) {
      expect(key).toMatch(/\.webp$/);
      const stored = await shop.services.storage.get(key);
      expect(stored.toString("latin1")).not.toContain("<script");
      expect((await sharp(stored).metadata()).format).toBe("webp");
    }
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it("finding 9, sessions: changing a password signs out the account's other sessions, not this one", async () => {
    const { op } = await invite(shop.services, admin, "phone-lost@dorsal.test", "photographer");
    const { password } = await shop.services.admin.operators.resetPassword(admin, op.id);
    const here = await loginAs(shop.services, "phone-lost@dorsal.test", password, "10.9.0.1");
    const lostPhone = await loginAs(shop.services, "phone-lost@dorsal.test", password, "10.9.0.2");
    await shop.services.admin.operators.changeOwnPassword(here.op, { current: password, next: "a-brand-new-password", confirm: "a-brand-new-password" });
    expect(await shop.services.admin.auth.authenticate(here.cookie)).toBeDefined();
    expect(await shop.services.admin.auth.authenticate(lostPhone.cookie)).toBeUndefined();
  });

  it("finding 10, secrets: a password from the environment is never handed out to print; a generated one only once", async () => {
    expect(await shop.services.admins.ensureFirst()).toEqual({ email: ADMIN.email });
    const other = await createTestShop({ ADMIN_EMAIL: "first@dorsal.test" });
    try {
      const first = await other.services.admins.ensureFirst();
      expect(first.generated).toMatch(/^[\w-]{12,}$/);
      const again = await other.services.admins.ensureFirst();
      expect(again.generated).toBeUndefined();
      expect(again.passwordFile).toBe(path.join(other.dataDir, "admin-password.txt"));
      // Once the password is changed the file is stale: it is removed and no longer named.
      const { op } = await loginAs(other.services, "first@dorsal.test", first.generated!);
      await other.services.admin.operators.changeOwnPassword(op, { current: first.generated!, next: "changed-password-1", confirm: "changed-password-1" });
      expect(await other.services.admins.ensureFirst()).toEqual({ email: "first@dorsal.test" });
      expect(fs.existsSync(path.join(other.dataDir, "admin-password.txt"))).toBe(false);
    } finally {
      await other.close();
    }
  });

  it("secrets: passwords are hashed with scrypt N=2^17, and an older hash is upgraded at the next login", async () => {
    const [row] = await shop.database.db.select().from(adminUsers).where(eq(adminUsers.email, ADMIN.email));
    expect(row.passwordHash).toMatch(/^scrypt\$131072\$8\$1\$/);
    // A hash from before (N=2^15), as older shops have them.
    const { scryptSync, randomBytes } = await import("node:crypto");
    const salt = randomBytes(16);
    const old = `scrypt$32768$8$1$${salt.toString("base64")}$${scryptSync(ADMIN.password, salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }).toString("base64")}`;
    await shop.database.db.update(adminUsers).set({ passwordHash: old }).where(eq(adminUsers.id, row.id));
    await loginAs(shop.services, ADMIN.email, ADMIN.password);
    const [after] = await shop.database.db.select().from(adminUsers).where(eq(adminUsers.id, row.id));
    expect(after.passwordHash).toMatch(/^scrypt\$131072\$/);
  });

  it("finding 11, prices: a photographer can neither make photos free nor put them on sale", async () => {
    const { op } = await invite(shop.services, admin, "shooter@dorsal.test", "photographer", [race.raceId]);
    const [photo] = await shop.database.db.select().from(photos).where(eq(photos.raceId, race.raceId)).limit(1);
    const bulk = shop.services.admin.photos.bulk;
    await expect(bulk(op, race.raceId, [photo.id], { action: "free", free: true })).rejects.toMatchObject({ status: 403 });
    await expect(bulk(op, race.raceId, [photo.id], { action: "sale", saleArs: 100, saleUsd: 1 })).rejects.toMatchObject({ status: 403 });
    const [after] = await shop.database.db.select().from(photos).where(eq(photos.id, photo.id));
    expect({ free: after.free, saleArs: after.saleArs }).toEqual({ free: photo.free, saleArs: photo.saleArs });
    // Tagging and hiding stay theirs.
    await expect(bulk(op, race.raceId, [photo.id], { action: "hidden", hidden: false })).resolves.toBeDefined();
  });

  it("finding 12, contact relay: the copy to the visitor carries none of their text", async () => {
    const spam = "Claim your prize at http://evil.example now";
    await shop.services.contact.submit(
      { name: "Winner Winner Chicken Dinner", email: "victim@example.com", phone: null, message: spam },
      { lang: "en", ip: "10.7.0.1" },
    );
    await shop.services.worker.drain();
    const outbox = path.join(shop.dataDir, "outbox");
    const toVictim = fs
      .readdirSync(outbox)
      .map((f) => fs.readFileSync(path.join(outbox, f), "utf8"))
      .filter((m) => /^To: .*victim@example\.com/m.test(m));
    expect(toVictim).toHaveLength(1);
    expect(toVictim[0]).not.toContain("evil.example");
    expect(toVictim[0]).not.toContain("Chicken Dinner");
  });

  it("finding 7, zips: identical orders share one zip, and zips nobody was handed for a month expire", async () => {
    const images = Object.entries(race.ids)
      .filter(([name]) => name.startsWith("P"))
      .slice(0, 10)
      .map(([, id]) => cartItem(id));
    const ids: string[] = [];
    for (const email of ["a@example.com", "b@example.com"]) {
      const { body } = await call(shop, purchase, "/api/purchase?lang=es", {
        method: "POST",
        body: { data: { ...buyer({ email, confirmEmail: email }), images } },
      });
      const [order] = await shop.database.db.select().from(orders).where(eq(orders.publicId, body.data.id));
      await shop.database.db.update(orders).set({ state: 2, paidAt: new Date() }).where(eq(orders.id, order.id));
      await shop.services.purchases.requestZip(body.data.id);
      await shop.services.worker.drain();
      ids.push(body.data.id);
    }
    const rows = await Promise.all(ids.map(async (id) => (await shop.database.db.select().from(orders).where(eq(orders.publicId, id)))[0]));
    expect(rows[0].zipKey).toMatch(/^zips\/set-/);
    expect(rows[1].zipKey).toBe(rows[0].zipKey);
    // A month later nobody asked for it: it goes, and a new request makes it again.
    await shop.database.db
      .update(orders)
      .set({ zipMadeAt: new Date(Date.now() - 31 * 24 * 3600_000) })
      .where(eq(orders.zipKey, rows[0].zipKey!));
    const pruned = await shop.services.housekeeping.prune();
    expect(pruned.zips).toBe(1);
    expect(await shop.services.storage.exists(rows[0].zipKey!)).toBe(false);
    const [gone] = await shop.database.db.select().from(orders).where(eq(orders.publicId, ids[0]));
    expect(gone.zipKey).toBeNull();
    expect((await shop.services.purchases.requestZip(ids[0])).status).toBe("processing");
  });

  it("housekeeping: old rate-limit hits, login attempts, finished jobs, expired sessions and abandoned uploads are pruned", async () => {
    const { db } = shop.database;
    const old = new Date(Date.now() - 400 * 24 * 3600_000);
    await db.insert(rateHits).values({ bucket: "contact", key: "1.2.3.4", at: old });
    await db.insert(jobs).values({ type: "noop", status: "done", finishedAt: old });
    await db.insert(adminSessions).values({ id: "expired-session", adminId: admin.id, ip: "", userAgent: "", expiresAt: old });
    // A photo upload abandoned halfway three days ago: its row and its bytes go.
    const part = `uploads/${"e".repeat(32)}/000000000000-0000beef`;
    await shop.services.storage.put(part, Buffer.from("half a photo"));
    await db.insert(uploads).values({ id: "e".repeat(32), size: 100, received: 12, parts: [part], createdAt: new Date(Date.now() - 3 * 24 * 3600_000) });
    const pruned = await shop.services.housekeeping.prune();
    expect(pruned.uploads).toBe(1);
    expect(await shop.services.storage.exists(part)).toBe(false);
    expect(pruned.rateHits).toBeGreaterThanOrEqual(1);
    expect(pruned.jobs).toBeGreaterThanOrEqual(1);
    expect(pruned.sessions).toBeGreaterThanOrEqual(1);
    const [left] = await db.select({ n: sql<number>`count(*)::int` }).from(rateHits).where(eq(rateHits.key, "1.2.3.4"));
    expect(left.n).toBe(0);
  });
});

describe("rate limits counted in the database", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(() => shop.close());

  it("counts parallel hits one by one, per key, in a sliding window", async () => {
    const limiter = createRateLimiter({ db: shop.database.db, bucket: "t1", limit: 5, windowMs: 60_000 });
    const answers = await Promise.all(Array.from({ length: 12 }, () => limiter.hit("10.0.0.1")));
    expect(answers.filter((a) => a.ok)).toHaveLength(5);
    expect(answers.find((a) => !a.ok)).toMatchObject({ ok: false, retryAfter: expect.any(Number) });
    expect((await limiter.hit("10.0.0.2")).ok).toBe(true);
    // Hits older than the window no longer count.
    await shop.database.db
      .update(rateHits)
      .set({ at: new Date(Date.now() - 61_000) })
      .where(eq(rateHits.key, "10.0.0.1"));
    expect((await limiter.hit("10.0.0.1")).ok).toBe(true);
  });

  it.runIf(onPostgres)("holds across instances: two connection pools on one PostgreSQL share the count", async () => {
    const second = await openDatabase({ url: shop.databaseUrl! });
    try {
      const a = createRateLimiter({ db: shop.database.db, bucket: "t2", limit: 6, windowMs: 60_000 });
      const b = createRateLimiter({ db: second.db, bucket: "t2", limit: 6, windowMs: 60_000 });
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).hit("10.0.0.3")));
      expect(answers.filter((x) => x.ok)).toHaveLength(6);
    } finally {
      await second.close();
    }
  });
});
