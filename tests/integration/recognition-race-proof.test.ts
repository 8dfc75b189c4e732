import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { photoImages } from "../../app/.server/catalog/derive-job.ts";
import { bibSuggestions, photoBibs, photos, races } from "../../app/.server/db/schema.ts";
import { recognizeJob } from "../../app/.server/recognition/recognize-job.ts";
import { addBibsByHand, tagByHand } from "../../app/.server/tagging/index.ts";
import type { PhotoReading, TextReading } from "../../app/.server/recognition/read-text.ts";
import { createTestShop, type TestShop } from "./helpers.ts";

// A runner passes several cameras: a bib read short in one photo (a digit cut
// by the frame's edge) is often read whole in another. Without a start list,
// the whole bib tagged elsewhere in the race is offered for the short reading,
// whichever photo is read first, and whether a reading or a person proves it.

const FRAME = { width: 2400, height: 1600 };
const line = (text: string, cx: number, sure = 0.99): TextReading => ({
  text,
  confidences: [...text].map(() => sure),
  detectionScore: 0.99,
  box: { cx, cy: 900, width: 66 * text.length, height: 110, angle: 0 },
});
/** At the frame's left edge: the bib's first digit is beyond it. */
const atLeftEdge = (text: string) => line(text, 30);
/** At the frame's right edge: the bib's last digit is beyond it. */
const atRightEdge = (text: string) => line(text, FRAME.width - 30);

