// `npm run bench -- catalog [--photos N]`: race-page queries on a race of N
// photos (2,000 by default; try 50,000), embedded PGlite: first as the rows
// were written (no statistics: PGlite runs no autovacuum), then once the
// planner's statistics are gathered, as the serving process does within a
// minute (db/statistics.ts). Then the page warmer's read of a race's searches,
// in slices and at once: how long it holds the thread that serves pages.
import { parseArgs } from "node:util";
import { analyzeChanged, type Db, openDatabase, photoBibs, photos, photoTags, races, startList, tags, timingPassings } from "../../app/.server/db/index.ts";
import { racePhotos, racesWithBibs } from "../../app/.server/catalog/index.ts";
import { heldFor, percentile, sortedTimes } from "./timing.ts";

export async function benchCatalog() {
  const { values } = parseArgs({ args: process.argv.slice(3), options: { photos: { type: "string", default: "2000" } }, strict: false });
  const PHOTOS = Number(values.photos) || 2000;
  const database = await openDatabase({});
  const { db } = database;
  const [race] = await db
    .insert(races)
    .values({ slug: "bench", name: { es: "Bench" }, status: "published", priceArs: 500000, priceUsd: 500 })
    .returning();
  const [tag] = await db
    .insert(tags)
    .values({ raceId: race.id, slug: "meta", name: { es: "Meta" } })
    .returning();
  const start = Date.parse("2025-03-15T11:00:00Z");
  const rows = Array.from({ length: PHOTOS }, (_, i) => ({
    publicId: `p${i}`,
    raceId: race.id,
    frame: `IMG_${i}`,
    originalKey: `originals/x/${i}.jpg`,
    sha256: String(i),
    width: 1500,
    height: 1000,
    takenAt: new Date(start + i * 5000),
    free: i % 25 === 0,
    thumbKey: `public/p/${i}-480.webp`,
    mediumKey: `public/p/${i}-1600.webp`,
  }));
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await db
      .insert(photos)
      .values(rows.slice(i, i + 500))
      .returning({ id: photos.id });
    await db.insert(photoBibs).values(inserted.map((p, j) => ({ photoId: p.id, raceId: race.id, bib: 1 + ((i + j) % 900) })));
    await db.insert(photoTags).values(inserted.filter((_, j) => j % 10 === 0).map((p) => ({ photoId: p.id, tagId: tag.id })));
  }
  const media = (key: string | null | undefined) => `/media/${key}`;
  const cases: [string, Parameters<typeof racePhotos>[1]][] = [
    ["page 1", { slug: "bench", page: 1, lang: "es" }],
    ["page 30 (deep)", { slug: "bench", page: 30, lang: "es" }],
    ["one runner (n)", { slug: "bench", page: 1, bib: 305, lang: "es" }],
    ["one tag (t)", { slug: "bench", page: 2, tag: "meta", lang: "es" }],
  ];
  const timed = (query: Parameters<typeof racePhotos>[1]) => sortedTimes(50, () => racePhotos(db, query, media));
  for (const [, query] of cases) await timed(query); // warm-up, so that the first column does not pay for it
  const before: number[][] = [];
  for (const [, query] of cases) before.push(await timed(query));
  const started = performance.now();
  const analysed = await analyzeChanged(db);
  const took = (performance.now() - started).toFixed(0);
  console.log(`Race page query on ${PHOTOS} photos, PGlite, 50 runs each; statistics of ${analysed.length} tables gathered in ${took} ms`);
  console.log(`${"".padEnd(18)} ${"no statistics (ms)".padStart(22)}   ${"with statistics (ms)".padStart(22)}   p50 ratio`);
  const ms = (times: number[], p: number) => percentile(times, p).toFixed(1).padStart(6);
  for (const [i, [label, query]] of cases.entries()) {
    const after = await timed(query);
    const ratio = percentile(before[i], 50) / percentile(after, 50);
    console.log(`${label.padEnd(18)} p50 ${ms(before[i], 50)} p95 ${ms(before[i], 95)}   p50 ${ms(after, 50)} p95 ${ms(after, 95)}   ${ratio.toFixed(2)}`);
  }
  await benchWarmerRead(db, PHOTOS);
  await database.close();
}

/**
 * The page warmer's read of a race's searches (its bibs with photos, start
 * list and timing file) on a race of `count` photos, five a runner, a fifth
 * more runners registered and two passings each: how long it holds the
 * serving thread, read in slices (as it is) and at once (as it was until
 * 2026-12-07), side by side.
 */
async function benchWarmerRead(db: Db, count: number) {
  const runners = Math.max(1, Math.round(count / 5));
  const [race] = await db
    .insert(races)
    .values({ slug: "warm", name: { es: "Warm" }, status: "published", eventDate: "2030-01-01", priceArs: 500000, priceUsd: 500 })
    .returning();
  for (let i = 0; i < count; i += 1000) {
    const inserted = await db
      .insert(photos)
      .values(
        Array.from({ length: Math.min(1000, count - i) }, (_, j) => ({
          publicId: `w${i + j}`,
          raceId: race.id,
          frame: `W${i + j}`,
          originalKey: `originals/w/${i + j}.jpg`,
          sha256: `w${i + j}`,
          width: 1500,
          height: 1000,
          thumbKey: `public/w/${i + j}-480.webp`,
          mediumKey: `public/w/${i + j}-1600.webp`,
        })),
      )
      .returning({ id: photos.id });
    await db.insert(photoBibs).values(inserted.map((p, j) => ({ photoId: p.id, raceId: race.id, bib: 1 + (((i + j) * 7919) % runners) })));
  }
  const registered = Math.round(runners * 1.2);
  const passed = (bib: number, lap: number) => ({ raceId: race.id, bib, passedAt: new Date(Date.UTC(2030, 0, 1, 10 + lap, 0, bib % 3600)) });
  for (let i = 0; i < registered; i += 1000) {
    const bibs = Array.from({ length: Math.min(1000, registered - i) }, (_, j) => 1 + i + j);
    await db.insert(startList).values(bibs.map((bib) => ({ raceId: race.id, bib, name: `Runner ${bib}` })));
    await db.insert(timingPassings).values(bibs.flatMap((bib) => [passed(bib, 0), passed(bib, 1)]));
  }
  await analyzeChanged(db);
  console.log(`\nThe page warmer's read of a race's searches: ${count} photos, ${runners} runners with photos, ${registered} registered, 5 runs each`);
  const ways: [string, number][] = [
    ["in slices (now)", 250],
    ["at once (before)", Number.MAX_SAFE_INTEGER],
  ];
  const held: number[][] = ways.map(() => []);
  for (let run = 0; run < 6; run++) {
    for (const [i, [, slice]] of ways.entries()) {
      const { held: longest } = await heldFor(() => racesWithBibs(db, 1, slice));
      if (run > 0) held[i].push(longest); // the first run warms up
    }
  }
  for (const [i, [label]] of ways.entries()) {
    const sorted = held[i].sort((a, b) => a - b);
    console.log(`${label.padEnd(18)} the serving thread held at most p50 ${sorted[2].toFixed(1).padStart(6)} ms, worst ${sorted[4].toFixed(1).padStart(6)} ms`);
  }
}
