import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeChanged, inTransaction, type Database } from "../../app/.server/db/index.ts";
import { openTestDatabase, plannerRows } from "./helpers.ts";

// The embedded database has no autovacuum: the serving process applies its
// analyze rule itself every minute (housekeeping), through analyzeChanged.

describe("the planner's statistics, kept as autovacuum would", () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    // On a PostgreSQL server its own autovacuum must not step in between.
    await database.db.execute(sql`alter table rate_hits set (autovacuum_enabled = false)`);
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  /** Rate-limit hits written in one transaction, its change counters flushed when it ends. */
  const addHits = (n: number, from: number) =>
    inTransaction(database.db, async (tx) => {
      await tx.execute(
        sql`insert into rate_hits (bucket, key, at) select 'contact', g::text, now() from generate_series(${from}::int, ${from + n - 1}::int) g`,
      );
      await tx.execute(sql`select pg_stat_force_next_flush()`);
    });

  it("analyses a table never analysed that holds rows, then again only once autovacuum's share of it changed", async () => {
    const { db } = database;
    await addHits(40, 0);
    expect(await plannerRows(db, "rate_hits")).toBe(-1);
    expect(await analyzeChanged(db)).toContain("public.rate_hits");
    expect(await plannerRows(db, "rate_hits")).toBe(40);
    // 10 rows more: under 50 plus a tenth of 40, nothing to do.
    await addHits(10, 40);
    expect(await analyzeChanged(db)).not.toContain("public.rate_hits");
    expect(await plannerRows(db, "rate_hits")).toBe(40);
    // 100 more: past it, and the 10 before count too.
    await addHits(100, 50);
    expect(await analyzeChanged(db)).toEqual(["public.rate_hits"]);
    expect(await plannerRows(db, "rate_hits")).toBe(150);
    // Empty tables never analysed (most of a new shop's) are left alone.
    expect(await plannerRows(db, "orders")).toBe(-1);
  });
});
