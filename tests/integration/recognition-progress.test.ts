import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeChanged, type Database, photoBibs, photoRecognitions, photos, races } from "../../app/.server/db/index.ts";
import { DERIVE_JOB } from "../../app/.server/catalog/index.ts";
import { RECOGNIZE_JOB, recognitionProgress } from "../../app/.server/recognition/index.ts";
import { openTestDatabase } from "./helpers.ts";

// What an import's progress counts (the back office's upload screen and the
// import CLI ask it every second or two while photos are read), also in the
// import's first minute, before the planner's statistics know the race.

describe("recognition's progress of a race", () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it("counts each photo once, in the first state that holds: queued, done, failed, skipped, unread", async () => {
    const { db } = database;
    const [earlier, race] = await db
      .insert(races)
      .values(["earlier", "today"].map((slug) => ({ slug, name: { es: slug }, status: "published" as const, priceArs: 100000, priceUsd: 100 })))
      .returning();
    const addPhotos = async (raceId: number, frames: string[]) =>
      db
        .insert(photos)
        .values(
          frames.map((frame) => ({
            publicId: `${raceId}-${frame}`,
            raceId,
            frame,
            originalKey: `o/${raceId}/${frame}.jpg`,
            sha256: `${raceId}-${frame}`,
            width: 6000,
            height: 4000,
          })),
        )
        .returning({ id: photos.id });
    // A race read long ago, and the shop's statistics taken then: they know nothing of today's race.
    const old = await addPhotos(
      earlier.id,
      Array.from({ length: 300 }, (_, i) => `E${i}`),
    );
    await db.insert(photoRecognitions).values(old.map(({ id }) => ({ photoId: id, raceId: earlier.id, status: "skipped" as const })));
    await db.execute(
      sql`insert into jobs (type, payload, status) select ${RECOGNIZE_JOB}, jsonb_build_object('photoId', g), 'done' from generate_series(1, 60) g`,
    );
    await analyzeChanged(db);

    const [queued, running, readAgain, read, failed, failedThenRead, tagged, unread] = (
      await addPhotos(race.id, ["queued", "running", "read-again", "read", "failed", "failed-then-read", "tagged", "unread"])
    ).map((p) => p.id);
    // Each photo's images are being made (another kind of job, never counted as reading).
    await db.execute(sql`insert into jobs (type, payload) select ${DERIVE_JOB}, jsonb_build_object('photoId', id) from photos where race_id = ${race.id}`);
    const job = (photoId: number, status: "queued" | "running" | "done" | "failed", type = RECOGNIZE_JOB) =>
      db.execute(sql`insert into jobs (type, payload, status) values (${type}, jsonb_build_object('photoId', ${photoId}::int), ${status})`);
    await job(queued, "queued");
    await job(running, "running");
    await job(readAgain, "done");
    await job(readAgain, "queued");
    await job(read, "done");
    await job(failed, "failed");
    await job(failedThenRead, "failed");
    await job(tagged, "done");
    // A reading queued for a photo of the earlier race counts there, not in today's race.
    await job(old[0].id, "queued");
    await db.insert(photoRecognitions).values([
      { photoId: readAgain, raceId: race.id, status: "done" as const },
      { photoId: read, raceId: race.id, status: "done" as const },
      { photoId: failedThenRead, raceId: race.id, status: "done" as const },
      { photoId: tagged, raceId: race.id, status: "skipped" as const },
    ]);
    await db.insert(photoBibs).values({ photoId: read, raceId: race.id, bib: 77, source: "auto" });

    const expected = { photos: 8, queued: 3, done: 2, failed: 1, skipped: 1, unread: 1, autoTags: 1, autoTaggedPhotos: 1 };
    // As the back office asks in the import's first minute, then once the statistics are taken again.
    expect(await recognitionProgress(db, race.id)).toMatchObject(expected);
    await analyzeChanged(db);
    expect(await recognitionProgress(db, race.id)).toMatchObject(expected);
    expect(await recognitionProgress(db, earlier.id)).toMatchObject({ photos: 300, queued: 1, skipped: 299, done: 0 });
  });
});
