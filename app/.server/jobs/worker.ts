import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import type { Db } from "../db/index.ts";
import { claim, complete, counts, fail } from "./queue.ts";

export type JobHandler = (payload: unknown) => Promise<void>;
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
  pollMs?: number;
};

export function createWorker({ db, handlers, logger, concurrency = 2, pollMs = 500 }: WorkerOptions): Worker {
  const workerId = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const types = Object.keys(handlers);
  let running = false;
  let loops: Promise<void>[] = [];
  let wake: (() => void) | undefined;

  async function runOne(): Promise<boolean> {
    const job = await claim(db, workerId, types);
    if (!job) return false;
    const started = Date.now();
    try {
      await handlers[job.type](job.payload);
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
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      loops = Array.from({ length: concurrency }, () => loop());
    },
    async stop() {
      running = false;
      wake?.();
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
