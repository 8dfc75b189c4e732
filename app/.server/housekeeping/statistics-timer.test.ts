import type { Logger } from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Db } from "../db/index.ts";
import { createHousekeeping } from "./index.ts";

// Which database keeps its own statistics decides whether the serving process
// gathers them every minute (PGlite has no autovacuum); the rule itself is
// tested against both databases in tests/integration/statistics.test.ts.

/** A database that only answers raw statements (the statistics' query), with no table due. */
function fakeDatabase() {
  const execute = vi.fn(async () => ({ rows: [] }));
  const db = {
    execute,
    insert: () => {
      throw new Error("no job table here");
    },
  } as unknown as Db;
  return { db, execute };
}

const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() } as unknown as Logger;
const expire = { zips: async () => 0, uploads: async () => 0 };

describe("housekeeping's statistics", () => {
  afterEach(() => vi.useRealTimers());

  it("asks the embedded database every minute which tables autovacuum would analyse", async () => {
    vi.useFakeTimers();
    const { db, execute } = fakeDatabase();
    const chores = createHousekeeping({ db, logger, expire, embedded: true });
    chores.start();
    await vi.advanceTimersByTimeAsync(59_000);
    expect(execute).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(execute).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(execute).toHaveBeenCalledTimes(3);
    chores.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(execute).toHaveBeenCalledTimes(3);
  });

  it("leaves a PostgreSQL server's statistics to its autovacuum", async () => {
    vi.useFakeTimers();
    const { db, execute } = fakeDatabase();
    const chores = createHousekeeping({ db, logger, expire, embedded: false });
    chores.start();
    await vi.advanceTimersByTimeAsync(180_000);
    expect(execute).not.toHaveBeenCalled();
    chores.stop();
  });
});
