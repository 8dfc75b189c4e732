import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../app/.server/db/client.ts";
import { claim, createWorker, enqueue, schedule } from "../../app/.server/jobs/index.ts";
import { createLogger } from "../../app/.server/logger.ts";
import { openTestDatabase } from "./helpers.ts";
import type { Database } from "../../app/.server/db/client.ts";

const logger = createLogger("silent");

describe("durable jobs", () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  const jobRow = async (type: string) =>
    rowsOf<{ status: string; attempts: number; last_error: string | null; run_at: Date }>(
      await database.db.execute(sql`select status, attempts, last_error, run_at from jobs where type = ${type}`),
    )[0];

  it("picks up a job whose worker crashed mid-way once its lease runs out", async () => {
    const { db } = database;
    await enqueue(db, "t.crash", { n: 1 });
    // A worker claims the job and dies without finishing it.
    expect(await claim(db, "dead-worker", ["t.crash"])).toBeDefined();
    expect(await claim(db, "other", ["t.crash"])).toBeUndefined(); // still leased
    await db.execute(sql`update jobs set locked_at = now() - interval '1 hour' where type = 't.crash'`);

    const seen: unknown[] = [];
    const worker = createWorker({ db, logger, handlers: { "t.crash": async (p) => void seen.push(p) } });
    await worker.drain();
    expect(seen).toEqual([{ n: 1 }]);
    expect(await jobRow("t.crash")).toMatchObject({ status: "done", attempts: 2 });
  });

  it("wakes the idle loops of the embedded database's worker when a job of their kind is queued, and stops them at once", async (ctx) => {
    if (!database.listen) ctx.skip(); // a PostgreSQL server: its workers poll
    const { db } = database;
    let ran: (payload: unknown) => void = () => {};
    const done = new Promise((resolve) => (ran = resolve));
    const hour = 3_600_000;
    const worker = createWorker({ db, logger, listen: database.listen, pollMs: hour, listeningPollMs: hour, handlers: { "t.wake": async (p) => ran(p) } });
    worker.start();
    try {
      // Both loops find nothing and go to sleep for an hour; only the notification can bring them back.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await db.transaction(async (tx) => enqueue(tx as unknown as typeof db, "t.wake", { n: 1 }));
      expect(await done).toEqual({ n: 1 });
    } finally {
      await worker.stop();
    }
  });

  it("retries a failing job later with backoff, then gives up after its attempts", async () => {
    const { db } = database;
    await enqueue(db, "t.flaky", {}, { maxAttempts: 2 });
    let calls = 0;
    const worker = createWorker({
      db,
      logger,
      handlers: {
        "t.flaky": async () => {
          calls++;
          throw new Error(`boom ${calls}`);
        },
      },
    });
    await worker.drain();
    const first = await jobRow("t.flaky");
    expect(first).toMatchObject({ status: "queued", attempts: 1, last_error: "boom 1" });
    expect(new Date(first.run_at).getTime()).toBeGreaterThan(Date.now());

    await db.execute(sql`update jobs set run_at = now() where type = 't.flaky'`);
    await worker.drain();
    expect(await jobRow("t.flaky")).toMatchObject({ status: "failed", attempts: 2, last_error: "boom 2" });
    expect(calls).toBe(2);
  });

  it("enqueues a job with a unique key once", async () => {
    const { db } = database;
    await enqueue(db, "t.once", {}, { uniqueKey: "k1" });
    await enqueue(db, "t.once", {}, { uniqueKey: "k1" });
    const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from jobs where type = 't.once'`));
    expect(Number(n)).toBe(1);
  });

  it("schedules a keyed job: joins one that waits, queues again one that finished, and once more after one that runs", async () => {
    const { db } = database;
    const key = { key: "t.sched:1" };
    const rows = async () =>
      rowsOf<{ status: string; run_at: Date }>(await db.execute(sql`select status, run_at from jobs where type = 't.sched' order by id`));
    const soon = new Date(Date.now() - 1000);
    await schedule(db, "t.sched", { n: 1 }, { ...key, runAt: soon });
    await schedule(db, "t.sched", { n: 1 }, { ...key, runAt: new Date(Date.now() + 60_000) });
    expect(await rows()).toHaveLength(1);
    // Steady calls never push it later.
    expect(new Date((await rows())[0].run_at).getTime()).toBe(soon.getTime());

    const runs: unknown[] = [];
    const worker = createWorker({ db, logger, handlers: { "t.sched": async (p) => void runs.push(p) } });
    await worker.drain();
    expect(runs).toHaveLength(1);
    await schedule(db, "t.sched", { n: 1 }, { ...key, runAt: new Date(Date.now() - 1000) });
    expect((await rows()).map((r) => r.status)).toEqual(["queued"]);

    // While it runs, a call queues a second run after it, so what changed meanwhile is seen.
    expect(await claim(db, "busy", ["t.sched"])).toBeDefined();
    await schedule(db, "t.sched", { n: 1 }, { ...key, runAt: new Date(Date.now() - 1000) });
    expect((await rows()).map((r) => r.status)).toEqual(["running", "queued"]);
    // More calls while it runs join that one follow-up run.
    await schedule(db, "t.sched", { n: 1 }, { ...key, runAt: new Date(Date.now() - 1000) });
    expect((await rows()).map((r) => r.status)).toEqual(["running", "queued"]);
  });
});
