import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { type Db, rowsOf } from "./client.ts";

// PostgreSQL's autovacuum gathers a table's planner statistics once a tenth of
// it has changed. PGlite runs no background workers, so on the embedded
// database nothing ever did: every table was planned from its size on disk and
// default guesses, and a 50,000-photo race's first page took 61 ms instead of
// 13 (`bench -- catalog`). The serving process applies autovacuum's rule itself
// (housekeeping, every minute); a table loaded for a decision that follows at
// once is analysed on the spot.

/** autovacuum's defaults: a table is analysed again once this many rows plus this share of it changed. */
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE = 0.1;

/** Gathers the planner's statistics of `table` at once (a start list or timing file just loaded). */
export async function refreshStatistics(db: Db, table: PgTable): Promise<void> {
  await db.execute(sql`analyze ${table}`);
}

/**
 * Analyses the tables autovacuum would: those changed past its threshold since
 * they were last analysed, and those never analysed that hold rows (a shop
 * from before this existed; the change counters start again at zero after a
 * crash). Returns their names. The counters reach the view within a second
 * or so of a change.
 */
export async function analyzeChanged(db: Db): Promise<string[]> {
  const due = rowsOf<{ name: string }>(
    await db.execute(sql`
      select format('%I.%I', s.schemaname, s.relname) as name
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.n_mod_since_analyze > ${ANALYZE_THRESHOLD} + ${ANALYZE_SCALE} * greatest(c.reltuples, 0)
        or (c.reltuples < 0 and pg_relation_size(c.oid) > 0)
      order by 1`),
  );
  // Names quoted by format('%I') above, from the catalog: safe to splice.
  for (const { name } of due) await db.execute(sql.raw(`analyze ${name}`));
  return due.map((t) => t.name);
}
