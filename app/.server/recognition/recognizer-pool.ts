import { Worker } from "node:worker_threads";
import { DEFAULT_READ_SETTINGS, type PhotoReading } from "./read-text.ts";
import type { Recognizer, RecognizerOptions } from "./recognizer.ts";
import type { ReadAnswer } from "./recognizer-thread.ts";

export type PoolOptions = RecognizerOptions & {
  /** Reader threads: photos read at once (the job worker's lanes). */
  size?: number;
  /** A thread idle this long is stopped, and its models' memory (~0.5 GB) goes with it. */
  idleMs?: number;
};

type Slot = { worker: Worker; busy: boolean; idle?: NodeJS.Timeout };
type Waiting = { id: number; image: Buffer; resolve: (r: PhotoReading) => void; reject: (e: Error) => void };

/**
 * The recognizer the shop runs: photos are read in worker threads (started on
 * the first photo, stopped when idle), so an import's recognition neither
 * blocks the event loop that serves buyers nor keeps its models in memory
 * between imports. Same answers as createRecognizer, which reads in-process.
 */
export function createRecognizerPool({ size = 2, idleMs = 60_000, threads = 1, read = {} }: PoolOptions = {}): Recognizer & { close(): Promise<void> } {
  const settings = { ...DEFAULT_READ_SETTINGS, ...read };
  const slots: Slot[] = [];
  const queue: Waiting[] = [];
  const running = new Map<number, { slot: Slot; job: Waiting }>();
  let nextId = 1;
  let closed = false;

  const retire = (slot: Slot) => {
    clearTimeout(slot.idle);
    slots.splice(slots.indexOf(slot), 1);
  };

  const spawn = (): Slot => {
    const worker = new Worker(new URL("./recognizer-thread.ts", import.meta.url), { workerData: { threads, settings } });
    const slot: Slot = { worker, busy: false };
    worker.on("message", ({ id, reading, error }: ReadAnswer) => {
      const entry = running.get(id);
      if (!entry) return;
      running.delete(id);
      if (reading) entry.job.resolve(reading);
      else entry.job.reject(new Error(error ?? "recognition failed"));
      slot.busy = false;
      slot.idle = setTimeout(() => {
        retire(slot);
        void worker.terminate();
      }, idleMs);
      slot.idle.unref();
      dispatch();
    });
    // A thread that dies takes its photo with it: that job fails (and is retried by the job queue), the rest go on.
    const died = (error: Error) => {
      retire(slot);
      for (const [id, entry] of running) {
        if (entry.slot !== slot) continue;
        running.delete(id);
        entry.job.reject(error);
      }
      dispatch();
    };
    worker.on("error", died);
    worker.on("exit", (code) => {
      if (slots.includes(slot)) died(new Error(`recognition thread stopped (exit code ${code})`));
    });
    slots.push(slot);
    return slot;
  };

  function dispatch() {
    while (queue.length && !closed) {
      const slot = slots.find((s) => !s.busy) ?? (slots.length < size ? spawn() : undefined);
      if (!slot) return;
      const job = queue.shift()!;
      clearTimeout(slot.idle);
      slot.busy = true;
      running.set(job.id, { slot, job });
      slot.worker.postMessage({ id: job.id, image: job.image });
    }
  }

  return {
    read(image) {
      if (closed) return Promise.reject(new Error("recognizer closed"));
      return new Promise<PhotoReading>((resolve, reject) => {
        queue.push({ id: nextId++, image, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error("recognizer closed"));
      await Promise.all(slots.splice(0).map((s) => (clearTimeout(s.idle), s.worker.terminate())));
    },
  };
}
