import { describe, expect, it } from "vitest";
import { versionedMemo } from "./versioned-memo.ts";

/** Like a Drizzle query: nothing runs until awaited, and every await runs it again. */
function lazyQuery<T>(value: T, runs: { count: number }): PromiseLike<T> {
  return {
    // biome-ignore lint/suspicious/noThenProperty: a thenable is what this test needs (a query that runs when awaited)
    then(onFulfilled, onRejected) {
      runs.count++;
      return Promise.resolve(value).then(onFulfilled, onRejected);
    },
  };
}

describe("versionedMemo", () => {
  it("runs a lazy query once per catalog version, however often it is awaited", async () => {
    let version = 1;
    const runs = { count: 0 };
    const memo = versionedMemo(async () => ({ version, progress: 0 }));
    const read = () => lazyQuery(["override"], runs) as Promise<string[]>;
    expect(await memo("overrides:1", read)).toEqual(["override"]);
    expect(await memo("overrides:1", read)).toEqual(["override"]);
    expect(runs.count).toBe(1);
    version = 2;
    await memo("overrides:1", read);
    expect(runs.count).toBe(2);
  });

  it("reads again what an import's progress changes, and only that", async () => {
    const state = { version: 1, progress: 0 };
    const memo = versionedMemo(async () => state);
    let counts = 0;
    let tags = 0;
    const count = () => memo("count:1", async () => ++counts, { progress: true });
    const tagsOf = () => memo("tags:1", async () => ++tags);
    await count();
    await tagsOf();
    state.progress = 1;
    expect(await count()).toBe(2);
    expect(await tagsOf()).toBe(1);
    expect(await count()).toBe(2);
  });

  it("answers a lagging read only while it is current, reading it again at most once a lag", async () => {
    const state = { version: 1, progress: 0 };
    let now = 0;
    const memo = versionedMemo(async () => state, { progressLagMs: 5000, clock: () => now });
    let reads = 0;
    const waiting = () => memo("waiting:1", async () => ++reads, { progress: "lagging" });
    expect(await waiting()).toBe(1);
    // An import moved on: what was read no longer says how things are, and it is not read again yet.
    state.progress = 1;
    now = 4000;
    expect(await waiting()).toBeUndefined();
    now = 5000;
    expect(await waiting()).toBe(2);
    // Unchanged since: kept, however long ago it was read; a person's change reads it at once.
    now = 60_000;
    expect(await waiting()).toBe(2);
    state.version = 2;
    expect(await waiting()).toBe(3);
  });

  it("forgets a failed read so the next request tries again", async () => {
    const memo = versionedMemo(async () => ({ version: 1, progress: 0 }));
    let attempt = 0;
    const read = async () => {
      attempt++;
      if (attempt === 1) throw new Error("not found");
      return "race";
    };
    await expect(memo("race:x", read)).rejects.toThrow("not found");
    expect(await memo("race:x", read)).toBe("race");
  });
});