describe("a bib read short in one photo and whole in another of the race", () => {
  let shop: TestShop;
  let ids: number[];
  let raceId: number;
  const db = () => shop.database.db;
  let reading: PhotoReading | undefined;
  const read = async (photoId: number, lines: TextReading[]) => {
    reading = { ...FRAME, lines };
    const job = recognizeJob({
      db: db(),
      storage: shop.services.storage,
      recognizer: { read: async () => reading! },
      logger: shop.services.logger,
      images: photoImages(db(), shop.services.storage),
    });
    await job({ photoId, force: true });
  };
  const stateOf = async (photoId: number) => ({
    tagged: (await db().select({ bib: photoBibs.bib }).from(photoBibs).where(eq(photoBibs.photoId, photoId))).map((t) => t.bib).sort(),
    pending: (
      await db()
        .select({ bib: bibSuggestions.bib, doubts: bibSuggestions.doubts })
        .from(bibSuggestions)
        .where(and(eq(bibSuggestions.photoId, photoId), eq(bibSuggestions.status, "pending")))
        .orderBy(bibSuggestions.bib)
    ).map((s) => ({ bib: s.bib, doubts: s.doubts })),
  });

  beforeAll(async () => {
    shop = await createTestShop();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dorsal-race-proof-"));
    fs.mkdirSync(path.join(dir, "photos"));
    fs.writeFileSync(
      path.join(dir, "race.json"),
      JSON.stringify({
        slug: "proof-21k-2025",
        name: { es: "21K de la Prueba", en: "Proof 21K" },
        date: "2025-09-14",
        timezone: "America/Argentina/Buenos_Aires",
        status: "published",
        price: { ars: 5000, usd: 5 },
        bibs: "1-99999",
      }),
    );
    for (let i = 1; i <= 42; i++) {
      const jpeg = await sharp({ create: { width: 96, height: 64, channels: 3, background: { r: (25 * i) % 256, g: 80 + i, b: 110 } } })
        .jpeg()
        .toBuffer();
      fs.writeFileSync(path.join(dir, "photos", `P${String(i).padStart(3, "0")}.jpg`), jpeg);
    }
    await shop.services.imports.folder(dir);
    await shop.services.worker.drain();
    [{ id: raceId }] = await db().select({ id: races.id }).from(races).where(eq(races.slug, "proof-21k-2025"));
    ids = (await db().select({ id: photos.id }).from(photos).where(eq(photos.raceId, raceId)).orderBy(photos.frame)).map((p) => p.id);
  });
  afterAll(() => shop.close());

  it("offers the whole bib once another photo tags it, and when that photo was read first", async () => {
    // P001: "31" cut by the left edge, nothing proves more yet: it waits alone.
    await read(ids[0], [atLeftEdge("31")]);
    expect(await stateOf(ids[0])).toEqual({ tagged: [], pending: [{ bib: 31, doubts: ["frame-edge"] }] });

    // P002 reads 331 whole and tags it: P001 is decided again and offers it.
    await read(ids[1], [line("331", 1200)]);
    expect((await stateOf(ids[1])).tagged).toEqual([331]);
    const offered = {
      tagged: [],
      pending: [
        { bib: 31, doubts: ["frame-edge"] },
        { bib: 331, doubts: ["frame-edge", "longer-proven"] },
      ],
    };
    expect(await stateOf(ids[0])).toEqual(offered);

    // Read again after 331 is known, P001 offers the same at once; a plain 31 elsewhere is a runner of its own.
    await read(ids[0], [atLeftEdge("31")]);
    expect(await stateOf(ids[0])).toEqual(offered);
    await read(ids[2], [line("31", 1200)]);
    expect(await stateOf(ids[2])).toEqual({ tagged: [31], pending: [] });

    // The review queue names the photo that shows the whole bib, for the operator to compare.
    const { items } = await shop.services.recognition.reviewQueue(raceId);
    const mine = items.filter((i) => i.photoId === ids[0]).map((i) => [i.bib, i.provenIn]);
    expect(mine).toEqual(
      expect.arrayContaining([
        [31, null],
        [331, { photoId: ids[1], frame: expect.stringContaining("P002") }],
      ]),
    );

    // The runner can be found by the whole bib once the operator accepts it.
    const [suggestion] = await db()
      .select({ id: bibSuggestions.id })
      .from(bibSuggestions)
      .where(and(eq(bibSuggestions.photoId, ids[0]), eq(bibSuggestions.bib, 331)));
    const accepted = await shop.services.recognition.accept(suggestion.id);
    // The short reading it was offered with is settled at once: nobody decides the same number twice.
    expect(accepted).toMatchObject({ alternatives: 1, burstChanged: true });
    expect(await stateOf(ids[0])).toEqual({ tagged: [331], pending: [] });
  });

  it("offers the bib a person confirms on another photo to the photo that reads it short", async () => {
    // P003's runner shows "78" at the right edge; P004 reads 789 too faintly to tag.
    await read(ids[2], [atRightEdge("78")]);
    await read(ids[3], [line("789", 1200, 0.5)]);
    expect((await stateOf(ids[2])).pending.map((s) => s.bib)).toEqual([78]);
    const [suggestion] = await db()
      .select({ id: bibSuggestions.id })
      .from(bibSuggestions)
      .where(and(eq(bibSuggestions.photoId, ids[3]), eq(bibSuggestions.bib, 789)));
    const { burstChanged } = await shop.services.recognition.accept(suggestion.id);
    expect(burstChanged).toBe(true);
    expect(await stateOf(ids[2])).toEqual({
      tagged: [],
      pending: [
        { bib: 78, doubts: ["frame-edge"] },
        { bib: 789, doubts: ["frame-edge", "longer-proven"] },
      ],
    });

    // The operator types the whole number on the short reading: the offer of it is accepted with it.
    const [short] = await db()
      .select({ id: bibSuggestions.id })
      .from(bibSuggestions)
      .where(and(eq(bibSuggestions.photoId, ids[2]), eq(bibSuggestions.bib, 78)));
    await shop.services.recognition.correct(short.id, 789);
    expect(await stateOf(ids[2])).toEqual({ tagged: [789], pending: [] });
    const statuses = await db()
      .select({ bib: bibSuggestions.bib, status: bibSuggestions.status })
      .from(bibSuggestions)
      .where(eq(bibSuggestions.photoId, ids[2]))
      .orderBy(bibSuggestions.bib);
    expect(statuses).toEqual([
      { bib: 78, status: "corrected" },
      { bib: 789, status: "accepted" },
    ]);
  });

  it("offers only the bibs tagged in photos taken within minutes of the short reading's", async () => {
    // P005's "45" at the right edge was shot at noon; P006, two hours before, reads 456 whole.
    const at = (time: string) => new Date(`2025-09-14T${time}-03:00`);
    await db()
      .update(photos)
      .set({ takenAt: at("12:00:00") })
      .where(eq(photos.id, ids[4]));
    await db()
      .update(photos)
      .set({ takenAt: at("10:00:00") })
      .where(eq(photos.id, ids[5]));
    await read(ids[4], [atRightEdge("45")]);
    await read(ids[5], [line("456", 1200)]);
    expect((await stateOf(ids[4])).pending.map((s) => s.bib)).toEqual([45]);

    // A minute apart, the runner's: the race decided again offers it.
    await db()
      .update(photos)
      .set({ takenAt: at("10:01:00") })
      .where(eq(photos.id, ids[4]));
    await shop.services.recognition.redecide(raceId);
    expect((await stateOf(ids[4])).pending.map((s) => s.bib)).toEqual([45, 456]);
  });

  it("reads a photo full of numbers (a results board) and asks about its bibs in slices a query can carry", async () => {
    // 1,500 five-digit numbers: some 80,000 numbers one digit away, more than one query's 65,535 parameters.
    const board = Array.from({ length: 1500 }, (_, i) => ({
      ...line(String(20_000 + i * 37), 100 + (i % 30) * 75),
      box: { cx: 100 + (i % 30) * 75, cy: 60 + Math.floor(i / 30) * 30, width: 70, height: 24, angle: 0 },
    }));
    await read(ids[6], board);
    expect((await stateOf(ids[6])).tagged.length).toBeGreaterThan(1000);
  });

  it("undoes the automatic tag of the other reading of the same number when a person picks one", async () => {
    // A wider cut reads 1203 where the detector's box read 120: the longer is tagged, the shorter waits.
    await read(ids[7], [{ ...line("120", 1200), wide: { text: "1203", confidences: [0.99, 0.99, 0.99, 0.99] } }]);
    expect(await stateOf(ids[7])).toMatchObject({ tagged: [1203], pending: [{ bib: 120 }] });
    const [shorter] = await db()
      .select({ id: bibSuggestions.id })
      .from(bibSuggestions)
      .where(and(eq(bibSuggestions.photoId, ids[7]), eq(bibSuggestions.bib, 120)));
    await shop.services.recognition.accept(shorter.id);
    expect(await stateOf(ids[7])).toEqual({ tagged: [120], pending: [] });
  });

  it("offers a bib typed at the tagging desk on another photo to the photo that reads it short", async () => {
    await read(ids[8], [atLeftEdge("52")]);
    // P008 had no reading of its runner; the operator types 952 at the desk.
    await tagByHand(db(), raceId, [ids[7]], [952]);
    await shop.services.recognition.settle(ids[7], [120, 952]);
    expect((await stateOf(ids[8])).pending.map((s) => s.bib)).toEqual([52, 952]);
  });

  it("offers a bib added in bulk to the photo that reads it short: at once, or in the background for many photos", async () => {
    const addInBulk = (photoIds: number[], bib: number) =>
      shop.services.recognition.confirm(photoIds, [bib], undefined, (tx) => addBibsByHand(tx, raceId, photoIds, [bib]));
    // P018 and P019 had no reading of their runner; the operator adds 834 to both from the grid.
    await read(ids[16], [atRightEdge("83")]);
    await addInBulk([ids[17], ids[18]], 834);
    expect(await stateOf(ids[18])).toEqual({ tagged: [834], pending: [] });
    expect((await stateOf(ids[16])).pending.map((s) => s.bib)).toEqual([83, 834]);

    // Added to 21 photos, 276 reaches P020's "76" once the job worker has spread it.
    await read(ids[19], [atLeftEdge("76")]);
    await addInBulk(ids.slice(20, 41), 276);
    await shop.services.worker.drain();
    expect((await stateOf(ids[19])).pending.map((s) => s.bib)).toEqual([76, 276]);
  });

  it("withdraws an offer once the tag it stood on is taken away", async () => {
    await read(ids[9], [atLeftEdge("27")]);
    await read(ids[10], [line("627", 1200)]);
    expect((await stateOf(ids[9])).pending.map((s) => s.bib)).toEqual([27, 627]);
    // The operator finds 627 was not in P011 after all.
    const { burstChanged } = await shop.services.recognition.undoAuto(ids[10], 627);
    expect(burstChanged).toBe(true);
    expect(await stateOf(ids[9])).toEqual({ tagged: [], pending: [{ bib: 27, doubts: ["frame-edge"] }] });
  });

  it("leaves a number to a person once a frame of the same pass tags it one digit longer, until another frame reads it too", async () => {
    // P012, P013 and P014 are frames of one photo point, four seconds apart.
    for (const [i, time] of [
      [11, "15:00:00"],
      [12, "15:00:04"],
      [13, "15:00:08"],
    ] as const)
      await db()
        .update(photos)
        .set({ takenAt: new Date(`2025-09-14T${time}-03:00`) })
        .where(eq(photos.id, ids[i]));
    // P012 reads a centred "664": nothing says a digit is gone, it is tagged.
    await read(ids[11], [line("664", 1200)]);
    expect(await stateOf(ids[11])).toEqual({ tagged: [664], pending: [] });
    // P013 reads 1664 whole: a hand most likely covered its 1 in P012, which now waits for a person with both.
    await read(ids[12], [line("1664", 1200)]);
    expect(await stateOf(ids[11])).toEqual({
      tagged: [],
      pending: [
        { bib: 664, doubts: ["longer-in-pass"] },
        { bib: 1664, doubts: ["longer-proven"] },
      ],
    });
    const { items } = await shop.services.recognition.reviewQueue(raceId);
    expect(items.find((i) => i.photoId === ids[11] && i.bib === 1664)?.provenIn).toEqual({ photoId: ids[12], frame: expect.stringContaining("P013") });
    // P014 reads 664 too: a runner of their own, shown in two frames. Both are tagged.
    await read(ids[13], [line("664", 1200)]);
    expect(await stateOf(ids[13])).toEqual({ tagged: [664], pending: [] });
    expect(await stateOf(ids[11])).toEqual({ tagged: [664], pending: [] });
  });

  it("tags a reading too unsure on its own once another frame of the pass is tagged with it, and takes it back with that tag", async () => {
    for (const [i, time] of [
      [14, "16:00:00"],
      [15, "16:00:05"],
    ] as const)
      await db()
        .update(photos)
        .set({ takenAt: new Date(`2025-09-14T${time}-03:00`) })
        .where(eq(photos.id, ids[i]));
    // P015 reads 777 blurred: too unsure to tag. P016, five seconds later, reads it clearly.
    await read(ids[14], [line("777", 1200, 0.5)]);
    expect(await stateOf(ids[14])).toEqual({ tagged: [], pending: [{ bib: 777, doubts: ["low-score"] }] });
    await read(ids[15], [line("777", 1200)]);
    expect(await stateOf(ids[14])).toEqual({ tagged: [777], pending: [] });
    // The spot check of automatic tags (least certain first) says why P015's was tagged though unsure, and only P015's.
    const { items } = await shop.services.recognition.autoTags(raceId);
    expect(items.filter((i) => i.inPass).map((i) => [i.photoId, i.bib])).toEqual([[ids[14], 777]]);
    // The operator finds 777 was not in P016 after all: P015's tag stood on it and goes back to the queue.
    await shop.services.recognition.undoAuto(ids[15], 777);
    expect(await stateOf(ids[14])).toEqual({ tagged: [], pending: [{ bib: 777, doubts: ["low-score"] }] });
  });
});
