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
