import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createHash, randomBytes } from "node:crypto";
import pg from "pg";
import { sql } from "drizzle-orm";
import { openDatabase, rowsOf, type Database, type Db } from "../../app/.server/db/client.ts";
import { parseEnv, type Env } from "../../app/.server/env.ts";
import { createLogger } from "../../app/.server/logger.ts";
import { createServices, type Services } from "../../app/.server/services.ts";
import { localStorage } from "../../app/.server/storage/index.ts";
import { watermarkedSizes } from "../../app/.server/images/index.ts";
import type { PhotoReading, ReadOptions, ReadOutcome, Recognizer } from "../../app/.server/recognition/index.ts";

/**
 * Integration tests run on a fresh embedded PGlite per test file, or, when
 * TEST_DB=postgres and TEST_DATABASE_URL are set, on a fresh database created
 * for the file on that PostgreSQL server.
 */
export const onPostgres = process.env.TEST_DB === "postgres";

export type TestShop = {
  services: Services;
  database: Database;
  env: Env;
  dataDir: string;
  /** The file's own PostgreSQL database, when on PostgreSQL (a second "instance" can open it). */
  databaseUrl?: string;
  close(): Promise<void>;
};

async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const name = `dorsal_t_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function openTestDatabase(): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  if (!onPostgres) {
    const database = await openDatabase({});
    return { database, drop: async () => {} };
  }
  const pgdb = await freshPostgres();
  const database = await openDatabase({ url: pgdb.url });
  return { database, url: pgdb.url, drop: pgdb.drop };
}

/** How many rows the planner believes a table holds: -1 until its statistics are first gathered. */
export async function plannerRows(db: Db, table: string): Promise<number> {
  const [row] = rowsOf<{ rows: number }>(await db.execute(sql`select reltuples::int as rows from pg_class where oid = ${table}::regclass`));
  return row.rows;
}

/** A whole shop's services on a fresh database and a temporary DATA_DIR. */
export async function createTestShop(overrides: Record<string, string> = {}, { recognizer }: { recognizer?: Recognizer } = {}): Promise<TestShop> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dorsal-test-"));
  const env = parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: "silent", PUBLIC_URL: "http://shop.test", NODE_ENV: "test", ...overrides });
  const { database, url, drop } = await openTestDatabase();
  const services = createServices({ env, database, storage: localStorage(path.join(dataDir, "files")), logger: createLogger("silent"), recognizer });
  return {
    services,
    database,
    env,
    dataDir,
    databaseUrl: url,
    async close() {
      await services.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const FIXTURES = path.resolve(import.meta.dirname, "../fixtures");

/** A fake recognizer's answer with the photo's images when asked for them, as the shop's readers make them beside the reading. */
export async function withImages(reading: PhotoReading, image: Buffer | string, options?: ReadOptions): Promise<ReadOutcome> {
  return options?.derive ? { ...reading, derived: await watermarkedSizes(image, options.derive) } : reading;
}

/**
 * An OCR that answers what the real one read in these fixture folders' photos
 * (tests/fixtures/<folder>.readings.json, written by
 * scripts/bench/bib-set/record-fixture-readings.ts), so tests of what the shop
 * does with readings do not hang on the OCR's exact output.
 */
export function recordedRecognizer(...folders: string[]): Recognizer {
  const readings = new Map<string, PhotoReading>();
  for (const folder of folders) {
    const recorded: Record<string, PhotoReading & { file: string }> = JSON.parse(fs.readFileSync(path.join(FIXTURES, `${folder}.readings.json`), "utf8"));
    for (const [hash, { file: _file, ...reading }] of Object.entries(recorded)) readings.set(hash, reading);
  }
  return {
    async read(image, options) {
      const bytes = typeof image === "string" ? fs.readFileSync(image) : image;
      const reading = readings.get(createHash("sha256").update(bytes).digest("hex"));
      if (!reading) throw new Error("no recorded reading for this photo: run scripts/bench/bib-set/record-fixture-readings.ts");
      return withImages(reading, bytes, options);
    },
  };
}
