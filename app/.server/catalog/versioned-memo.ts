/**
 * Reads that only change with the catalog (a race's row, its tags, the
 * discount tiers) kept while the catalog version stays the same: a bib search
 * no page cache can hold then costs its photo query alone, not five. A read
 * that an import's progress changes too (a race's photo count) says so with
 * `{ progress: true }` and is read again when that counter moves. With
 * `"lagging"` (a read too costly to repeat at every photo an import makes) it
 * is read again at most once every `progressLagMs`, and until then answers
 * undefined rather than what it was: a page rendered from it is kept as
 * current, so it must never stand on an older state than the page's own.
 */
export type VersionedMemo = {
  <T>(key: string, read: () => PromiseLike<T>, options?: { progress?: boolean }): Promise<T>;
  <T>(key: string, read: () => PromiseLike<T>, options: { progress: "lagging" }): Promise<T | undefined>;
};

/** The catalog's counters (http/page-cache.ts): people's changes, and an import's own progress. */
export type CatalogState = { version: number; progress: number };

const MAX_KEYS = 2000;

export function versionedMemo(state: () => Promise<CatalogState>, { progressLagMs = 0, clock = Date.now } = {}): VersionedMemo {
  let at = -1;
  let values = new Map<string, { value: Promise<unknown>; progress: number; readAt: number }>();
  const memo = async <T>(key: string, read: () => PromiseLike<T>, options?: { progress?: boolean | "lagging" }): Promise<T | undefined> => {
    const now = await state();
    if (now.version !== at || values.size > MAX_KEYS) {
      at = now.version;
      values = new Map();
    }
    const held = values.get(key);
    if (held && (!options?.progress || held.progress === now.progress)) return held.value as Promise<T>;
    if (held && options?.progress === "lagging" && clock() - held.readAt < progressLagMs) return undefined;
    // Adopted once: a Drizzle query is a lazy thenable that would run again at every await.
    const value = Promise.resolve(read());
    values.set(key, { value, progress: now.progress, readAt: clock() });
    // A failed read (a race not found) is not remembered.
    value.catch(() => values.get(key)?.value === value && values.delete(key));
    return value;
  };
  return memo as VersionedMemo;
}

/** No memo: every read goes to the database (tests, the back office's preview). */
export const noMemo: VersionedMemo = <T>(_key: string, read: () => PromiseLike<T>) => Promise.resolve(read());
