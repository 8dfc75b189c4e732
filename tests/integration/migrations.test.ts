import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase, rowsOf } from "../../app/.server/db/client.ts";
import { onPostgres, openTestDatabase } from "./helpers.ts";

const migrationCount = fs.readdirSync(path.resolve(import.meta.dirname, "../../db/migrations")).filter((f) => f.endsWith(".sql")).length;

async function appliedMigrations(db: Awaited<ReturnType<typeof openDatabase>>["db"]) {
  const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
  return Number(n);
}

describe("migrations", () => {
  it("create every table and are applied once however often the shop starts", async () => {
    if (onPostgres) {
      const { database, drop } = await openTestDatabase();
      try {
        expect(await appliedMigrations(database.db)).toBe(migrationCount);
        const tables = rowsOf<{ table_name: string }>(
          await database.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public'`),
        ).map((r) => r.table_name);
        expect(tables).toEqual(expect.arrayContaining(["races", "photos", "orders", "jobs", "admin_users", "page_views"]));
      } finally {
        await database.close();
        await drop();
      }
      return;
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dorsal-mig-"));
    try {
      for (let start = 0; start < 2; start++) {
        const database = await openDatabase({ dataDir: dir });
        expect(await appliedMigrations(database.db)).toBe(migrationCount);
        await database.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it.runIf(onPostgres)("let two instances start together on one PostgreSQL without racing", async () => {
    const base = new URL(process.env.TEST_DATABASE_URL!);
    const name = `dorsal_race_${process.pid}`;
    const admin = new pg.Client({ connectionString: base.toString() });
    await admin.connect();
    try {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
      base.pathname = `/${name}`;
      // Both migrate the same empty database at once; the advisory lock serializes them.
      const both = await Promise.all([openDatabase({ url: base.toString() }), openDatabase({ url: base.toString() })]);
      for (const d of both) expect(await appliedMigrations(d.db)).toBe(migrationCount);
      await Promise.all(both.map((d) => d.close()));
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});

const MIGRATIONS = path.resolve(import.meta.dirname, "../../db/migrations");

/** A folder with the migrations as they were before migration `idx` (to fill a database the old way, then migrate it). */
function migrationsBefore(idx: number): string {
  const before = fs.mkdtempSync(path.join(os.tmpdir(), `dorsal-mig-${idx}-`));
  fs.mkdirSync(path.join(before, "meta"));
  const prefix = String(idx).padStart(4, "0");
  for (const f of fs.readdirSync(MIGRATIONS).filter((f) => f.endsWith(".sql") && f < prefix)) fs.copyFileSync(path.join(MIGRATIONS, f), path.join(before, f));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, "meta/_journal.json"), "utf8")) as { entries: { idx: number }[] };
  fs.writeFileSync(path.join(before, "meta/_journal.json"), JSON.stringify({ ...journal, entries: journal.entries.filter((e) => e.idx < idx) }));
  return before;
}

describe("migration 0012 (order-event causes as records)", () => {
  it("reads every sentence the shop used to write back into its record and keeps the rest as legacy text", async () => {
    const { PGlite } = await import("@electric-sql/pglite");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const before = migrationsBefore(12);
    const client = new PGlite();
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: before });
      const sentences = [
        "checkout",
        "checkout fullset",
        "pre-order form",
        "free",
        "delivered",
        "expired",
        "manual refunded by ana@dorsal.test: the runner asked: twice",
        "mercadopago payment 12345 approved",
        "paid by pre-order AbC123",
        "pre-order AbC123",
        "sale Zq81",
        "provider unavailable: stripe",
        "something else",
      ];
      for (const cause of sentences) await client.query("insert into order_events (to_state, cause) values (1, $1)", [cause]);
      await migrate(db, { migrationsFolder: MIGRATIONS });
      const { rows } = await client.query<{ cause: unknown }>("select cause from order_events order by id");
      expect(rows.map((r) => r.cause)).toEqual([
        { code: "checkout" },
        { code: "checkoutFullset" },
        { code: "preorderForm" },
        { code: "free" },
        { code: "delivered" },
        { code: "expired" },
        { code: "manual", move: "refunded", by: "ana@dorsal.test", reason: "the runner asked: twice" },
        { code: "payment", provider: "mercadopago", paymentId: "12345", status: "approved" },
        { code: "paidByPreorder", preorder: "AbC123" },
        { code: "fromPreorder", preorder: "AbC123" },
        { code: "sale", order: "Zq81" },
        { code: "providerUnavailable", provider: "stripe" },
        { code: "legacy", text: "something else" },
      ]);
    } finally {
      await client.close();
      fs.rmSync(before, { recursive: true, force: true });
    }
  });
});

describe("migration 0013 (numbers read per race)", () => {
  it("counts the readings already stored, and keeps counting as photos are read again or deleted", async () => {
    const { PGlite } = await import("@electric-sql/pglite");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const before = migrationsBefore(13);
    const client = new PGlite();
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: before });
      await client.query(`insert into races (id, slug, name) values (1, 'sign-10k', '{"es": "10K"}')`);
      const line = (text: string) => ({ text, confidences: [0.9], detectionScore: 0.9, box: { cx: 0, cy: 0, width: 1, height: 1, angle: 0 } });
      const readings = [["23", "101"], ["23.", "102", "KM 5"], ["23"], []];
      for (const [i, texts] of readings.entries()) {
        await client.query("insert into photos (id, public_id, race_id, frame, original_key, sha256, width, height) values ($1, $2, 1, $2, $2, $2, 10, 10)", [
          i + 1,
          `P${i}`,
        ]);
        await client.query("insert into photo_recognitions (photo_id, race_id, status, lines) values ($1, 1, 'done', $2)", [
          i + 1,
          JSON.stringify(texts.map(line)),
        ]);
      }
      await migrate(db, { migrationsFolder: MIGRATIONS });
      const counts = async () =>
        Object.fromEntries(
          (await client.query<{ number: number; photos: number }>("select number, photos from race_numbers order by number")).rows.map((r) => [
            r.number,
            r.photos,
          ]),
        );
      // Number 0: the photos read.
      expect(await counts()).toEqual({ 0: 4, 23: 3, 101: 1, 102: 1 });
      await client.query("update photo_recognitions set lines = $1 where photo_id = 3", [JSON.stringify([line("777")])]);
      await client.query("delete from photos where id = 1");
      expect(await counts()).toEqual({ 0: 3, 23: 1, 101: 0, 102: 1, 777: 1 });
    } finally {
      await client.close();
      fs.rmSync(before, { recursive: true, force: true });
    }
  });
});

