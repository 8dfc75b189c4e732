import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bibSuggestions, photoBibs, photos, races } from "../../app/.server/db/schema.ts";
import { withdrawUnproven } from "../../app/.server/recognition/burst-store.ts";
import type { TextReading } from "../../app/.server/recognition/read-text.ts";
import type { Operator } from "../../app/.server/staff/index.ts";
import { loginAs } from "./admin-helpers.ts";
import { createTestShop, type TestShop } from "./helpers.ts";
import { readPhotoAs, textLine as line } from "./recognition-helpers.ts";

// A runner passing a photo point shows in several of its photographer's
// frames, coming closer; in one of them another runner stands in front of
// the bib. Tagged in the frame before and the frame after, the bib is offered
// for the frame between, whatever order the frames are read in.

const ADMIN = { email: "boss@dorsal.test", password: "boss-password-1" };
const CAMERA = "Sony A7 IV #4417";
const START = Date.parse("2025-09-14T11:02:00Z");

describe("a runner between two frames of a pass", () => {
  let shop: TestShop;
  let admin: Operator;
  let raceId: number;
  const ids = new Map<string, number>();
  const db = () => shop.database.db;
  /** Reads `frame` as taken `second`s into the pass by `camera`, its reader seeing `lines`. */
  const read = (frame: string, second: number, lines: TextReading[], camera = CAMERA) =>
    readPhotoAs(shop, { id: ids.get(frame)!, at: START + second * 1000, camera, lines, size: { width: 3000, height: 2000 } });
  const pendingOf = async (frame: string) =>
    (
      await db()
        .select({ bib: bibSuggestions.bib, doubts: bibSuggestions.doubts, evidence: bibSuggestions.evidencePhotoId })
        .from(bibSuggestions)
        .where(and(eq(bibSuggestions.photoId, ids.get(frame)!), eq(bibSuggestions.status, "pending")))
    ).sort((a, b) => a.bib - b.bib);
  const tagsOf = async (frame: string) =>
    (
      await db()
        .select({ bib: photoBibs.bib })
        .from(photoBibs)
        .where(eq(photoBibs.photoId, ids.get(frame)!))
    )
      .map((t) => t.bib)
      .sort();

  beforeAll(async () => {
    shop = await createTestShop({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    await shop.services.admins.ensureFirst();
    ({ op: admin } = await loginAs(shop.services, ADMIN.email, ADMIN.password));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dorsal-pass-"));
    fs.mkdirSync(path.join(dir, "photos"));
    fs.writeFileSync(
      path.join(dir, "race.json"),
      JSON.stringify({
        slug: "pass-21k-2025",
        name: { es: "21K del Paso", en: "Pass 21K" },
        date: "2025-09-14",
        timezone: "America/Argentina/Buenos_Aires",
        status: "published",
        price: { ars: 5000, usd: 5 },
        bibs: "1-1999",
      }),
    );
    for (const [i, frame] of ["P101", "P102", "P103", "P104", "P105", "Q201"].entries()) {
      const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 60 * i, g: 110, b: 90 } } })
        .jpeg()
        .toBuffer();
      fs.writeFileSync(path.join(dir, "photos", `${frame}.jpg`), jpeg);
    }
    await shop.services.imports.folder(dir);
    await shop.services.worker.drain();
    [{ id: raceId }] = await db().select({ id: races.id }).from(races).where(eq(races.slug, "pass-21k-2025"));
    for (const p of await db().select({ id: photos.id, frame: photos.frame }).from(photos).where(eq(photos.raceId, raceId))) ids.set(p.frame, p.id);
  });
  afterAll(() => shop.close());

  it("offers the bib tagged before and after to the frame between, with the frame that shows it, and not to another camera's", async () => {
    // Runner 1043 comes closer: far left, then hidden behind runner 77, then large on the right.
    // The middle frame is read first; another photographer's frame of the same second reads nothing.
    await read("P102", 4, [line("77", 1500, 1000, 120)]);
    await read("Q201", 4, [], "Canon R6 #9");
    await read("P101", 0, [line("1043", 700, 900, 60)]);
    expect(await pendingOf("P102")).toEqual([]);
    await read("P103", 8, [line("1043", 2300, 1100, 150)]);

    expect(await tagsOf("P101")).toEqual([1043]);
    expect(await tagsOf("P102")).toEqual([77]);
    expect(await tagsOf("P103")).toEqual([1043]);
    // Both proving frames are four seconds away: the one before is named.
    expect(await pendingOf("P102")).toEqual([{ bib: 1043, doubts: ["pass-between"], evidence: ids.get("P101") }]);
    expect(await pendingOf("Q201")).toEqual([]);

    // The review queue shows the frame under review whole beside the bib in the proving frame.
    const { queue } = await shop.services.admin.bibs.review(admin, raceId);
    const item = queue.items.find((i) => i.bib === 1043)!;
    expect([item.frame, item.evidence?.frame, item.doubts]).toEqual(["P102", "P101", ["pass-between"]]);
    const whole = await sharp(await shop.services.admin.bibs.crop(admin, item.id, 240)).metadata();
    expect([whole.width, whole.height]).toEqual([240, 160]);
    const proof = await sharp(await shop.services.admin.bibs.crop(admin, item.id, 240, { evidence: true })).metadata();
    expect(proof.width).toBe(240);
    expect(proof.height).toBeGreaterThan(160);

    // A new decision round offers it again.
    await shop.services.recognition.redecide(raceId);
    expect(await pendingOf("P102")).toEqual([{ bib: 1043, doubts: ["pass-between"], evidence: ids.get("P101") }]);
  });

  it("withdraws it when the frame after, read again, no longer shows the bib, and offers it again when it does", async () => {
    await read("P103", 8, [line("77", 2300, 1100, 150)]);
    expect(await tagsOf("P103")).toEqual([77]);
    expect(await pendingOf("P102")).toEqual([]);
    await read("P103", 8, [line("1043", 2300, 1100, 150)]);
    expect(await pendingOf("P102")).toEqual([{ bib: 1043, doubts: ["pass-between"], evidence: ids.get("P101") }]);
  });

  it("keeps it when a whole big race is looked over at once (more photos than a statement binds)", async () => {
    const many = [...Array.from({ length: 70_000 }, (_, i) => 1_000_000 + i), ...ids.values()];
    expect(await withdrawUnproven(db(), many)).toBe(0);
    expect(await pendingOf("P102")).toEqual([{ bib: 1043, doubts: ["pass-between"], evidence: ids.get("P101") }]);
  });

  it("withdraws it once a person takes the bib off the frame after, though the frame it names still shows it", async () => {
    expect(await shop.services.admin.bibs.undoAuto(admin, ids.get("P103")!, 1043)).toMatchObject({ burstChanged: true });
    expect(await tagsOf("P101")).toEqual([1043]);
    expect(await pendingOf("P102")).toEqual([]);
    // Nor does a new decision round bring it back: one side no longer shows the runner.
    await shop.services.recognition.redecide(raceId);
    expect(await pendingOf("P102")).toEqual([]);
  });

  it("offers it from another frame once the frame it names is deleted, and withdraws it once one side has no frame left", async () => {
    await read("P105", 10, [line("1043", 2500, 1100, 170)]);
    await read("P104", 2, [line("1043", 900, 950, 80)]);
    expect(await pendingOf("P102")).toEqual([{ bib: 1043, doubts: ["pass-between"], evidence: ids.get("P101") }]);

    // The frame named goes: the runner is still shown two seconds before, in P104.
    await shop.services.admin.photos.bulk(admin, raceId, [ids.get("P101")!], { action: "delete" });
    expect(await pendingOf("P102")).toEqual([{ bib: 1043, doubts: ["pass-between"], evidence: ids.get("P104") }]);
    // The only frame after goes: nothing shows the runner passing any more.
    await shop.services.admin.photos.bulk(admin, raceId, [ids.get("P105")!], { action: "delete" });
    expect(await pendingOf("P102")).toEqual([]);
  });
});
