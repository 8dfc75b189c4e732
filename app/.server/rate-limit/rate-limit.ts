import { and, count, eq, gt, min, sql } from "drizzle-orm";
import { inTransaction, type Db, rateHits } from "../db/index.ts";

/**
 * A sliding-window limit per key (a client's address), counted in the database:
 * it holds across restarts and across every instance on one PostgreSQL, and
 * parallel hits are counted one after another (an advisory lock per key), so a
 * burst cannot slip through between a count and an insert. Old hits are pruned
 * by the housekeeping job.
 */
export type RateLimiter = {
  /** Counts one attempt; `ok: false` with the seconds until the next one is allowed. */
  hit(key: string): Promise<{ ok: true } | { ok: false; retryAfter: number }>;
};

export function createRateLimiter({ db, bucket, limit, windowMs }: { db: Db; bucket: string; limit: number; windowMs: number }): RateLimiter {
  return {
    async hit(rawKey) {
      const key = (rawKey || "unknown").slice(0, 200);
      return inTransaction(db, async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rate:${bucket}:${key}`}))`);
        const since = new Date(Date.now() - windowMs);
        const [row] = await tx
          .select({ n: count(), first: min(rateHits.at) })
          .from(rateHits)
          .where(and(eq(rateHits.bucket, bucket), eq(rateHits.key, key), gt(rateHits.at, since)));
        if (Number(row.n) >= limit) {
          const first = row.first ? new Date(row.first).getTime() : Date.now();
          return { ok: false as const, retryAfter: Math.max(1, Math.ceil((first + windowMs - Date.now()) / 1000)) };
        }
        await tx.insert(rateHits).values({ bucket, key });
        return { ok: true as const };
      });
    },
  };
}
