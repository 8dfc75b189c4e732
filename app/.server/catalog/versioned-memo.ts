/**
 * Reads that only change with the catalog (a race's row, its tags, the
 * discount tiers) kept while the catalog version stays the same: a bib search
 * no page cache can hold then costs its photo query alone, not five. A read
 * that an import's progress changes too (a race's photo count) says so with
 * `{ progress: true }` and is read again when that counter moves; with
 * `"lagging"`, at most once every `progressLagMs`, as cached pages may lag it
 * (a read too costly to repeat at every photo an import makes).
 */
export type VersionedMemo = <T>(key: string, read: () => PromiseLike<T>, options?: { progress?: boolean | "lagging" }) => Promise<T>;

/** The catalog's counters (http/page-cache.ts): people's changes, and an import's own progress. */
export type CatalogState = { version: number; progress: number };

const MAX_KEYS = 2000;

export function versionedMemo(state: () => Promise<CatalogState>, { progressLagMs = 0, clock = Date.now } = {}): VersionedMemo {
  let at = -1;
  let values = new Map<string, { value: Promise<unknown>; progress: number; readAt: number }>();
  return async <T>(key: string, read: () => PromiseLike<T>, options?: { progress?: boolean | "lagging" }): Promise<T> => {
    const now = await state();
    if (now.version !== at || values.size > MAX_KEYS) {
      at = now.version;
      values = new Map();
    }
    const held = values.get(key);
    const current = held && (!options?.progress || held.progress === now.progress || (options.progress === "lagging" && clock() - held.readAt < progressLagMs));
    if (current) return held.value as Promise<T>;
    // Adopted once: a Drizzle query is a lazy thenable that would run again at every await.
    const value = Promise.resolve(read());
    values.set(key, { value, progress: now.progress, readAt: clock() });
    // A failed read (a race not found) is not remembered.
    value.catch(() => values.get(key)?.value === value && values.delete(key));
    return value;
  };
}

/** No memo: every read goes to the database (tests, the back office's preview). */
export const noMemo: VersionedMemo = (_key, read) => Promise.resolve(read());