describe("migration 0016 (numbers read per moment)", () => {
  it("counts the moments of the readings already stored, and keeps counting as photos are read again or deleted", async () => {
    const { PGlite } = await import("@electric-sql/pglite");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const before = migrationsBefore(16);
    const client = new PGlite();
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: before });
      await client.query(`insert into races (id, slug, name) values (1, 'burst-10k', '{"es": "10K"}')`);
      const line = (text: string) => ({ text, confidences: [0.9], detectionScore: 0.9, box: { cx: 0, cy: 0, width: 1, height: 1, angle: 0 } });
      // A burst of two frames of runner 101 beside sign 23, the sign again ten minutes later, and a photo without a time.
      const photos: [string | null, string[]][] = [
        ["2025-08-10T12:01:00Z", ["23", "101"]],
        ["2025-08-10T12:01:02Z", ["23", "101"]],
        ["2025-08-10T12:11:00Z", ["23", "102"]],
        [null, ["23"]],
      ];
      for (const [i, [takenAt, texts]] of photos.entries()) {
        await client.query(
          "insert into photos (id, public_id, race_id, frame, original_key, sha256, width, height, taken_at) values ($1, $2, 1, $2, $2, $2, 10, 10, $3)",
          [i + 1, `P${i}`, takenAt],
        );
        await client.query("insert into photo_recognitions (photo_id, race_id, status, lines) values ($1, 1, 'done', $2)", [
          i + 1,
          JSON.stringify(texts.map(line)),
        ]);
      }
      await migrate(db, { migrationsFolder: MIGRATIONS });
      const counts = async () =>
        Object.fromEntries(
          (
            await client.query<{ number: number; photos: number; moments: number }>("select number, photos, moments from race_numbers order by number")
          ).rows.map((r) => [r.number, [r.photos, r.moments]]),
        );
      // Number 0: the photos read, and the moments they were taken in.
      expect(await counts()).toEqual({ 0: [4, 3], 23: [4, 3], 101: [2, 1], 102: [1, 1] });
      // Read again: the second frame of the burst now shows 102; the first frame's photo is deleted.
      await client.query("update photo_recognitions set lines = $1 where photo_id = 2", [JSON.stringify([line("102")])]);
      expect(await counts()).toEqual({ 0: [4, 3], 23: [3, 3], 101: [1, 1], 102: [2, 2] });
      await client.query("delete from photos where id = 1");
      expect(await counts()).toEqual({ 0: [3, 3], 23: [2, 2], 101: [0, 0], 102: [2, 2] });
    } finally {
      await client.close();
      fs.rmSync(before, { recursive: true, force: true });
    }
  });
});

