import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bibSuggestions, photoBibs, photos, raceNumbers, racePrints, races, timingPassings } from "../../app/.server/db/schema.ts";
import type { PhotoReading, TextReading } from "../../app/.server/recognition/read-text.ts";
import { createTestShop, type TestShop } from "./helpers.ts";
import { jobReading as jobReadingOf, readPhotoAs, textLine as line } from "./recognition-helpers.ts";

// Scenery: a number read in many of a race's photos (the km sign beside the
// photographer) is no runner's, even in the photos read before it showed up
// often enough to tell.

describe("numbers read all over a race", () => {
  let shop: TestShop;
  let raceId: number;
  let ids: number[];
  const db = () => shop.database.db;
  const jobReading = (read: () => PhotoReading) => jobReadingOf(shop, read);
  /** Reads photo `id` as taken at `at` (ms) by `camera`, its reader seeing `lines`. */
  const readBy = (camera: string, id: number, at: number, lines: TextReading[]) => readPhotoAs(shop, { id, at, camera, lines });
  /** Copies of the race's first photo under other frame names (`frame` also makes each public id and hash unique): their ids. */
  const copiesOfFirst = async (frames: string[]) => {
    const [first] = await db().select().from(photos).where(eq(photos.id, ids[0]));
    const { id: _id, publicId: _publicId, ...copy } = first;
    const rows = await db()
      .insert(photos)
      .values(frames.map((frame) => ({ ...copy, publicId: `scenery-${frame}`, frame, sha256: `copy-${frame}` })))
      .returning({ id: photos.id });
    return rows.map((r) => r.id);
  };
  const tagsOf = async (photoId: number) =>
    (await db().select({ bib: photoBibs.bib }).from(photoBibs).where(eq(photoBibs.photoId, photoId))).map((t) => t.bib).sort();

  beforeAll(async () => {
    shop = await createTestShop();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dorsal-scenery-"));
    fs.mkdirSync(path.join(dir, "photos"));
    fs.writeFileSync(
      path.join(dir, "race.json"),
      JSON.stringify({
        slug: "scenery-10k-2025",
        name: { es: "10K del Cartel", en: "Sign 10K" },
        date: "2025-08-10",
        timezone: "America/Argentina/Buenos_Aires",
        status: "published",
        price: { ars: 5000, usd: 5 },
        bibs: "1-999",
      }),
    );
    for (let i = 1; i <= 6; i++) {
      const jpeg = await sharp({ create: { width: 96, height: 64, channels: 3, background: { r: 40 * i, g: 90, b: 120 } } })
        .jpeg()
        .toBuffer();
      fs.writeFileSync(path.join(dir, "photos", `S00${i}.jpg`), jpeg);
    }
    await shop.services.imports.folder(dir);
    await shop.services.worker.drain();
    [{ id: raceId }] = await db().select({ id: races.id }).from(races).where(eq(races.slug, "scenery-10k-2025"));
    ids = (await db().select({ id: photos.id }).from(photos).where(eq(photos.raceId, raceId)).orderBy(photos.frame)).map((p) => p.id);
  });
  afterAll(() => shop.close());

  it("sends the km sign's number to a person once three photos show it and drops it at five, in those read before too, and keeps the runners", async () => {
    // Each photo: the sign "23" up on its post, and one runner's bib (101…106).
    const readings = new Map<number, PhotoReading>(
      ids.map((id, i) => [id, { width: 2400, height: 1600, lines: [line("23", 400, 300, 60), line(String(101 + i), 1200, 900, 110)] }]),
    );
    let reading: PhotoReading | undefined;
    const job = jobReading(() => reading!);
    for (const [i, id] of ids.entries()) {
      reading = readings.get(id);
      await job({ photoId: id, force: true });
      // Up to the second photo the sign looks like a runner numbered 23; read often
      // from the third (no bib's print around it), it waits for a person in each.
      if (i === 1) expect(await tagsOf(ids[0])).toEqual([101, 23]);
      if (i === 3) {
        expect(await tagsOf(ids[0])).toEqual([101]);
        const waiting = await db()
          .select({ photoId: bibSuggestions.photoId, status: bibSuggestions.status, doubts: bibSuggestions.doubts })
          .from(bibSuggestions)
          .where(and(eq(bibSuggestions.raceId, raceId), eq(bibSuggestions.bib, 23)));
        expect(waiting.map((w) => w.photoId).sort()).toEqual(ids.slice(0, 4).sort());
        for (const w of waiting) expect(w).toMatchObject({ status: "pending", doubts: expect.arrayContaining(["often-read"]) });
      }
    }
    for (const [i, id] of ids.entries()) expect(await tagsOf(id)).toEqual([101 + i]);
    const signSuggestions = await db()
      .select()
      .from(bibSuggestions)
      .where(and(eq(bibSuggestions.raceId, raceId), eq(bibSuggestions.bib, 23)));
    expect(signSuggestions).toEqual([]);

    // The counts follow the photos: a deleted photo no longer counts.
    const count = async () =>
      (
        await db()
          .select({ photos: raceNumbers.photos })
          .from(raceNumbers)
          .where(and(eq(raceNumbers.raceId, raceId), eq(raceNumbers.number, 23)))
      )[0]?.photos;
    // Number 0 counts the photos the race has read.
    const read = async () =>
      (
        await db()
          .select({ photos: raceNumbers.photos })
          .from(raceNumbers)
          .where(and(eq(raceNumbers.raceId, raceId), eq(raceNumbers.number, 0)))
      )[0]?.photos;
    expect([await count(), await read()]).toEqual([6, 6]);
    await db().delete(photos).where(eq(photos.id, ids[5]));
    expect([await count(), await read()]).toEqual([5, 5]);
  });

  it("counts moments, not photos: a runner's burst of five frames keeps its tag, a sign seen at five moments does not", async () => {
    const live = ids.slice(0, 5); // the sixth photo was deleted above
    let reading: PhotoReading | undefined;
    const job = jobReading(() => reading!);
    const readAt = async (times: Date[], lines: (i: number) => TextReading[]) => {
      for (const [i, id] of live.entries()) {
        await db().update(photos).set({ takenAt: times[i] }).where(eq(photos.id, id));
        reading = { width: 2400, height: 1600, lines: lines(i) };
        await job({ photoId: id, force: true });
      }
    };
    // One runner, 345, in a burst: five frames a second apart.
    const start = Date.parse("2025-08-10T12:01:00Z");
    await readAt(
      live.map((_, i) => new Date(start + i * 1000)),
      () => [line("345", 1200, 900, 110)],
    );
    for (const id of live) expect(await tagsOf(id)).toEqual([345]);
    const moments = async (number: number) =>
      (
        await db()
          .select({ photos: raceNumbers.photos, moments: raceNumbers.moments })
          .from(raceNumbers)
          .where(and(eq(raceNumbers.raceId, raceId), eq(raceNumbers.number, number)))
      )[0];
    expect(await moments(345)).toEqual({ photos: 5, moments: 1 });

    // The sign "77" beside the photographer, in photos a minute apart (five minutes in all), each with another runner.
    await readAt(
      live.map((_, i) => new Date(start + i * 60_000)),
      (i) => [line("77", 400, 300, 60), line(String(201 + i), 1200, 900, 110)],
    );
    expect(await moments(77)).toEqual({ photos: 5, moments: 5 });
    expect(await moments(345)).toEqual({ photos: 0, moments: 0 });
    for (const [i, id] of live.entries()) expect(await tagsOf(id)).toEqual([201 + i]);
  });

  it("counts each camera's moments: a runner seen at five photo points in five minutes keeps the tag in each", async () => {
    const live = ids.slice(0, 5);
    // Runner 456, a plain bib (no print read), at the start, km 2, 4, 6 and the finish of a short race: a camera each, a minute apart.
    const start = Date.parse("2025-08-10T12:10:00Z");
    for (const [i, id] of live.entries()) await readBy(`Canon EOS R6 #${i + 1}`, id, start + i * 60_000, [line("456", 1200, 900, 110)]);
    for (const id of live) expect(await tagsOf(id)).toEqual([456]);
    const [counted] = await db()
      .select({ photos: raceNumbers.photos, moments: raceNumbers.moments })
      .from(raceNumbers)
      .where(and(eq(raceNumbers.raceId, raceId), eq(raceNumbers.number, 456)));
    expect(counted).toEqual({ photos: 5, moments: 1 });
    await db().update(photos).set({ camera: null }).where(eq(photos.raceId, raceId));
  });

  it("drops a number only in the photos of the camera that read it minute after minute: a runner lingering at the finish keeps the course's tags", async () => {
    // Five photos at the finish and one at km 5 (a copy of the first, under another frame name).
    const [km5] = await copiesOfFirst(["K001"]);
    const finish = ids.slice(0, 5);
    // Runner 789, a plain bib (no print read), passes km 5, then stays in the finish photographer's
    // view for five minutes after finishing, behind the runners arriving (301…305).
    const start = Date.parse("2025-08-10T12:30:00Z");
    await readBy("Nikon Z6 #km5", km5, start, [line("789", 1200, 900, 110)]);
    expect(await tagsOf(km5)).toEqual([789]);
    for (const [i, id] of finish.entries()) {
      await readBy("Nikon Z6 #finish", id, start + (20 + i) * 60_000, [line("789", 500, 700, 50), line(String(301 + i), 1200, 900, 110)]);
    }
    // At the finish it is read in five minutes: scenery there, as a sign beside that photographer would be.
    for (const [i, id] of finish.entries()) expect(await tagsOf(id)).toEqual([301 + i]);
    // At km 5 it is the runner passing, read again or not.
    expect(await tagsOf(km5)).toEqual([789]);
    await readBy("Nikon Z6 #km5", km5, start, [line("789", 1200, 900, 110)]);
    expect(await tagsOf(km5)).toEqual([789]);
    await db().delete(photos).where(eq(photos.id, km5));
    await db().update(photos).set({ camera: null }).where(eq(photos.raceId, raceId));
  });

  it("keeps a runner on a lap course whom the timing file has crossing the photo point each time, and drops the sign beside it", async () => {
    const laps = ids.slice(0, 5);
    // Runner 42, a plain bib, laps a criterium every eight minutes past one photographer at the line,
    // where a "10" hangs; runner 10 crosses it once, at the third lap's photo.
    const start = Date.parse("2025-08-10T13:00:00Z");
    const lapAt = (i: number) => start + i * 8 * 60_000;
    await db()
      .insert(timingPassings)
      .values([...laps.map((_, i) => ({ raceId, bib: 42, passedAt: new Date(lapAt(i) - 3000) })), { raceId, bib: 10, passedAt: new Date(lapAt(2) + 8000) }]);
    for (const [i, id] of laps.entries()) await readBy("Sony A7 IV #line", id, lapAt(i), [line("42", 1200, 900, 110), line("10", 400, 300, 60)]);
    // Read at five moments, each when its runner crossed the line: a runner, tagged in every lap.
    for (const id of laps) expect(await tagsOf(id)).toEqual([42]);
    // The sign is scenery, dropped where its number's runner was not crossing, and left to a person where they were.
    const ten = await db()
      .select({ photoId: bibSuggestions.photoId, status: bibSuggestions.status, doubts: bibSuggestions.doubts })
      .from(bibSuggestions)
      .where(and(eq(bibSuggestions.raceId, raceId), eq(bibSuggestions.bib, 10)));
    const at = (i: number) => ten.find((t) => t.photoId === laps[i]);
    expect(at(2)).toMatchObject({ status: "pending", doubts: expect.arrayContaining(["scenery"]) });
    expect([at(3), at(4)]).toEqual([undefined, undefined]);
    await db().delete(timingPassings).where(eq(timingPassings.raceId, raceId));
    await db().update(photos).set({ camera: null }).where(eq(photos.raceId, raceId));
  });

  it("tags a runner lapping past a photographer with no timing mat there, leaves a plain bib to a person, and drops the sign read minute after minute", async () => {
    // A 24-hour race's loop: runners 42 (a plain bib) and 77 (its bib's event name read above the
    // number) pass every ten minutes; between laps the photographer shoots other runners (501…), an
    // aid station's "10" behind them in every photo.
    const minutes = [0, 2, 5, 8, 10, 12, 15, 18, 20, 22, 25, 28, 30, 32, 35, 38, 40];
    const isLap = (i: number) => minutes[i] % 10 === 0;
    const loop = await copiesOfFirst(minutes.map((m) => `L${m}`));
    const start = Date.parse("2025-08-10T15:00:00Z");
    for (const [i, id] of loop.entries()) {
      const runners = isLap(i)
        ? [line("42", 1200, 900, 110), line("77", 1800, 900, 110), line("CITY 24H", 1800, 810, 40)]
        : [line(String(501 + i), 1200, 900, 110)];
      await readBy("Canon R6 #loop", id, start + minutes[i] * 60_000, [...runners, line("10", 400, 300, 60)]);
    }
    const laps = loop.filter((_, i) => isLap(i));
    const fortyTwo = await db()
      .select({ photoId: bibSuggestions.photoId, status: bibSuggestions.status, doubts: bibSuggestions.doubts })
      .from(bibSuggestions)
      .where(and(eq(bibSuggestions.raceId, raceId), eq(bibSuggestions.bib, 42), inArray(bibSuggestions.photoId, laps)));
    // Read in five of the camera's seventeen minutes, as a sign by its count but only now and then: on a bib, a runner tagged
    // in every lap; a plain number, left to a person in every lap.
    expect(fortyTwo.map((s) => s.photoId).sort((a, b) => a - b)).toEqual([...laps].sort((a, b) => a - b));
    for (const s of fortyTwo) expect(s).toMatchObject({ status: "pending", doubts: expect.arrayContaining(["scenery"]) });
    // The sign, read in every one of them, is dropped; the runners between laps keep their tags.
    for (const [i, id] of loop.entries()) expect(await tagsOf(id)).toEqual(isLap(i) ? [77] : [501 + i]);
    const ten = await db()
      .select({ id: bibSuggestions.id })
      .from(bibSuggestions)
      .where(and(eq(bibSuggestions.bib, 10), eq(bibSuggestions.status, "pending"), inArray(bibSuggestions.photoId, loop)));
    expect(ten).toEqual([]);
    await db().delete(photos).where(inArray(photos.id, loop));
  });

  it("tags a runner read often in photos of unknown time once one of them shows the bib's print, in those read before too", async () => {
    const live = ids.slice(0, 4);
    await db().update(photos).set({ takenAt: null }).where(eq(photos.raceId, raceId));
    let reading: PhotoReading | undefined;
    const job = jobReading(() => reading!);
    const waiting = async (photoId: number) =>
      (
        await db()
          .select({ status: bibSuggestions.status, doubts: bibSuggestions.doubts })
          .from(bibSuggestions)
          .where(and(eq(bibSuggestions.photoId, photoId), eq(bibSuggestions.bib, 612)))
      )[0];
    // Runner 612 in four photos with no capture time (each a moment of its own): the first three show the number alone.
    for (const id of live.slice(0, 3)) {
      reading = { width: 2400, height: 1600, lines: [line("612", 1200, 900, 110)] };
      await job({ photoId: id, force: true });
    }
    // Read in three moments with no bib's print, it could be a sign: a person looks.
    for (const id of live.slice(0, 3)) expect(await waiting(id)).toMatchObject({ status: "pending", doubts: ["often-read"] });
    // The fourth shows the race's name printed above it: a bib, tagged, and so are the three before.
    reading = { width: 2400, height: 1600, lines: [line("612", 1200, 900, 110), line("CITY HALF", 1200, 790, 40)] };
    await job({ photoId: live[3], force: true });
    for (const id of live) expect(await tagsOf(id)).toEqual([612]);
    // Read again alone, a photo is tagged at once now that another shows it on a bib.
    reading = { width: 2400, height: 1600, lines: [line("612", 1200, 900, 110)] };
    await job({ photoId: live[0], force: true });
    expect(await tagsOf(live[0])).toEqual([612]);
  });

  it("knows the race's bib print, and leaves to a person a number whose print is cut short", async () => {
    // Read again: four bibs under the race's whole print, and "32" of a 132
    // whose left end a hand hides, with "MARATON DE" of the print above it.
    const bib = (n: number, print: string, cx: number, h: number): TextReading[] => [line(String(n), 1200, 900, 110), line(print, cx, 830, h)];
    const lines = [...[101, 102, 103, 104].map((n) => bib(n, "MARATON DE ROSARIO", 1200, 30)), bib(32, "ROSARIO", 1220, 25)];
    let reading: PhotoReading | undefined;
    const job = jobReading(() => reading!);
    // The cut one is read first, before the race's print is known: it is decided again once it is.
    for (const i of [4, 0, 1, 2, 3]) {
      reading = { width: 2400, height: 1600, lines: lines[i] };
      await job({ photoId: ids[i], force: true });
      if (i === 4) expect(await tagsOf(ids[4])).toEqual([32]);
    }
    const [print] = await db()
      .select({ photos: racePrints.photos })
      .from(racePrints)
      .where(and(eq(racePrints.raceId, raceId), eq(racePrints.key, "MARATONDEROSARIO")));
    expect(print.photos).toBe(4);
    expect(await tagsOf(ids[0])).toEqual([101]);
    expect(await tagsOf(ids[4])).toEqual([]);
    const [waiting] = await db().select().from(bibSuggestions).where(eq(bibSuggestions.photoId, ids[4]));
    expect(waiting).toMatchObject({ bib: 32, status: "pending" });
    expect(waiting.doubts).toContain("cut-print");
  });
});
