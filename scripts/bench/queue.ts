// `npm run bench -- queue [--finished N]`: what is asked of the job queue every
// few seconds during a race's import (the workers' counts, the back office's
// recognition progress), embedded PGlite, on a race of 2,000 photos with 200
// readings waiting: first on a queue holding only those, then with N finished
// jobs beside them (50,000 by default: about a week of imports, which
// housekeeping keeps). A query that scans the finished jobs grows with them.
// Then the import's progress in its first minute: the planner's statistics taken
// before the race had photos (the serving process analyses within a minute).
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { DERIVE_JOB } from "../../app/.server/catalog/index.ts";
import { analyzeChanged, type Db, openDatabase, races, rowsOf } from "../../app/.server/db/index.ts";
import { counts, enqueue } from "../../app/.server/jobs/index.ts";
import { MAIL_JOB } from "../../app/.server/mail/index.ts";
import { RECOGNIZE_JOB, recognitionProgress } from "../../app/.server/recognition/index.ts";
import { percentile, sortedTimes } from "./timing.ts";

const PHOTOS = 2000;
const WAITING = 200;
const RUNS = 50;

/** `count` photos of a race in one statement; `prefix` keeps their ids and checksums apart from another race's. */
const addPhotos = (db: Db, raceId: number, count: number, prefix: string) =>
  db.execute(sql`
    insert into photos (public_id, race_id, frame, original_key, sha256, width, height)
    select ${prefix} || g, ${raceId}, 'IMG_' || g, 'originals/x/' || ${prefix} || g || '.jpg', ${prefix} || g, 6000, 4000
    from generate_series(1, ${count}) g`);

export async function benchQueue() {
  const { values } = parseArgs({ args: process.argv.slice(3), options: { finished: { type: "string", default: "50000" } }, strict: false });
  const FINISHED = Number(values.finished) || 50_000;
  const database = await openDatabase({});
  const { db } = database;
  const [race] = await db
    .insert(races)
    .values({ slug: "bench", name: { es: "Bench" }, status: "published", priceArs: 500000, priceUsd: 500 })
    .returning();
  await addPhotos(db, race.id, PHOTOS, "p");
  const [{ first }] = rowsOf<{ first: number }>(await db.execute(sql`select min(id)::int as first from photos`));
  for (let i = 0; i < WAITING; i++) await enqueue(db, RECOGNIZE_JOB, { photoId: first + PHOTOS - WAITING + i });

  const cases: [string, () => Promise<unknown>][] = [
    ["counts, all types", () => counts(db)],
    ["counts, reading lanes", () => counts(db, [RECOGNIZE_JOB, DERIVE_JOB])],
    ["import progress", () => recognitionProgress(db, race.id)],
  ];
  const measure = async () => {
    await analyzeChanged(db); // as the serving process does within a minute
    for (const [, query] of cases) await sortedTimes(RUNS, query); // warm-up
    const results: number[][] = [];
    for (const [, query] of cases) results.push(await sortedTimes(RUNS, query));
    return results;
  };

  const waitingOnly = await measure();
  // A week of finished jobs: each photo read and its images made, and e-mails.
  const types = [RECOGNIZE_JOB, DERIVE_JOB, MAIL_JOB];
  for (let i = 0; i < FINISHED; i += 5000) {
    await db.execute(sql`
      insert into jobs (type, payload, status, attempts, finished_at)
      select (array[${sql.join(
        types.map((t) => sql`${t}`),
        sql`, `,
      )}])[1 + g % 3], jsonb_build_object('photoId', g), 'done', 1, now()
      from generate_series(${i + 1}::int, ${Math.min(FINISHED, i + 5000)}::int) g`);
  }
  const withFinished = await measure();

  console.log(
    `Job queue queries, PGlite, ${RUNS} runs each: ${WAITING} readings waiting in a race of ${PHOTOS} photos, then ${FINISHED} finished jobs beside them`,
  );
  console.log(`${"".padEnd(22)} ${"waiting only (ms)".padStart(22)}   ${`+${FINISHED} finished (ms)`.padStart(24)}   p50 ratio`);
  const ms = (times: number[], p: number) => percentile(times, p).toFixed(2).padStart(6);
  for (const [i, [label]] of cases.entries()) {
    const [before, after] = [waitingOnly[i], withFinished[i]];
    const ratio = percentile(after, 50) / percentile(before, 50);
    console.log(`${label.padEnd(22)} p50 ${ms(before, 50)} p95 ${ms(before, 95)}   p50 ${ms(after, 50)} p95 ${ms(after, 95)}   ${ratio.toFixed(2)}`);
  }
  await database.close();
  await firstMinute();
}

/**
 * The import's progress before the planner's statistics know the race: a shop
 * with a race of PREVIOUS photos, analysed, then a new race's PHOTOS photos
 * arrive, each with its reading queued and its images to make.
 */
async function firstMinute() {
  const PREVIOUS = 5000;
  const database = await openDatabase({});
  const { db } = database;
  const [earlier, race] = await db
    .insert(races)
    .values(["earlier", "new"].map((slug) => ({ slug, name: { es: slug }, status: "published" as const, priceArs: 500000, priceUsd: 500 })))
    .returning();
  await addPhotos(db, earlier.id, PREVIOUS, "e");
  await analyzeChanged(db);
  await addPhotos(db, race.id, PHOTOS, "n");
  for (const type of [RECOGNIZE_JOB, DERIVE_JOB])
    await db.execute(sql`insert into jobs (type, payload) select ${type}, jsonb_build_object('photoId', id) from photos where race_id = ${race.id}`);
  const stale = await sortedTimes(5, () => recognitionProgress(db, race.id));
  await analyzeChanged(db);
  const fresh = await sortedTimes(5, () => recognitionProgress(db, race.id));
  const ms = (times: number[]) => percentile(times, 50).toFixed(2).padStart(8);
  console.log(`\nImport progress of ${PHOTOS} photos queued, beside a race of ${PREVIOUS} (p50 of 5 runs, ms):`);
  console.log(`  statistics from before the import ${ms(stale)}   analysed ${ms(fresh)}   ratio ${(percentile(stale, 50) / percentile(fresh, 50)).toFixed(2)}`);
  await database.close();
}
