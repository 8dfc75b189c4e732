// `npm run bench -- catalog [--photos N]`: race-page queries on a race of N
// photos (2,000 by default; try 50,000), embedded PGlite: first as the rows
// were written (no statistics: PGlite runs no autovacuum), then once the
// planner's statistics are gathered, as the serving process does within a
// minute (db/statistics.ts).
import { parseArgs } from "node:util";
import { analyzeChanged, openDatabase, photoBibs, photos, photoTags, races, tags } from "../../app/.server/db/index.ts";
import { racePhotos } from "../../app/.server/catalog/index.ts";
import { percentile, sortedTimes } from "./timing.ts";

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
  await database.close();
}
