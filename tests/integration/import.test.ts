import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, FIXTURES, type TestShop } from "./helpers.ts";

const folder = path.join(FIXTURES, "import-basic");

describe("import folder", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(() => shop.close());

  it("creates the race, imports readable photos and reports duplicates and broken files", async () => {
    const progress: number[] = [];
    const report = await shop.services.imports.folder(folder, (done) => progress.push(done));
    expect(report).toMatchObject({ slug: "fixture-trail-2025", raceCreated: true, total: 5, created: 3, updated: 0, unchanged: 0 });
    expect(report.duplicates).toEqual([{ file: "A004-copy.jpg", of: "A003" }]);
    expect(report.broken.map((b) => b.file)).toEqual(["B001-broken.jpg"]);
    expect(progress).toEqual([1, 2, 3, 4, 5]);
  });

  it("changes nothing when the same folder is imported again", async () => {
    const report = await shop.services.imports.folder(folder);
    expect(report).toMatchObject({ raceCreated: false, created: 0, updated: 0, unchanged: 3 });
  });

  it("makes watermarked derivatives of the right sizes and reads the capture time", async () => {
    await shop.services.worker.drain();
    const page = await shop.services.races.photos({ slug: "fixture-trail-2025", page: 1, lang: "en" });
    expect(page.found_rows).toBe(3);
    const byFrame = Object.fromEntries(page.fotos.map((p) => [p.id_photo, p]));
    // Captured 12:00:05 UTC = 09:00:05 in Buenos Aires, the race's zone.
    expect(byFrame.A001.fechahora).toBe("2025-05-04 09:00:05");
    for (const photo of page.fotos) {
      const thumbKey = photo.src_thumb.replace("http://shop.test/media/", "");
      const mediumKey = photo.src_media.replace("http://shop.test/media/", "");
      expect(thumbKey).toMatch(/^public\/p\/.+-480\.webp$/);
      const thumb = await sharp(await shop.services.storage.get(thumbKey)).metadata();
      const medium = await sharp(await shop.services.storage.get(mediumKey)).metadata();
      expect(thumb.format).toBe("webp");
      expect(thumb.width).toBe(480);
      expect(medium.width).toBe(900); // never enlarged beyond the original
    }
  });

  it("applies photos.csv: bibs, tags, free and price overrides", async () => {
    const runner = await shop.services.races.photos({ slug: "fixture-trail-2025", page: 1, bib: 101, lang: "es" });
    expect(runner.fotos.map((p) => p.id_photo).sort()).toEqual(["A001", "A003"]);
    const a003 = runner.fotos.find((p) => p.id_photo === "A003")!;
    expect(a003).toMatchObject({ precio_arg: 6000, precio_usd: 6, descuento_arg: 4000, descuento_usd: 4, free: "0" });
    // The bib-range override of race.json prices bib 101's full set.
    expect(runner).toMatchObject({ fullin_arg: 7000, fullin_usd: 7, fullin_fotos: 2 });
    const tagged = await shop.services.races.photos({ slug: "fixture-trail-2025", page: 1, tag: "largada", lang: "es" });
    expect(tagged.fotos.map((p) => p.id_photo)).toEqual(["A001"]);
    const all = await shop.services.races.photos({ slug: "fixture-trail-2025", page: 1, lang: "es" });
    expect(all.fotos[0]).toMatchObject({ id_photo: "A002", free: "1" }); // free photos first
  });

  it("keeps originals private: no public storage key points at them", async () => {
    const page = await shop.services.races.photos({ slug: "fixture-trail-2025", page: 1, lang: "es" });
    for (const photo of page.fotos) {
      expect(photo.src_thumb).not.toContain("originals");
      expect(photo.src_media).not.toContain("originals");
    }
  });

  it("stops with one clear line on a bad race.json", async () => {
    await expect(shop.services.imports.folder(path.join(FIXTURES, "does-not-exist"))).rejects.toThrow(/race\.json is missing/);
  });
});
