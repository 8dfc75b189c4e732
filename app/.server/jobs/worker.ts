import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import type { Db } from "../db/index.ts";
import { claim, complete, counts, fail, JOBS_CHANNEL } from "./queue.ts";

/** `attempt`: 1 the first time the job runs, then one more at each retry (after a failure or a crash). */
export type JobRun = { attempt: number };
export type JobHandler = (payload: unknown, run: JobRun) => Promise<void>;
export type JobHandlers = Record<string, JobHandler>;

export type Worker = {
  start(): void;
  stop(): Promise<void>;
  /** Runs jobs until none is due (for the seed, the CLI and tests). */
  drain(): Promise<void>;
  /** Resolves once no job of the given types (default: every type this worker runs) is queued or running. */
  idle(types?: string[]): Promise<void>;
};

export type WorkerOptions = {
  db: Db;
  handlers: JobHandlers;
  logger: Logger;
  concurrency?: number;
  /** How long an idle loop waits before asking for a job again. */
  pollMs?: number;
  /**
   * The embedded database's notifications: an idle loop is woken by the queueing
   * of a job of its types (queue.ts JOBS_CHANNEL) and otherwise asks only every
   * `listeningPollMs` (for retries and jobs set to run later). Idle, six loops
   * asking twice a second kept 4 % of a core busy, on the one thread that
   * serves pages.
   */
  listen?: (channel: string, onNotify: (payload: string) => void) => Promise<void>;
  listeningPollMs?: number;
};

export function createWorker({ db, handlers, logger, concurrency = 2, pollMs = 500, listen, listeningPollMs = 5000 }: WorkerOptions): Worker {
  const workerId = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const types = Object.keys(handlers);
  let running = false;
  let loops: Promise<void>[] = [];
  // Every sleeping loop, so that a notification or stop() wakes them all; `signalled` keeps a
  // notification that came while a loop was still asking (its answer may predate the job) for its next turn.
  const sleepers = new Set<() => void>();
  let signalled = false;
  const wakeAll = () => {
    signalled = true;
    for (const wake of [...sleepers]) wake();
  };
  let idleMs = pollMs;
  let listening: Promise<void> | undefined;

  async function runOne(): Promise<boolean> {
    const job = await claim(db, workerId, types);
    if (!job) return false;
    const started = Date.now();
    try {
      await handlers[job.type](job.payload, { attempt: job.attempts });
      await complete(db, job.id);
      logger.debug({ job: job.id, type: job.type, ms: Date.now() - started }, "job done");
    } catch (error) {
      logger.warn({ job: job.id, type: job.type, attempt: job.attempts, err: error }, "job failed");
      await fail(db, job, error);
    }
    return true;
  }

  async function loop(): Promise<void> {
    while (running) {
      let worked = false;
      try {
        worked = await runOne();
      } catch (error) {
        logger.error({ err: error }, "job queue unavailable");
      }
      if (!worked && running) {
        if (signalled) {
          signalled = false;
          continue;
        }
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            sleepers.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, idleMs);
          sleepers.add(wake);
        });
      }
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      listening ??= listen?.(JOBS_CHANNEL, (type) => {
        if (types.includes(type)) wakeAll();
      }).then(
        () => {
          idleMs = listeningPollMs;
        },
        (error: unknown) => logger.warn({ err: error }, "job notifications unavailable: polling"),
      );
      loops = Array.from({ length: concurrency }, () => loop());
    },
    async stop() {
      running = false;
      wakeAll();
      await Promise.all(loops);
    },
    async drain() {
      const lanes = Array.from({ length: concurrency }, async () => {
        while (await runOne()) {}
      });
      await Promise.all(lanes);
    },
    async idle(only = types) {
      for (;;) {
        const c = await counts(db, only);
        if (c.queued + c.running === 0) return;
        await new Promise((r) => setTimeout(r, 200));
      }
    },
  };
}
