import { fork, type ChildProcess } from "node:child_process";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { DEFAULT_READ_SETTINGS } from "./read-text.ts";
import type { ReadOptions, ReadOutcome, Recognizer, RecognizerOptions } from "./recognizer.ts";
import type { ReadAnswer, ReaderSetup, ReadRequest } from "./recognizer-process.ts";

export type PoolOptions = RecognizerOptions & {
  /** Reader processes: photos read at once (the job worker's lanes). */
  size?: number;
  /** A reader idle this long is stopped, and its models' memory (~0.5 GB) goes with it. */
  idleMs?: number;
};

/**
 * Readers run at this niceness: on a shop's few cores, an import's recognition
 * takes what buyers' requests leave (bench -- http, storefront during an import).
 */
const READER_NICENESS = 10;
const READER = fileURLToPath(new URL("./recognizer-process.ts", import.meta.url));

type Slot = { reader: ChildProcess; busy: boolean; idle?: NodeJS.Timeout };
type Waiting = { id: number; image: Buffer | string; options?: ReadOptions; resolve: (r: ReadOutcome) => void; reject: (e: Error) => void };

/** Buffers again: structured clone hands a child's Buffers over as plain Uint8Arrays. */
const withBuffers = (reading: ReadOutcome): ReadOutcome =>
  reading.derived
    ? {
        ...reading,
        derived: reading.derived.map((image) => ({ ...image, data: Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength) })),
      }
    : reading;

/**
 * The recognizer the shop runs: photos are read in child processes at low
 * priority (started on the first photo, stopped when idle), so an import's
 * recognition neither blocks nor slows the server that serves buyers, nor keeps
 * its models in the server's memory. Same answers as createRecognizer, which
 * reads in-process.
 */
export function createRecognizerPool({ size = 2, idleMs = 60_000, threads = 1, read = {} }: PoolOptions = {}): Recognizer & {
  close(): Promise<void>;
  /** The process ids of the readers running now (none once idle). */
  readers(): number[];
} {
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
    const setup: ReaderSetup = { threads, settings };
    const reader = fork(READER, [], {
      serialization: "advanced",
      env: { ...process.env, DORSAL_READER: JSON.stringify(setup) },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    try {
      if (reader.pid) os.setPriority(reader.pid, READER_NICENESS);
    } catch {
      // A platform or container that refuses: the reader runs at the server's priority.
    }
    const slot: Slot = { reader, busy: false };
    reader.on("message", ({ id, reading, error }: ReadAnswer) => {
      const entry = running.get(id);
      if (!entry) return;
      running.delete(id);
      if (reading) entry.job.resolve(withBuffers(reading));
      else entry.job.reject(new Error(error ?? "recognition failed"));
      slot.busy = false;
      slot.idle = setTimeout(() => {
        retire(slot);
        reader.kill();
      }, idleMs);
      slot.idle.unref();
      dispatch();
    });
    // A reader that dies takes its photo with it: that job fails (and is retried by the job queue), the rest go on.
    const died = (error: Error) => {
      retire(slot);
      for (const [id, entry] of running) {
        if (entry.slot !== slot) continue;
        running.delete(id);
        entry.job.reject(error);
      }
      dispatch();
    };
    reader.on("error", died);
    reader.on("exit", (code, signal) => {
      if (slots.includes(slot)) died(new Error(`recognition reader stopped (${signal ?? `exit code ${code}`})`));
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
      slot.reader.send({ id: job.id, image: job.image, options: job.options } satisfies ReadRequest);
    }
  }

  /** Stops a reader and waits until it is gone. */
  const stop = (slot: Slot) =>
    new Promise<void>((resolve) => {
      clearTimeout(slot.idle);
      if (slot.reader.exitCode !== null || slot.reader.signalCode !== null) return resolve();
      slot.reader.once("exit", () => resolve());
      slot.reader.kill();
    });

  return {
    readers: () => slots.flatMap((slot) => (slot.reader.pid ? [slot.reader.pid] : [])),
    read(image, options) {
      if (closed) return Promise.reject(new Error("recognizer closed"));
      return new Promise<ReadOutcome>((resolve, reject) => {
        queue.push({ id: nextId++, image, options, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error("recognizer closed"));
      await Promise.all(slots.splice(0).map(stop));
    },
  };
}
