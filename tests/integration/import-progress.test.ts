import fs from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { SQL } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "../../app/.server/db/index.ts";
import { importJob, importRuns, startImport } from "../../app/.server/photo-desk/import-folder.ts";
import type { Operator } from "../../app/.server/staff/index.ts";
import { loginAs } from "./admin-helpers.ts";
import { createTestShop, FIXTURES, type TestShop } from "./helpers.ts";

// A folder import writes its progress as it goes. On a PostgreSQL pool those
// writes run on their own connections: one still running when the import ends
// must not land over the run's final state (a finished run once showed 1 of 5).

const ADMIN = { email: "boss@dorsal.test", password: "boss-password-1" };

/** The patch an update of an import's job writes into its payload, if the query is one. */
function patchOf(query: SQL): { progress?: { done: number; total: number }; report?: unknown } | undefined {
  const param = query.queryChunks.find((chunk) => typeof chunk === "string" && chunk.startsWith('{"progress"'));
  return typeof param === "string" ? JSON.parse(param) : undefined;
}

/** The shop's database, with the progress writes of an import under way (not its last) held back until it has ended. */
function slowProgress(db: Db): Db {
  return new Proxy(db, {
    get(target, key) {
      if (key === "execute")
        return async (query: SQL) => {
          const patch = patchOf(query);
          if (patch?.progress && !patch.report && patch.progress.done < patch.progress.total) await sleep(400);
          return target.execute(query);
        };
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

let shop: TestShop;
let admin: Operator;
beforeAll(async () => {
  shop = await createTestShop({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  await shop.services.admins.ensureFirst();
  ({ op: admin } = await loginAs(shop.services, ADMIN.email, ADMIN.password));
});
afterAll(() => shop.close());

it("ends a folder import at its whole count even when a progress write is slower than the import", async () => {
  const db = shop.database.db;
  const folder = await fs.mkdtemp(path.join(shop.dataDir, "card-"));
  await fs.cp(path.join(FIXTURES, "import-basic"), folder, { recursive: true });
  const { runId } = await startImport(db, admin, folder);
  await importJob(slowProgress(db), shop.services.storage, shop.services.logger, async () => ({ notified: 0, converted: 0 }))({
    runId,
    folder,
    operatorId: admin.id,
  });
  await sleep(500); // what a progress write left behind would have done by now
  const [run] = await importRuns(db, admin);
  expect(run).toMatchObject({ runId, state: "done", done: 5, total: 5, error: null });
});
