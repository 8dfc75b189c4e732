/**
 * Reads that only change with the catalog (a race's row, its tags, the
 * discount tiers) kept while the catalog version stays the same: a bib search
 * no page cache can hold then costs its photo query alone, not five.
 */
export type VersionedMemo = <T>(key: string, read: () => Promise<T>) => Promise<T>;

const MAX_KEYS = 2000;

export function versionedMemo(version: () => Promise<number>): VersionedMemo {
  let at = -1;
  let values = new Map<string, Promise<unknown>>();
  return async <T,>(key: string, read: () => Promise<T>): Promise<T> => {
    const now = await version();
    if (now !== at || values.size > MAX_KEYS) {
      at = now;
      values = new Map();
    }
    let value = values.get(key) as Promise<T> | undefined;
    if (!value) {
      // Adopted once: a Drizzle query is a lazy thenable that would run again at every await.
      value = Promise.resolve(read());
      values.set(key, value);
      // A failed read (a race not found) is not remembered.
      value.catch(() => values.get(key) === value && values.delete(key));
    }
    return value;
  };
}

/** No memo: every read goes to the database (tests, the back office's preview). */
export const noMemo: VersionedMemo = (_key, read) => read();
