// `npm run bench -- decide`: deciding one photo's bibs in a marathon (25,000
// registered runners, each with a passing in the timing file), embedded
// PGlite: the race's whole start list and timing file loaded for every photo
// (as until 2026-11-27) against asked only about the photo's bibs.
import fs from "node:fs/promises";
import path from "node:path";
import { openDatabase, races } from "../../app/.server/db/index.ts";
import { decidePhoto, type PhotoReading, photoContext, raceContext } from "../../app/.server/recognition/index.ts";
import { percentile } from "./timing.ts";
import { registerRunners } from "./runners.ts";

const RUNNERS = 25_000;
const ROUNDS = 20;
const READINGS = path.resolve(import.meta.dirname, "../../tests/fixtures/import-bibs.readings.json");

export async function benchDecide() {
  const database = await openDatabase({});
  const { db } = database;
  const [race] = await db
    .insert(races)
    .values({ slug: "marathon", name: { es: "Maratón" }, status: "published", bibRanges: `1-${RUNNERS}` })
    .returning();
  const start = Date.parse("2026-04-12T08:00:00Z");
  await registerRunners(db, race.id, RUNNERS, new Date(start), 400);
  // The own fixture's readings (bibs 152, 317 and 1045, 560…): a few numbers a photo, as race photos have.
  const photos = Object.values(JSON.parse(await fs.readFile(READINGS, "utf8")) as Record<string, PhotoReading>);
  const takenAt = new Date(start + 3_600_000);
  const ways = {
    "whole lists, every photo": async (p: PhotoReading) => decidePhoto(p.lines, p, takenAt, await raceContext(db, race.id)),
    "the photo's bibs only": async (p: PhotoReading) => decidePhoto(p.lines, p, takenAt, await photoContext(db, race.id, p.lines, p)),
  };
  const times = new Map<string, number[]>(Object.keys(ways).map((k) => [k, []]));
  // Side by side, alternating, so a noisy machine weighs on both alike.
  for (let round = 0; round < ROUNDS; round++) {
    for (const [label, decide] of Object.entries(ways)) {
      for (const photo of photos) {
        const t = performance.now();
        await decide(photo);
        if (round > 1) times.get(label)!.push(performance.now() - t);
      }
    }
  }
  console.log(
    `Deciding a photo's bibs in a race of ${RUNNERS.toLocaleString("en")} registered runners with a passing each (PGlite, ${photos.length} photos × ${ROUNDS - 2} rounds)`,
  );
  const medians = new Map<string, number>();
  for (const [label, list] of times) {
    list.sort((a, b) => a - b);
    medians.set(label, percentile(list, 50));
    console.log(`  ${label.padEnd(26)} p50 ${percentile(list, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(list, 95).toFixed(1).padStart(6)} ms`);
  }
  const [before, after] = [...medians.values()];
  console.log(`  ratio (the photo's bibs / whole lists, p50): ${(after / before).toFixed(2)}`);
  await database.close();
}
