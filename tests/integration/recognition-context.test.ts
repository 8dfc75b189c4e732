import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { races, startList, timingPassings } from "../../app/.server/db/schema.ts";
import type { Database } from "../../app/.server/db/client.ts";
import { bibsInQuestion, decidePhoto } from "../../app/.server/recognition/decide.ts";
import type { TextReading } from "../../app/.server/recognition/read-text.ts";
import { photoContext, raceContext } from "../../app/.server/recognition/store.ts";
import { openTestDatabase } from "./helpers.ts";

// A photo is decided with the start list and timing file asked only about the
// bibs it may show (a marathon's whole lists cost each photo 0.2 s): the
// decisions must be the ones the whole lists give.

const FRAME = { width: 4000, height: 3000 };
const TAKEN = new Date("2026-03-01T09:30:00Z");

const line = (text: string, cx: number, cy: number, width = 240): TextReading => ({
  text,
  confidences: [...text].map(() => 0.98),
  detectionScore: 0.95,
  box: { cx, cy, width, height: 90, angle: 0 },
});

/** Registered bibs near and far in time, numbers nobody registered with and without registered neighbours, numbers cut by the frame. */
const PHOTOS: TextReading[][] = [
  [line("1203", 1200, 1500), line("4417", 2600, 1600)],
  [line("77777", 900, 1400, 300), line("88", 3000, 1500, 120)],
  [line("7788", 3890, 1500)],
  [line("999", 2000, 1700, 180), line("31", 60, 1600, 120)],
  [line("12", 1800, 1500, 120)],
];

describe("deciding one photo with the start list and timing file asked only about its bibs", () => {
  let database: Database;
  let drop: () => Promise<void>;
  let listed: number;
  let bare: number;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    const db = database.db;
    const insertRace = async (slug: string) => {
      const [race] = await db
        .insert(races)
        .values({ slug, name: { es: slug }, status: "published", bibRanges: "1-99999" } as typeof races.$inferInsert)
        .returning({ id: races.id });
      return race.id;
    };
    listed = await insertRace("big-city-marathon");
    bare = await insertRace("small-trail");
    // Every bib from 1 to 6000 but 12, and two of five digits.
    const bibs = [...Array.from({ length: 6000 }, (_, i) => i + 1).filter((b) => b !== 12), 77717, 77885];
    for (let i = 0; i < bibs.length; i += 1000) {
      await db.insert(startList).values(bibs.slice(i, i + 1000).map((bib) => ({ raceId: listed, bib, name: `Runner ${bib}` })));
      // Each runner passes the photo point once, a second apart; 1203 at the photo's time, 999 an hour before.
      await db.insert(timingPassings).values(
        bibs.slice(i, i + 1000).map((bib) => ({
          raceId: listed,
          bib,
          passedAt: bib === 1203 ? TAKEN : bib === 999 ? new Date(TAKEN.getTime() - 3_600_000) : new Date(TAKEN.getTime() + bib * 1000),
        })),
      );
    }
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it("gives the decisions the whole start list and timing file give", async () => {
    const db = database.db;
    const whole = await raceContext(db, listed);
    expect(whole.registered.size).toBe(6001);
    const decisions = [];
    for (const lines of PHOTOS) {
      const asked = await photoContext(db, listed, lines, FRAME);
      // Both know the race has a start list and a timing file (a decision asks no more of their sizes).
      expect(asked.registered.size).toBeGreaterThan(0);
      expect(asked.passings.size).toBeGreaterThan(0);
      const decided = decidePhoto(lines, FRAME, TAKEN, asked);
      expect(decided).toEqual(decidePhoto(lines, FRAME, TAKEN, whole));
      decisions.push(decided);
    }
    const byBib = new Map(decisions.flat().map((d) => [d.bib, d]));
    // The runner the timing file puts at the photo point is tagged; one it puts elsewhere waits.
    expect(byBib.get(1203)).toMatchObject({ status: "auto", doubts: [] });
    expect(byBib.get(4417)).toMatchObject({ status: "pending", doubts: ["timing-far"] });
    // Nobody registered 77777: the one registered bib a digit away is offered with it.
    expect(byBib.get(77777)?.doubts).toContain("unregistered");
    expect(byBib.get(77717)?.doubts).toContain("near-registered");
    // 7788 at the frame's edge lost its last digit: the registered bib one digit longer there is offered.
    expect(byBib.get(7788)?.doubts).toEqual(expect.arrayContaining(["frame-edge", "unregistered"]));
    expect(byBib.get(77885)?.doubts).toContain("longer-registered");
    expect(byBib.get(12)?.doubts).toContain("unregistered");
  });

  it("asks about a photo full of numbers (a results board), past a query's 65,535 parameters", async () => {
    const db = database.db;
    // 1,500 five-digit numbers: some 90,000 bibs in question, more than one query's 65,535 parameters.
    const board = Array.from({ length: 1500 }, (_, i) => line(String(20_000 + i * 37), 100 + (i % 30) * 130, 60 + Math.floor(i / 30) * 58, 110));
    const whole = await raceContext(db, listed);
    expect(bibsInQuestion(board, FRAME, whole.rules).length).toBeGreaterThan(65_535);
    const asked = await photoContext(db, listed, board, FRAME);
    expect(decidePhoto(board, FRAME, TAKEN, asked)).toEqual(decidePhoto(board, FRAME, TAKEN, whole));
  });

  it("knows a race without a start list or timing file as such", async () => {
    const asked = await photoContext(database.db, bare, PHOTOS[0], FRAME);
    expect(asked.registered.size).toBe(0);
    expect(asked.passings.size).toBe(0);
    expect(decidePhoto(PHOTOS[0], FRAME, TAKEN, asked)).toEqual(decidePhoto(PHOTOS[0], FRAME, TAKEN, await raceContext(database.db, bare)));
  });
});
