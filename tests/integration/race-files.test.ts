import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startList, timingPassings } from "../../app/.server/db/schema.ts";
import { createTestShop, type TestShop } from "./helpers.ts";
import { type OrdersRace, seedOrdersRace } from "./orders-fixture.ts";

// An organiser's start list or timing file posted twice at once (a double
// click, a second tab with another file): each load replaces the race's list
// whole, in turn; never a failure, never two files mixed. On PostgreSQL the
// two loads really run side by side.

/** `count` lines of a CSV, numbers from 1, each line made by `line`. */
const csv = (head: string, count: number, line: (bib: number) => string) => [head, ...Array.from({ length: count }, (_, i) => line(i + 1))].join("\n");
const clock = (hour: number, bib: number) => `${hour}:${String(Math.floor(bib / 60) % 60).padStart(2, "0")}:${String(bib % 60).padStart(2, "0")}`;

describe("a race's files loaded twice at once", () => {
  let shop: TestShop;
  let race: OrdersRace;
  beforeAll(async () => {
    shop = await createTestShop();
    race = await seedOrdersRace(shop);
  });
  afterAll(() => shop.close());

  it("keeps one start list whole", async () => {
    const lists = [csv("dorsal,nombre", 2500, (bib) => `${bib},Runner ${bib}`), csv("dorsal,nombre", 2000, (bib) => `${bib},Corredor ${bib}`)];
    const loads = await Promise.allSettled(lists.map((list) => shop.services.recognition.loadStartList(race.raceId, list)));
    expect(loads.map((l) => l.status)).toEqual(["fulfilled", "fulfilled"]);
    const rows = await shop.database.db.select().from(startList).where(eq(startList.raceId, race.raceId)).orderBy(asc(startList.bib));
    const names = new Set(rows.map((r) => r.name.split(" ")[0]));
    expect(names.size).toBe(1);
    expect(rows).toHaveLength(names.has("Runner") ? 2500 : 2000);
  });

  it("keeps one timing file whole", async () => {
    const files = [9, 10].map((hour) => csv("dorsal,hora", 2000, (bib) => `${bib},${clock(hour, bib)}`));
    const loads = await Promise.allSettled(files.map((file) => shop.services.recognition.loadTimingFile(race.raceId, file)));
    expect(loads.map((l) => l.status)).toEqual(["fulfilled", "fulfilled"]);
    const rows = await shop.database.db.select().from(timingPassings).where(eq(timingPassings.raceId, race.raceId));
    expect(rows).toHaveLength(2000);
    expect(new Set(rows.map((r) => r.passedAt.getUTCHours())).size).toBe(1);
  });
});
