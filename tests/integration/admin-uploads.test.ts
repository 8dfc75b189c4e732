import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Readable } from "node:stream";
import sharp from "sharp";
import type { Operator } from "../../app/.server/staff/index.ts";
import { OUTCOME_HEADER } from "../../app/.server/photo-desk/index.ts";
import { SharedUploadStore } from "../../app/.server/photo-desk/upload-store.ts";
import { UPLOAD_EXPIRE_MS } from "../../app/.server/photo-desk/uploads.ts";
import { auditLog, notifySignups, photos, races } from "../../app/.server/db/schema.ts";
import { createLogger } from "../../app/.server/logger.ts";
import { createServices, type Services } from "../../app/.server/services.ts";
import { localStorage } from "../../app/.server/storage/index.ts";
import { createTestShop, FIXTURES, type TestShop } from "./helpers.ts";
import { invite, loginAs } from "./admin-helpers.ts";
import { outbox } from "./orders-fixture.ts";

// Photo uploads over tus, across a dropped connection and a server restart, and
// the import of a server folder as a durable job the races screen follows.

const ADMIN = { email: "uploads@dorsal.test", password: "uploads-password-1" };
const PHOTOS = path.join(FIXTURES, "import-basic", "photos");

/** A tus endpoint served by one "process" of the shop; `restart` swaps in a fresh one on the same data. */
function tusServer(first: Services) {
  let services = first;
  const server = http.createServer((req, res) => void services.admin.uploads.handle(req, res));
  return {
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    restart(next: Services) {
      services = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const b64 = (text: string) => Buffer.from(text).toString("base64");

/** A photo no other test sent (its own colour and noise). */
const photo = (background: string) =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background, noise: { type: "gaussian", mean: 100, sigma: 30 } } })
    .jpeg({ quality: 90 })
    .toBuffer();

/** The upload store as another instance on the same database and files would hold it. */
const filesOf = (shop: TestShop) => localStorage(path.join(shop.dataDir, "files"));
const storeOf = (shop: TestShop) => new SharedUploadStore(shop.database.db, filesOf(shop), path.join(shop.dataDir, "tmp", "uploads"), UPLOAD_EXPIRE_MS);

