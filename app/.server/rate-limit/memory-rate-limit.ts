/**
 * A sliding-window limit per key (a client's IP), kept in this process's memory:
 * for page-view beacons, which come with every page a visitor opens and must
 * cost no database write to refuse; several instances each count their own.
 * Limits that protect something (logins, orders, mail) are counted in the
 * database instead (rate-limit.ts).
 */
export type MemoryRateLimiter = {
  /** Counts one attempt; `ok: false` with the seconds until the next one is allowed. */
  hit(key: string): { ok: true } | { ok: false; retryAfter: number };
};

export function createMemoryRateLimiter({
  limit,
  windowMs,
  maxKeys = 10_000,
  now = Date.now,
}: {
  limit: number;
  windowMs: number;
  /** Oldest keys are forgotten beyond this many, so memory stays bounded. */
  maxKeys?: number;
  now?: () => number;
}): MemoryRateLimiter {
  const hits = new Map<string, number[]>();
  return {
    hit(key) {
      const t = now();
      const recent = (hits.get(key) ?? []).filter((at) => at > t - windowMs);
      if (recent.length >= limit) {
        hits.set(key, recent);
        return { ok: false, retryAfter: Math.max(1, Math.ceil((recent[0] + windowMs - t) / 1000)) };
      }
      recent.push(t);
      // Re-inserting moves the key to the end: the Map's first key is the least recently seen.
      hits.delete(key);
      hits.set(key, recent);
      if (hits.size > maxKeys) hits.delete(hits.keys().next().value as string);
      return { ok: true };
    },
  };
}
