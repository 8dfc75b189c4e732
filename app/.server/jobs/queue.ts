import { sql } from "drizzle-orm";
import { rowsOf, type Db, jobs } from "../db/index.ts";

export type EnqueueOptions = {
  /** At most one job with this key exists; enqueuing it again is a no-op. */
  uniqueKey?: string;
  runAt?: Date;
  maxAttempts?: number;
};

export type ClaimedJob = {
  id: number;
  type: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
};

/** A job still "running" after this long is taken to belong to a dead process. */
export const LEASE_SECONDS = 300;

/**
 * Told the job's type when a job is queued, once its transaction commits: the
 * embedded database's idle workers wake on it instead of asking the table
 * twice a second each (worker.ts).
 */
export const JOBS_CHANNEL = "jobs_queued";

const announce = (db: Db, type: string) => db.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${type})`);

export async function enqueue(db: Db, type: string, payload: unknown, options: EnqueueOptions = {}): Promise<void> {
  await db
    .insert(jobs)
    .values({
      type,
      payload: payload ?? {},
      uniqueKey: options.uniqueKey,
      runAt: options.runAt ?? new Date(),
      maxAttempts: options.maxAttempts ?? 5,
    })
    .onConflictDoNothing();
  await announce(db, type);
}

/**
 * Asks for a job to run once more, at `runAt` or earlier: while one with this
 * key waits its turn the call joins it (its time is kept, so steady calls never
 * postpone it forever); a finished or failed one is queued again; and while one
 * runs, a second run is queued after it (one, however many calls come), so a
 * change made meanwhile is not missed.
 */
export async function schedule(db: Db, type: string, payload: unknown, options: { key: string; runAt: Date; maxAttempts?: number }): Promise<void> {
  const values = { type, payload: payload ?? {}, runAt: options.runAt, maxAttempts: options.maxAttempts ?? 5 };
  const [row] = await db
    .insert(jobs)
    .values({ ...values, uniqueKey: options.key })
    .onConflictDoUpdate({
      target: jobs.uniqueKey,
      set: {
        status: "queued",
        payload: values.payload,
        runAt: sql`case when ${jobs.status} = 'queued' then least(${jobs.runAt}, excluded.run_at) else excluded.run_at end`,
        attempts: sql`case when ${jobs.status} = 'queued' then ${jobs.attempts} else 0 end`,
        lastError: null,
        finishedAt: null,
      },
      setWhere: sql`${jobs.status} <> 'running'`,
    })
    .returning({ id: jobs.id });
  // Running: the follow-up run has its own key, so a burst of calls still adds one run, not one each.
  if (!row) await schedule(db, type, payload, { ...options, key: `${options.key}:then` });
  else await announce(db, type);
}

/** Claims the next due job, or one whose lease ran out; SKIP LOCKED lets several instances share the table. */
export async function claim(db: Db, workerId: string, types: string[]): Promise<ClaimedJob | undefined> {
  if (types.length === 0) return undefined;
  const typeList = sql.join(
    types.map((t) => sql`${t}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    update jobs set status = 'running', attempts = attempts + 1, locked_at = now(), locked_by = ${workerId}
    where id = (
      select id from jobs
      where type in (${typeList})
        and ((status = 'queued' and run_at <= now())
          or (status = 'running' and locked_at < now() - make_interval(secs => ${LEASE_SECONDS})))
      order by run_at, id
      for update skip locked
      limit 1
    )
    returning id, type, payload, attempts, max_attempts`);
  const [row] = rowsOf<{ id: number | string; type: string; payload: unknown; attempts: number; max_attempts: number }>(result);
  if (!row) return undefined;
  return { id: Number(row.id), type: row.type, payload: row.payload, attempts: row.attempts, maxAttempts: row.max_attempts };
}

export async function complete(db: Db, id: number): Promise<void> {
  await db.execute(sql`update jobs set status = 'done', finished_at = now(), locked_at = null, last_error = null where id = ${id}`);
}

/** Exponential backoff: 2 s, 4 s, 8 s … capped at one hour. */
export function backoffSeconds(attempts: number): number {
  return Math.min(3600, 2 ** Math.max(1, attempts));
}

export async function fail(db: Db, job: ClaimedJob, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  if (job.attempts >= job.maxAttempts) {
    await db.execute(sql`update jobs set status = 'failed', finished_at = now(), locked_at = null, last_error = ${message} where id = ${job.id}`);
    return;
  }
  await db.execute(sql`
    update jobs set status = 'queued', locked_at = null, last_error = ${message},
      run_at = now() + make_interval(secs => ${backoffSeconds(job.attempts)})
    where id = ${job.id}`);
}

/** With one embedded database there is one process: whatever it left running died with it. */
export async function releaseAll(db: Db): Promise<void> {
  await db.execute(sql`update jobs set status = 'queued', locked_at = null, run_at = now() where status = 'running'`);
}

/** `queued` includes jobs set for later (the hourly housekeeping, an order's expiry); `due` only those whose time has come. */
export type QueueCounts = { queued: number; due: number; running: number; failed: number };

export async function counts(db: Db, types?: string[]): Promise<QueueCounts> {
  const filter = types?.length
    ? sql`and type in (${sql.join(
        types.map((t) => sql`${t}`),
        sql`, `,
      )})`
    : sql``;
  const result = await db.execute(sql`
    select
      count(*) filter (where status = 'queued')::int as queued,
      count(*) filter (where status = 'queued' and run_at <= now())::int as due,
      count(*) filter (where status = 'running')::int as running,
      count(*) filter (where status = 'failed')::int as failed
    from jobs where status <> 'done' ${filter}`);
  const [row] = rowsOf<QueueCounts>(result);
  return { queued: Number(row.queued), due: Number(row.due), running: Number(row.running), failed: Number(row.failed) };
}
