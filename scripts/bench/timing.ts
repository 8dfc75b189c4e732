/** The p-th percentile of times sorted ascending (the nearest rank below). */
export function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** How long each of `runs` calls of `run` took, one after another (ms, sorted ascending). */
export async function sortedTimes(runs: number, run: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b);
}

/**
 * How long `run` took in all, and the longest it held the event loop at a
 * time (ms): a 1 ms timer's longest gap, what a request arriving meanwhile
 * would wait on a server that runs it on its serving thread.
 */
export async function heldFor(run: () => Promise<unknown>): Promise<{ total: number; held: number }> {
  let last = performance.now();
  let held = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    held = Math.max(held, now - last);
    last = now;
  }, 1);
  const started = performance.now();
  await run();
  const total = performance.now() - started;
  clearInterval(timer);
  return { total, held: Math.max(held, performance.now() - last) };
}
