import { settlePastSales } from "../partners/index.ts";
import { and, isNull, lt, or, sql, inArray } from "drizzle-orm";
import type { Logger } from "pino";
import { type Db, adminSessions, analyzeChanged, jobs, loginAttempts, pageViews, rateHits } from "../db/index.ts";
import { enqueue, type JobHandlers } from "../jobs/index.ts";

/**
 * Tables that grow with traffic are pruned once an hour, so a busy year does
 * not leave millions of rows behind: finished jobs, rate-limit hits, login
 * attempts, expired sessions, page views past the dashboard's reach, zips
 * nobody was handed for a month, and photo uploads past their two days. Each
 * instance asks for a run every hour; the run's key (the hour) lets only one
 * of them through. Nothing waits in the
 * queue between runs, so "no job queued" still means the shop is idle.
 * On the embedded database, which has no autovacuum, the serving process also
 * analyses every minute the tables autovacuum would (db/statistics.ts).
 */
export const HOUSEKEEPING_JOB = "housekeeping";
const EVERY_MS = 3600_000;
const STATISTICS_EVERY_MS = 60_000;
const DAY = 24 * 3600_000;

export const KEEP = {
  /** Done jobs without a key; keyed ones (their key makes them run once) are kept far longer. */
  doneJobs: 7 * DAY,
  keyedJobs: 180 * DAY,
  rateHits: DAY,
  /** The login limits look back 15 minutes, known addresses 90 days. */
  loginAttempts: 90 * DAY,
  pageViews: 400 * DAY,
};

export type Pruned = Record<"jobs" | "rateHits" | "loginAttempts" | "sessions" | "pageViews" | "zips" | "uploads", number>;

/** What other modules expire on their own terms (files to delete beside the rows); each says how many went. */
export type Expirers = { zips: () => Promise<number>; uploads: () => Promise<number> };

export async function pruneTables(db: Db, expire: Expirers, now = Date.now()): Promise<Pruned> {
  const before = (ms: number) => new Date(now - ms);
  const count = async (q: Promise<unknown[]>) => (await q).length;
  return {
    jobs: await count(
      db
        .delete(jobs)
        .where(
          and(
            inArray(jobs.status, ["done", "failed"]),
            or(and(isNull(jobs.uniqueKey), lt(jobs.finishedAt, before(KEEP.doneJobs))), lt(jobs.finishedAt, before(KEEP.keyedJobs))),
          ),
        )
        .returning({ id: jobs.id }),
    ),
    rateHits: await count(
      db
        .delete(rateHits)
        .where(lt(rateHits.at, before(KEEP.rateHits)))
        .returning({ id: rateHits.id }),
    ),
    loginAttempts: await count(
      db
        .delete(loginAttempts)
        .where(lt(loginAttempts.at, before(KEEP.loginAttempts)))
        .returning({ id: loginAttempts.id }),
    ),
    sessions: await count(db.delete(adminSessions).where(lt(adminSessions.expiresAt, sql`now()`)).returning({ id: adminSessions.id })),
    pageViews: await count(
      db
        .delete(pageViews)
        .where(lt(pageViews.at, before(KEEP.pageViews)))
        .returning({ id: pageViews.id }),
    ),
    zips: await expire.zips(),
    uploads: await expire.uploads(),
  };
}

/** `embedded`: the database is PGlite, whose statistics nobody else keeps. */
export function createHousekeeping({ db, logger, expire, embedded }: { db: Db; logger: Logger; expire: Expirers; embedded: boolean }) {
  const handlers: JobHandlers = {
    [HOUSEKEEPING_JOB]: async () => {
      const pruned = await pruneTables(db, expire);
      // Sales paid before partners' shares existed, or whose split failed when paid.
      const { written: settled, failed } = await settlePastSales(db);
      if (failed.length) logger.error({ failed }, "sales that could not be split between partners");
      logger.info({ pruned, settled }, "housekeeping");
    },
  };
  const ask = () =>
    enqueue(db, HOUSEKEEPING_JOB, {}, { uniqueKey: `${HOUSEKEEPING_JOB}:${Math.floor(Date.now() / EVERY_MS)}` }).catch((error: unknown) =>
      logger.warn({ err: error }, "could not queue housekeeping"),
    );
  const analyze = () =>
    analyzeChanged(db).then(
      (tables) => {
        if (tables.length) logger.debug({ tables }, "statistics gathered");
      },
      (error: unknown) => logger.warn({ err: error }, "could not gather statistics"),
    );
  let timers: NodeJS.Timeout[] = [];
  return {
    handlers,
    /** In the serving process: a run a minute after start, then one an hour; on PGlite, statistics every minute. */
    start() {
      timers = [setTimeout(ask, 60_000), setInterval(ask, EVERY_MS), ...(embedded ? [setInterval(analyze, STATISTICS_EVERY_MS)] : [])];
      for (const timer of timers) timer.unref();
    },
    stop() {
      for (const timer of timers) clearTimeout(timer);
    },
    prune: () => pruneTables(db, expire),
  };
}
