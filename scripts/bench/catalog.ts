// `npm run bench -- catalog`: race-page queries on a 2,000-photo race (embedded PGlite).
import { sql } from "drizzle-orm";
import { openDatabase, photoBibs, photos, photoTags, races, tags } from "../../app/.server/db/index.ts";
import { racePhotos } from "../../app/.server/catalog/index.ts";

const PHOTOS = 2000;

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export async function benchCatalog() {
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
  await db.execute(sql`analyze`);
  const media = (key: string | null | undefined) => `/media/${key}`;
  const cases: [string, Parameters<typeof racePhotos>[1]][] = [
    ["page 1", { slug: "bench", page: 1, lang: "es" }],
    ["page 30 (deep)", { slug: "bench", page: 30, lang: "es" }],
    ["one runner (n)", { slug: "bench", page: 1, bib: 305, lang: "es" }],
    ["one tag (t)", { slug: "bench", page: 2, tag: "meta", lang: "es" }],
  ];
  console.log(`Race page query on ${PHOTOS} photos, PGlite, 50 runs each`);
  for (const [label, query] of cases) {
    const times: number[] = [];
    for (let i = 0; i < 50; i++) {
      const t = performance.now();
      await racePhotos(db, query, media);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(`${label.padEnd(18)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms`);
  }
  await database.close();
}
