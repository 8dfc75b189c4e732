import fs from "node:fs";
import os from "node:os";

/** What a reader process holds: its models (~0.5 GB) and one photo's pixels and derivatives. */
const READER_MEMORY = 1024 ** 3;
/**
 * The detector's second whole look: at 768 px it reads a few more bibs and
 * loses none, for some 10 % more reading CPU, which the folded detector head
 * and the 3000 px source pay for on two cores (decision 0006). A single reader
 * (one core, or memory for one) is slower than a race needs already.
 */
const SECOND_LOOK_PX = 768;
const SECOND_LOOK_FROM_READERS = 2;

export type Machine = { cores: number; memory: number };
export type ReadingCapacity = {
  /** Reader processes, and the recognition lane's jobs at once: photos read side by side. */
  readers: number;
  /** Long side of the detector's second whole look (0: none; ReadSettings.alsoDetectAt). */
  secondLook: number;
};

/**
 * The cores and memory this process may use: a container's CPU quota and
 * memory limit (cgroup v2) count, not only the host's cores and memory.
 */
function thisMachine(): Machine {
  const limit = process.constrainedMemory();
  return {
    cores: Math.min(os.availableParallelism(), cpuQuota() ?? Number.POSITIVE_INFINITY),
    memory: limit > 0 ? Math.min(os.totalmem(), limit) : os.totalmem(),
  };
}

/** Whole cores of a cgroup v2 CPU quota ("200000 100000": 2), or undefined when there is none. */
export function cpuQuota(read = () => fs.readFileSync("/sys/fs/cgroup/cpu.max", "utf8")): number | undefined {
  try {
    const [quota, period] = read().trim().split(/\s+/);
    if (quota === "max" || !Number(period)) return undefined;
    return Math.max(1, Math.floor(Number(quota) / Number(period)));
  } catch {
    return undefined;
  }
}

/**
 * How many photos are read at once and how closely: one reader a core, as
 * many as the memory holds, and the second look once there are two readers
 * or more. The operator's `readers` and `secondLook` (environment) win.
 */
export function readingCapacity(chosen: { readers?: number; secondLook?: number } = {}, machine: Machine = thisMachine()): ReadingCapacity {
  const readers = chosen.readers ?? Math.max(1, Math.min(machine.cores, Math.floor(machine.memory / READER_MEMORY)));
  const secondLook = chosen.secondLook ?? (readers >= SECOND_LOOK_FROM_READERS ? SECOND_LOOK_PX : 0);
  return { readers, secondLook };
}