describe("migration 0017 (a moment is a minute)", () => {
  it("counts the readings already stored by the minute, and keeps counting so", async () => {
    const { PGlite } = await import("@electric-sql/pglite");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const before = migrationsBefore(17);
    const client = new PGlite();
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: before });
      await client.query(`insert into races (id, slug, name) values (1, 'point-10k', '{"es": "10K"}')`);
      const line = (text: string) => ({ text, confidences: [0.9], detectionScore: 0.9, box: { cx: 0, cy: 0, width: 1, height: 1, angle: 0 } });
      const read = async (id: number, takenAt: string, texts: string[]) => {
        await client.query(
          "insert into photos (id, public_id, race_id, frame, original_key, sha256, width, height, taken_at) values ($1, $2, 1, $2, $2, $2, 10, 10, $3)",
          [id, `P${id}`, takenAt],
        );
        await client.query("insert into photo_recognitions (photo_id, race_id, status, lines) values ($1, 1, 'done', $2)", [
          id,
          JSON.stringify(texts.map(line)),
        ]);
      };
      // Sign 23 beside the photographer for four minutes, runner 101 in a burst of two frames: one five-minute moment.
      await read(1, "2025-08-10T12:01:00Z", ["23", "101"]);
      await read(2, "2025-08-10T12:01:02Z", ["23", "101"]);
      await read(3, "2025-08-10T12:03:30Z", ["23"]);
      await read(4, "2025-08-10T12:04:10Z", ["23"]);
      await migrate(db, { migrationsFolder: MIGRATIONS });
      const counts = async () =>
        Object.fromEntries(
          (
            await client.query<{ number: number; photos: number; moments: number }>("select number, photos, moments from race_numbers order by number")
          ).rows.map((r) => [r.number, [r.photos, r.moments]]),
        );
      // Now three minutes for the sign, still one for the runner's burst.
      expect(await counts()).toEqual({ 0: [4, 3], 23: [4, 3], 101: [2, 1] });
      await read(5, "2025-08-10T12:02:30Z", ["23"]);
      expect(await counts()).toEqual({ 0: [5, 4], 23: [5, 4], 101: [2, 1] });
    } finally {
      await client.close();
      fs.rmSync(before, { recursive: true, force: true });
    }
  });
});

describe("migration 0019 (moments counted per camera)", () => {
  it("counts a number's moments by the camera that saw it most, for the readings already stored and those after", async () => {
    const { PGlite } = await import("@electric-sql/pglite");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const before = migrationsBefore(19);
    const client = new PGlite();
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: before });
      await client.query(`insert into races (id, slug, name) values (1, 'three-points-10k', '{"es": "10K"}')`);
      const line = (text: string) => ({ text, confidences: [0.9], detectionScore: 0.9, box: { cx: 0, cy: 0, width: 1, height: 1, angle: 0 } });
      const read = async (id: number, camera: string | null, frame: string, takenAt: string, texts: string[]) => {
        await client.query(
          "insert into photos (id, public_id, race_id, frame, original_key, sha256, width, height, taken_at, camera) values ($1, $2, 1, $3, $2, $2, 10, 10, $4, $5)",
          [id, `P${id}`, frame, takenAt, camera],
        );
        await client.query("insert into photo_recognitions (photo_id, race_id, status, lines) values ($1, 1, 'done', $2)", [
          id,
          JSON.stringify(texts.map(line)),
        ]);
      };
      // Sign 23 beside the start's photographer for three minutes; runner 101 passes the start, km 5 and the finish.
      await read(1, "Canon EOS R6 #11", "IMG_0001", "2025-08-10T12:00:10Z", ["23", "101"]);
      await read(2, "Canon EOS R6 #11", "IMG_0002", "2025-08-10T12:01:10Z", ["23"]);
      await read(3, "Canon EOS R6 #11", "IMG_0003", "2025-08-10T12:02:10Z", ["23"]);
      await read(4, "Sony ILCE-7M3 #42", "DSC0004", "2025-08-10T12:20:00Z", ["101"]);
      await read(5, null, "NIK_0005", "2025-08-10T12:45:00Z", ["101"]);
      await migrate(db, { migrationsFolder: MIGRATIONS });
      const counts = async () =>
        Object.fromEntries(
          (
            await client.query<{ number: number; photos: number; moments: number }>("select number, photos, moments from race_numbers order by number")
          ).rows.map((r) => [r.number, [r.photos, r.moments]]),
        );
      // Race-wide the runner was in three minutes, as the sign; one camera saw them in one.
      expect(await counts()).toEqual({ 0: [5, 3], 23: [3, 3], 101: [3, 1] });
      // The finish camera (known by its file names) sees the runner again a minute later, and the sign's camera once more.
      await read(6, null, "NIK_0006", "2025-08-10T12:46:00Z", ["101"]);
      await read(7, "Canon EOS R6 #11", "IMG_0007", "2025-08-10T12:03:10Z", ["23"]);
      expect(await counts()).toEqual({ 0: [7, 4], 23: [4, 4], 101: [4, 2] });
      // A reading deleted takes its moment with it.
      await client.query("delete from photo_recognitions where photo_id in (6, 7)");
      expect(await counts()).toEqual({ 0: [5, 3], 23: [3, 3], 101: [3, 1] });
    } finally {
      await client.close();
      fs.rmSync(before, { recursive: true, force: true });
    }
  });
});
