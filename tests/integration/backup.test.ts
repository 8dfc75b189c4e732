/**
 * A whole shop in one archive and back: every table row for row and every
 * stored file byte for byte, into an empty database of the same kind, and
 * from the embedded database onto a PostgreSQL server (when one is given).
 * A target that already holds a shop, or a damaged archive, changes nothing.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tablesInOrder } from "../../app/.server/backup/tables.ts";
import { openDatabase, type Db } from "../../app/.server/db/client.ts";
import { photoRecognitions, photos } from "../../app/.server/db/schema.ts";
import type { Storage } from "../../app/.server/storage/index.ts";
import { localStorage } from "../../app/.server/storage/index.ts";
import { action as purchase } from "../../app/routes/api.purchase.ts";
import { action as payDemo } from "../../app/routes/pay-demo.tsx";
import { createTestShop, type TestShop } from "./helpers.ts";
import { buyer, call, cartItem, seedOrdersRace, type OrdersRace } from "./orders-fixture.ts";

/**
 * Every table's rows in a stable order, as PostgreSQL writes them; but the
 * catalog's version, which the restore's own writes move on (so no cached
 * page outlives it).
 */
async function snapshot(db: Db): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const { name } of tablesInOrder().filter((t) => t.name !== "catalog_version")) {
    const result = (await db.execute(sql`select coalesce(json_agg(t order by t::text), '[]'::json) as rows from ${sql.identifier(name)} t`)) as unknown as {
      rows: { rows: unknown }[];
    };
    out[name] = result.rows[0].rows;
  }
  return out;
}

async function filesOf(storage: Storage): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for await (const key of storage.list()) out[key] = (await storage.get(key)).toString("base64");
  return out;
}

describe("backup and restore", () => {
  let source: TestShop;
  let race: OrdersRace;
  let saleId: string;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "dorsal-backup-"));
  const file = path.join(work, "shop.tar.gz");

  beforeAll(async () => {
    source = await createTestShop();
    race = await seedOrdersRace(source);
    await source.services.storage.put("originals/1/abc.jpg", randomBytes(40_000), "image/jpeg");
    await source.services.storage.put("public/p/xyz-480.webp", randomBytes(3_000), "image/webp");
    const { body } = await call(source, purchase, "/api/purchase?lang=en", {
      method: "POST",
      body: {
        data: {
          ...buyer({ country: "4", email: "kept@example.com", confirmEmail: "kept@example.com" }),
          images: [cartItem(race.ids.P01), cartItem(race.ids.P02)],
        },
      },
    });
    saleId = body.data.id;
    const token = body.data.link.split("/").pop()!;
    await call(source, payDemo, `/pay/demo/${token}`, {
      method: "POST",
      body: "outcome=approved",
      params: { token },
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    await source.services.worker.drain();
    // A photo read by recognition: its numbers and print are counted by triggers (race_numbers, race_prints).
    const text = (t: string, cy: number) => ({
      text: t,
      confidences: [...t].map(() => 0.99),
      detectionScore: 0.99,
      box: { cx: 600, cy, width: 300, height: 60, angle: 0 },
    });
    const [photo] = await source.database.db.select({ id: photos.id }).from(photos).where(eq(photos.publicId, race.ids.P01));
    await source.database.db.insert(photoRecognitions).values({
      photoId: photo.id,
      raceId: race.raceId,
      status: "done",
      lines: [text("123", 500), text("MARATON DE ROSARIO", 400)],
      frameWidth: 1200,
      frameHeight: 800,
    });
  });
  afterAll(async () => {
    await source.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it("writes every table and file, and brings them back into an empty shop unchanged", async () => {
    const manifest = await source.services.backup.write(file);
    expect(manifest.tables.orders).toBeGreaterThan(0);
    expect(manifest.files).toBe(Object.keys(await filesOf(source.services.storage)).length);

    const target = await createTestShop();
    try {
      await target.services.backup.restore(file);
      expect(await snapshot(target.database.db)).toEqual(await snapshot(source.database.db));
      expect(await filesOf(target.services.storage)).toEqual(await filesOf(source.services.storage));
      // The restored shop goes on: its sale is paid and its next ids follow the restored ones.
      expect((await target.services.purchases.view(saleId, "en")).venta.id_estado).toBe(3);
      const { status, body } = await call(target, purchase, "/api/purchase?lang=es", {
        method: "POST",
        body: { data: { ...buyer({ email: "after@example.com", confirmEmail: "after@example.com" }), images: [cartItem(race.ids.P03)] } },
      });
      expect(status, JSON.stringify(body)).toBe(200);
    } finally {
      await target.close();
    }
  });

  it("refuses a target that already holds a shop, and an archive that is not a backup, changing nothing", async () => {
    await expect(source.services.backup.restore(file)).rejects.toThrow(/already holds a shop/);
    const target = await createTestShop();
    try {
      const broken = path.join(work, "broken.tar.gz");
      fs.writeFileSync(broken, fs.readFileSync(file).subarray(0, 2_000));
      await expect(target.services.backup.restore(broken)).rejects.toThrow(/cannot be read|incomplete|not a Dorsal backup/i);
      await expect(target.services.backup.restore(path.join(work, "missing.tar.gz"))).rejects.toThrow(/No backup/);
      const rows = (await target.database.db.execute(sql`select count(*)::int as n from orders`)) as unknown as { rows: { n: number }[] };
      expect(rows.rows[0].n).toBe(0);
    } finally {
      await target.close();
    }
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))("moves an embedded shop onto a PostgreSQL server without losing a row", async () => {
    // The source is embedded whatever this run's database is.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dorsal-move-"));
    const embedded = await openDatabase({ dataDir: path.join(dataDir, "db") });
    const base = process.env.TEST_DATABASE_URL!;
    const name = `dorsal_move_${process.pid}_${randomBytes(3).toString("hex")}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const server = await openDatabase({ url: url.toString() });
    try {
      const { writeBackup, restoreBackup } = await import("../../app/.server/backup/archive.ts");
      const files = localStorage(path.join(dataDir, "files"));
      // The embedded copy of the source shop: restored from its backup, then moved up.
      await restoreBackup(embedded.db, files, file);
      const moved = path.join(work, "moved.tar.gz");
      await writeBackup(embedded.db, files, moved);
      await restoreBackup(server.db, files, moved, { files: false });
      expect(await snapshot(server.db)).toEqual(await snapshot(embedded.db));
    } finally {
      await server.close();
      await embedded.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
