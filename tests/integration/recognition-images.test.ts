import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DERIVE_JOB, photoImages } from "../../app/.server/catalog/index.ts";
import { jobs, photoBibs, photos } from "../../app/.server/db/schema.ts";
import { RECOGNIZE_JOB, type ReadOptions, type Recognizer } from "../../app/.server/recognition/index.ts";
import { recognizeJob } from "../../app/.server/recognition/recognize-job.ts";
import { createTestShop, type TestShop, withImages } from "./helpers.ts";

// An import decodes each original once: the reader that reads a new photo's
// bibs makes its watermarked images from the same pixels. Whenever it cannot
// (its reading failed, a person tagged the photo first, a recognizer that
// makes no images), the derive job makes them from the original, so no photo
// is ever left without its images, and none gets them twice.

type Mode = "derive" | "fail" | "no images";

describe("a new photo's images, made beside its reading", () => {
  let shop: TestShop;
  let folder: string;
  let mode: Mode = "derive";
  const asked: (number[] | undefined)[] = [];
  const db = () => shop.database.db;

  const recognizer: Recognizer = {
    async read(image, options?: ReadOptions) {
      asked.push(options?.derive);
      if (mode === "fail") throw new Error("recognition reader stopped (SIGKILL)");
      const reading = {
        width: 2000,
        height: 1333,
        // Runner 101 in every photo, the race's name printed above the number (a number read this often without it may be a sign).
        lines: [
          { text: "101", confidences: [0.99, 0.99, 0.99], detectionScore: 0.99, box: { cx: 1000, cy: 700, width: 200, height: 110, angle: 0 } },
          { text: "CITY HALF", confidences: Array(9).fill(0.99), detectionScore: 0.99, box: { cx: 1000, cy: 590, width: 216, height: 40, angle: 0 } },
        ],
      };
      return mode === "derive" ? withImages(reading, image, options) : reading;
    },
  };

  /** Adds photos to the race's folder and imports it (the photos before are unchanged). */
  const importPhotos = async (...frames: string[]) => {
    for (const frame of frames) {
      // A colour of its own: the same bytes twice in a race are a duplicate.
      const jpeg = await sharp({ create: { width: 2000, height: 1333, channels: 3, background: { r: 20 * Number(frame.slice(1)), g: 90, b: 140 } } })
        .jpeg()
        .toBuffer();
      fs.writeFileSync(path.join(folder, "photos", `${frame}.jpg`), jpeg);
    }
    await shop.services.imports.folder(folder);
    return Promise.all(frames.map(async (frame) => (await db().select().from(photos).where(eq(photos.frame, frame)))[0]));
  };
  const photo = async (id: number) => (await db().select().from(photos).where(eq(photos.id, id)))[0];
  const deriveJobs = async (photoId: number) =>
    (await db().select().from(jobs).where(eq(jobs.type, DERIVE_JOB))).filter((job) => (job.payload as { photoId: number }).photoId === photoId);
  const bibsOf = async (photoId: number) => (await db().select({ bib: photoBibs.bib }).from(photoBibs).where(eq(photoBibs.photoId, photoId))).map((b) => b.bib);

  beforeAll(async () => {
    shop = await createTestShop({}, { recognizer });
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "dorsal-images-"));
    fs.mkdirSync(path.join(folder, "photos"));
    fs.writeFileSync(
      path.join(folder, "race.json"),
      JSON.stringify({
        slug: "imagenes-21k-2025",
        name: { es: "21K de las Imágenes", en: "Images 21K" },
        date: "2025-09-14",
        timezone: "America/Argentina/Buenos_Aires",
        status: "published",
        price: { ars: 5000, usd: 5 },
        bibs: "1-999",
      }),
    );
  });
  afterAll(() => shop.close());

  it("shows each photo with its bibs and its images from the one reading, with no derive job", async () => {
    mode = "derive";
    asked.length = 0;
    const [one, two] = await importPhotos("D001", "D002");
    expect(one.mediumKey).toBeNull();
    await shop.services.worker.drain();
    expect(asked).toEqual([
      [480, 1600],
      [480, 1600],
    ]);
    for (const { id } of [one, two]) {
      const shown = await photo(id);
      expect(await bibsOf(id)).toEqual([101]);
      expect(await deriveJobs(id)).toEqual([]);
      const thumb = await sharp(await shop.services.storage.get(shown.thumbKey!)).metadata();
      const medium = await sharp(await shop.services.storage.get(shown.mediumKey!)).metadata();
      expect([thumb.format, thumb.width, thumb.height]).toEqual(["webp", 480, 320]);
      expect([medium.format, medium.width, medium.height]).toEqual(["webp", 1600, 1066]);
    }
  });

  it("has the derive job make the images of a photo whose reading failed at once, and reads it again without making them twice", async () => {
    mode = "fail";
    asked.length = 0;
    const [failed] = await importPhotos("D003");
    await shop.services.worker.drain();
    // The reading waits for its retry; the photo is shown meanwhile.
    expect(asked).toEqual([[480, 1600]]);
    expect((await deriveJobs(failed.id)).map((job) => job.status)).toEqual(["done"]);
    const shown = await photo(failed.id);
    expect(shown.mediumKey).toMatch(/^public\/p\/.+-1600\.webp$/);
    expect(await bibsOf(failed.id)).toEqual([]);

    mode = "derive";
    // Its retry made due now rather than after the backoff.
    await db()
      .update(jobs)
      .set({ runAt: new Date() })
      .where(and(eq(jobs.type, RECOGNIZE_JOB), eq(jobs.status, "queued")));
    await shop.services.worker.drain();
    expect(asked).toEqual([[480, 1600], undefined]);
    expect(await bibsOf(failed.id)).toEqual([101]);
    expect((await photo(failed.id)).mediumKey).toBe(shown.mediumKey);
  });

  it("has the derive job make them when a person tagged the photo before it was read, or the recognizer made none", async () => {
    mode = "derive";
    asked.length = 0;
    const [tagged] = await importPhotos("D004");
    await db().insert(photoBibs).values({ photoId: tagged.id, raceId: tagged.raceId, bib: 7, source: "manual" });
    await shop.services.worker.drain();
    expect(asked).toEqual([]);
    expect((await deriveJobs(tagged.id)).map((job) => job.status)).toEqual(["done"]);
    expect((await photo(tagged.id)).mediumKey).not.toBeNull();

    mode = "no images";
    const [plain] = await importPhotos("D005");
    await shop.services.worker.drain();
    expect(asked).toEqual([[480, 1600]]);
    expect(await bibsOf(plain.id)).toEqual([101]);
    expect((await deriveJobs(plain.id)).map((job) => job.status)).toEqual(["done"]);
    expect((await photo(plain.id)).mediumKey).not.toBeNull();
  });

  it("reports the reading's own error when its images cannot be queued either, and its retry queues them first", async () => {
    mode = "fail";
    const [failed] = await importPhotos("D006");
    await db().update(jobs).set({ status: "done" }).where(eq(jobs.status, "queued")); // run by hand below
    const images = photoImages(db(), shop.services.storage);
    let queueUp = false;
    const job = recognizeJob({
      db: db(),
      storage: shop.services.storage,
      recognizer,
      logger: shop.services.logger,
      images: {
        ...images,
        queue: (photoId: number) => (queueUp ? images.queue(photoId) : Promise.reject(new Error("connection terminated"))),
      },
    });
    await expect(job({ photoId: failed.id, derive: true }, { attempt: 1 })).rejects.toThrow("recognition reader stopped");
    expect(await deriveJobs(failed.id)).toEqual([]);

    queueUp = true;
    await expect(job({ photoId: failed.id, derive: true }, { attempt: 2 })).rejects.toThrow("recognition reader stopped");
    expect((await deriveJobs(failed.id)).map((job) => job.status)).toEqual(["queued"]);
  });
});
