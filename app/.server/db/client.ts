import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTable } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

/** The one database type the services see, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * The embedded database's notifications (LISTEN), delivered before the
   * writing statement's promise resolves: in-process caches can trust them.
   * Absent on a PostgreSQL server, where another instance may be the writer.
   */
  listen?(channel: string, onNotify: (payload: string) => void): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../db/migrations");

// Any constant works; it only has to be the same for every instance of the shop.
const MIGRATION_LOCK = 4_242_001;

export type OpenOptions = {
  /** PostgreSQL connection string; without it, an embedded PGlite database. */
  url?: string;
  /** PGlite data folder; omitted means in memory (tests). */
  dataDir?: string;
  /** Told when the server drops an idle pooled connection (restart, failover); the pool opens a new one. */
  onConnectionLost?: (error: Error) => void;
};

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // Without a listener a dropped idle connection would crash the process.
    pool.on("error", options.onConnectionLost ?? (() => {}));
    await migratePostgres(pool);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: "postgres", close: () => pool.end() };
  }
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  // 32 MB of shared buffers instead of 128: the catalog of a 50,000-photo race fits, the rest is the OS's file
  // cache a system call away, and the serving process is 100 MB smaller (bench -- http, memory per phase).
  const settings = { startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"] };
  const client = options.dataDir ? new PGlite(options.dataDir, settings) : new PGlite(settings);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: "pglite",
    listen: async (channel, onNotify) => {
      await client.listen(channel, onNotify);
    },
    close: () => client.close(),
  };
}

/** Two instances starting together must not both migrate: hold an advisory lock on one connection. */
async function migratePostgres(pool: pg.Pool): Promise<void> {
  const conn = await pool.connect();
  try {
    await conn.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(conn, { schema }), { migrationsFolder });
    } finally {
      await conn.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    conn.release();
  }
}

/**
 * Runs `work` in one transaction, handing it the transaction as the same `Db`
 * every service takes (each driver types its transactions its own way).
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db));
}

/**
 * Locks a table until the transaction ends, against other writers only
 * (EXCLUSIVE mode: plain reads never wait): for a list replaced whole, or a
 * row added unless it repeats the last, that nothing else owns. Two such
 * saves at once take turns instead of both writing.
 */
export async function lockTable(tx: Db, table: PgTable): Promise<void> {
  await tx.execute(sql`lock table ${table} in exclusive mode`);
}

/**
 * Whether a write failed on a unique index (PostgreSQL's 23505, under the
 * driver's wrapping): a check made before it was overtaken by a twin request
 * (a double-clicked form), to be answered as the check would have.
 */
export function isUniqueViolation(error: unknown, index?: string): boolean {
  for (let e = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === "23505") return index === undefined || constraint === index;
  }
  return false;
}

/**
 * A write's `.catch`: a failure on the unique index `index` is answered with
 * `refusal()`, the error the check before the write gives (a twin request
 * overtook that check); any other failure passes through.
 */
export function refuseUnique(index: string, refusal: () => Error): (error: unknown) => never {
  return (error) => {
    throw isUniqueViolation(error, index) ? refusal() : error;
  };
}

/** The rows of a raw `db.execute` result, whichever driver produced it. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