describe("photo uploads and folder imports", () => {
  let shop: TestShop;
  let admin: Operator;
  let headers: Record<string, string>;
  let base = "";
  let tus: ReturnType<typeof tusServer>;
  let raceId = 0;

  beforeAll(async () => {
    shop = await createTestShop({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    await shop.services.admins.ensureFirst();
    const session = await loginAs(shop.services, ADMIN.email, ADMIN.password);
    admin = session.op;
    headers = { cookie: session.cookie, "x-csrf-token": admin.csrfToken, "tus-resumable": "1.0.0" };
    [{ id: raceId }] = await shop.database.db
      .insert(races)
      .values({
        slug: "upload-trail",
        name: { es: "Trail de Subida", en: "Upload Trail", br: "Trilha" },
        status: "draft",
        timezone: "America/Argentina/Buenos_Aires",
      })
      .returning({ id: races.id });
    tus = tusServer(shop.services);
    base = await tus.listen();
  });
  afterAll(async () => {
    await tus?.close();
    await shop?.close();
  });

  async function create(name: string, size: number, extra: Record<string, string> = headers): Promise<Response> {
    return fetch(`${base}/admin/uploads`, {
      method: "POST",
      headers: { ...extra, "upload-length": String(size), "upload-metadata": `filename ${b64(name)},raceId ${b64(String(raceId))}` },
    });
  }
  async function patch(location: string, offset: number, bytes: Buffer): Promise<Response> {
    return fetch(`${base}${location}`, {
      method: "PATCH",
      headers: { ...headers, "upload-offset": String(offset), "content-type": "application/offset+octet-stream" },
      body: new Uint8Array(bytes),
    });
  }
  const outcomeOf = (response: Response) => JSON.parse(decodeURIComponent(response.headers.get(OUTCOME_HEADER) ?? "null")) as { kind: string; of?: string };

  it("refuses an upload without a session or without the CSRF token", async () => {
    expect((await create("A001.jpg", 10, { "tus-resumable": "1.0.0" })).status).toBe(401);
    expect((await create("A001.jpg", 10, { ...headers, "x-csrf-token": "forged" })).status).toBe(403);
    expect((await create("notes.txt", 10)).status).toBe(415);
  });

  it("resumes an upload after a dropped connection and a server restart, then reports the photo", async () => {
    const bytes = await fs.readFile(path.join(PHOTOS, "A001.jpg"));
    const created = await create("A001.jpg", bytes.length);
    expect(created.status).toBe(201);
    const location = created.headers.get("location") ?? "";
    const half = Math.floor(bytes.length / 2);
    expect((await patch(location, 0, bytes.subarray(0, half))).status).toBe(204);

    // A new process on the same data: the upload's state was on disk, not in memory.
    const restarted = createServices({
      env: shop.env,
      database: shop.database,
      storage: localStorage(path.join(shop.dataDir, "files")),
      logger: createLogger("silent"),
    });
    await restarted.admin.uploads.recover();
    tus.restart(restarted);
    const head = await fetch(`${base}${location}`, { method: "HEAD", headers });
    expect(head.headers.get("upload-offset")).toBe(String(half));
    const done = await patch(location, half, bytes.subarray(half));
    expect(done.status).toBe(204);
    expect(outcomeOf(done)).toMatchObject({ kind: "created" });

    // The client lost that answer and asks again: the upload is whole and says what it became.
    const again = await fetch(`${base}${location}`, { method: "HEAD", headers });
    expect(again.status).toBe(200);
    expect(again.headers.get("upload-offset")).toBe(String(bytes.length));
    expect(outcomeOf(again)).toMatchObject({ kind: "created" });
    // The capture time comes from the photo's EXIF (12:00:05 UTC for this fixture).
    const [stored] = await shop.database.db
      .select()
      .from(photos)
      .where(and(eq(photos.raceId, raceId), eq(photos.frame, "A001")));
    expect(stored.takenAt?.toISOString()).toBe("2025-05-04T12:00:05.000Z");
    tus.restart(shop.services);
  });

  it("reports the same picture under another name as a duplicate and skips a broken file", async () => {
    for (const [name, expected] of [
      ["A003.jpg", { kind: "created" }],
      ["A004-copy.jpg", { kind: "duplicate", of: "A003" }],
      ["B001-broken.jpg", { kind: "broken" }],
    ] as const) {
      const bytes = await fs.readFile(path.join(PHOTOS, name));
      const location = (await create(name, bytes.length)).headers.get("location") ?? "";
      const done = await patch(location, 0, bytes);
      expect(done.status).toBe(204);
      expect(outcomeOf(done)).toMatchObject(expected);
    }
    const stored = await shop.database.db.select({ name: photos.frame }).from(photos).where(eq(photos.raceId, raceId));
    expect(stored.map((p) => p.name).sort()).toEqual(["A001", "A003"]);
    const logged = await shop.database.db.select().from(auditLog).where(eq(auditLog.action, "photo.upload"));
    expect(logged.map((l) => (l.details as { outcome: string }).outcome)).toEqual(["created", "created", "duplicate", "broken"]);
  });

  it("ingests on the next start a whole upload whose ingest a crash cut short", async () => {
    const bytes = await fs.readFile(path.join(PHOTOS, "A002.jpg"));
    const location = (await create("A002.jpg", bytes.length)).headers.get("location") ?? "";
    // The bytes arrive, then the process dies before the ingest: written straight into the store.
    const id = location.split("/").pop() ?? "";
    await storeOf(shop).write(Readable.from([bytes]), id, 0);
    const restarted = createServices({
      env: shop.env,
      database: shop.database,
      storage: localStorage(path.join(shop.dataDir, "files")),
      logger: createLogger("silent"),
    });
    await restarted.admin.uploads.recover();
    const [row] = await shop.database.db
      .select()
      .from(photos)
      .where(and(eq(photos.raceId, raceId), eq(photos.frame, "A002")));
    expect(row).toBeDefined();
    tus.restart(restarted);
    const head = await fetch(`${base}${location}`, { method: "HEAD", headers });
    expect(outcomeOf(head)).toMatchObject({ kind: "created" });
    tus.restart(shop.services);
  });

  it("keeps what a killed process had received of a PATCH, and only where it continues the upload", async () => {
    const bytes = await photo("#2a6");
    const location = (await create("A005.jpg", bytes.length)).headers.get("location") ?? "";
    const id = location.split("/").pop() ?? "";
    const third = Math.floor(bytes.length / 3);
    expect((await patch(location, 0, bytes.subarray(0, third))).status).toBe(204);
    // A process that died mid-PATCH left its scratch file: the next third, and a stale copy of the first.
    const dead = path.join(shop.dataDir, "tmp", "uploads", "999999-dead01");
    await fs.mkdir(dead, { recursive: true });
    await fs.writeFile(path.join(dead, `${id}-${third}-0000beef`), bytes.subarray(third, 2 * third));
    await fs.writeFile(path.join(dead, `${id}-0-0000dead`), bytes.subarray(0, third));
    const restarted = createServices({
      env: shop.env,
      database: shop.database,
      storage: localStorage(path.join(shop.dataDir, "files")),
      logger: createLogger("silent"),
    });
    await restarted.admin.uploads.recover();
    tus.restart(restarted);
    const head = await fetch(`${base}${location}`, { method: "HEAD", headers });
    expect(head.headers.get("upload-offset")).toBe(String(2 * third));
    await expect(fs.stat(dead)).rejects.toThrow();
    const done = await patch(location, 2 * third, bytes.subarray(2 * third));
    expect(outcomeOf(done)).toMatchObject({ kind: "created" });
    // The stored original is the file sent, byte for byte.
    const [stored] = await shop.database.db
      .select()
      .from(photos)
      .where(and(eq(photos.raceId, raceId), eq(photos.frame, "A005")));
    expect(Buffer.compare(await filesOf(shop).get(stored.originalKey), bytes)).toBe(0);
    tus.restart(shop.services);
  });

  it("lets one of two PATCHes at the same offset in, and refuses the other without mixing their bytes", async () => {
    const bytes = await photo("#a62");
    const location = (await create("A006.jpg", bytes.length)).headers.get("location") ?? "";
    const id = location.split("/").pop() ?? "";
    const half = Math.floor(bytes.length / 2);
    const junk = Buffer.alloc(half, 7);
    const [one, two] = await Promise.allSettled([
      storeOf(shop).write(Readable.from([bytes.subarray(0, half)]), id, 0),
      storeOf(shop).write(Readable.from([junk]), id, 0),
    ]);
    expect([one.status, two.status].sort()).toEqual(["fulfilled", "rejected"]);
    const head = await fetch(`${base}${location}`, { method: "HEAD", headers });
    expect(head.headers.get("upload-offset")).toBe(String(half));
    if (one.status === "rejected") {
      // The junk won: the upload holds it, never a mix. Start this one over.
      expect(outcomeOf(await patch(location, half, bytes.subarray(half)))).toMatchObject({ kind: "broken" });
      return;
    }
    expect(outcomeOf(await patch(location, half, bytes.subarray(half)))).toMatchObject({ kind: "created" });
  });

  it("imports a server folder as a job with progress, and publishing through it writes to the notify list once", async () => {
    const { admin: office, notify, worker } = shop.services;
    // The folder's race is waiting for its photos, with two people signed up to hear about it.
    const folder = await fs.mkdtemp(path.join(shop.dataDir, "card-"));
    await fs.cp(path.join(FIXTURES, "import-basic"), folder, { recursive: true });
    const raceJson = JSON.parse(await fs.readFile(path.join(folder, "race.json"), "utf8")) as Record<string, unknown>;
    await fs.writeFile(path.join(folder, "race.json"), JSON.stringify({ ...raceJson, status: "preparing" }));
    const first = await office.races.importFolder(admin, folder);
    await worker.drain();
    expect((await office.races.imports(admin))[0]).toMatchObject({ runId: first.runId, state: "done", done: 5, total: 5 });
    for (const email of ["uno@example.com", "dos@example.com"]) {
      await notify.signup(
        { firstName: "Ana", lastName: "Paz", email, category: "General", runnerNumber: 150, slug: "fixture-trail-2025" },
        { lang: "es", ip: "10.7.7.7" },
      );
    }

    // The organiser sets it to published in race.json and imports again: the request only queues it.
    await fs.writeFile(path.join(folder, "race.json"), JSON.stringify({ ...raceJson, status: "published" }));
    const { runId } = await office.races.importFolder(admin, folder);
    expect((await office.races.imports(admin))[0]).toMatchObject({ runId, state: "queued", report: null });
    await worker.drain();
    const [run] = await office.races.imports(admin);
    expect(run).toMatchObject({ runId, state: "done", done: 5, total: 5, error: null });
    expect(run.report).toMatchObject({ slug: "fixture-trail-2025", created: 0, unchanged: 3, broken: [{ file: "B001-broken.jpg" }] });
    const [race] = await shop.database.db.select().from(races).where(eq(races.slug, "fixture-trail-2025"));
    expect(race.status).toBe("published");
    const signups = await shop.database.db.select().from(notifySignups).where(eq(notifySignups.raceId, race.id));
    expect(signups.every((s) => s.notifiedAt)).toBe(true);

    // Importing the published folder again, or publishing from the race list, writes to nobody twice.
    await office.races.importFolder(admin, folder);
    await office.races.setStatus(admin, race.id, "preparing");
    await office.races.setStatus(admin, race.id, "published");
    await worker.drain();
    const mails = outbox(shop).filter((m) => m.includes("X-Dorsal-Template: photosReady"));
    expect(mails).toHaveLength(2);

    const actions = (await shop.database.db.select().from(auditLog)).map((l) => l.action);
    expect(actions.filter((a) => a === "race.import.start")).toHaveLength(3);
    expect(actions.filter((a) => a === "race.import")).toHaveLength(3);
  });

  it("reports a folder without race.json as a failed import, and a missing folder at once", async () => {
    const { admin: office, worker } = shop.services;
    const empty = await fs.mkdtemp(path.join(shop.dataDir, "empty-"));
    await office.races.importFolder(admin, empty);
    await worker.drain();
    const [run] = await office.races.imports(admin);
    expect(run.state).toBe("failed");
    expect(run.error).toContain("race.json");
    await expect(office.races.importFolder(admin, path.join(empty, "nope"))).rejects.toMatchObject({ status: 400, key: "folderMissing" });
  });

  it("lets photographers upload only to their races, and keeps them away from folder imports", async () => {
    const { op, cookie } = await invite(shop.services, admin, "lens@dorsal.test", "photographer", [raceId]);
    await expect(shop.services.admin.races.importFolder(op, PHOTOS)).rejects.toMatchObject({ status: 403 });
    await expect(shop.services.admin.races.imports(op)).rejects.toMatchObject({ status: 403 });
    const [{ id: otherRace }] = await shop.database.db
      .insert(races)
      .values({ slug: "not-theirs", name: { es: "Ajena", en: "Not theirs", br: "Alheia" }, status: "draft", timezone: "America/Argentina/Buenos_Aires" })
      .returning({ id: races.id });
    const theirs = { cookie, "x-csrf-token": op.csrfToken, "tus-resumable": "1.0.0" };
    const post = (race: number) =>
      fetch(`${base}/admin/uploads`, {
        method: "POST",
        headers: { ...theirs, "upload-length": "100", "upload-metadata": `filename ${b64("X1.jpg")},raceId ${b64(String(race))}` },
      });
    expect((await post(otherRace)).status).toBe(403);
    expect((await post(raceId)).status).toBe(201);
  });
});
