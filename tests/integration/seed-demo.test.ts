import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_RACES } from "../../app/.server/demo/demo-races.ts";
import { seedDemoIfEmpty } from "../../app/.server/demo/seed-demo.ts";
import { importFolder } from "../../app/.server/catalog/index.ts";
import { createLogger } from "../../app/.server/logger.ts";
import { createTestShop, type TestShop } from "./helpers.ts";
import { siteImageSrcSet } from "../../app/domain/site-image.ts";

describe("demo seed", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(() => shop.close());

  // Two small races keep the test quick; the full demo runs at every fresh `npm start`.
  const subset = DEMO_RACES.filter((r) => ["bariloche-21k-2025", "patagonia-run-2026"].includes(r.file.slug)).map((r) => ({
    ...r,
    plan: r.plan && { ...r.plan, count: 6, width: 600, height: 400 },
  }));
  const seed = () =>
    seedDemoIfEmpty({
      db: shop.database.db,
      storage: shop.services.storage,
      logger: createLogger("silent"),
      workDir: path.join(shop.dataDir, "tmp", "demo"),
      importFolder: (folder) => importFolder(shop.database.db, shop.services.storage, folder),
      races: subset,
    });

  it("seeds an empty shop through the real import and image pipeline", async () => {
    const first = await seed();
    expect(first.seeded).toBe(true);
    await first.rest?.();
    await shop.services.worker.drain();
    const races = await shop.services.races.file("br");
    expect(races.map((r) => r.slug).sort()).toEqual(["bariloche-21k-2025", "patagonia-run-2026"]);
    // The logo and hero stored when the race was listed are kept by the import of its photos.
    for (const race of races) expect([race.logoUrl, race.imageUrl]).toEqual([expect.stringMatching(/logo-.+\.webp$/), expect.stringMatching(/hero-.+\.webp$/)]);
    const bariloche = await shop.services.races.photos({ slug: "bariloche-21k-2025", page: 1, lang: "en" });
    expect(bariloche.found_rows).toBe(6);
    expect(bariloche.fotos.every((p) => p.src_thumb.endsWith("-480.webp") && p.fechahora.startsWith("2025-04-27"))).toBe(true);
    expect(await shop.services.shop.discounts()).toEqual([
      { id: expect.any(Number), cantidad: 3, descuento: 15 },
      { id: expect.any(Number), cantidad: 5, descuento: 20 },
      { id: expect.any(Number), cantidad: 8, descuento: 25 },
    ]);
    expect(await shop.services.shop.presale()).toEqual({ active: true, slug: "patagonia-run-2026" });
    const banners = await shop.services.shop.banners();
    expect(banners.length).toBe(3);
    // Stored as an uploaded banner is, so a phone is offered its narrower copies.
    for (const banner of banners) expect(siteImageSrcSet(banner.img)).toBeDefined();
  });

  it("lists every race before importing any race's photos", async () => {
    const other = await createTestShop();
    try {
      const imports: { slug: string; withPhotos: boolean }[] = [];
      const seeded = await seedDemoIfEmpty({
        db: other.database.db,
        storage: other.services.storage,
        logger: createLogger("silent"),
        workDir: path.join(other.dataDir, "tmp", "demo"),
        importFolder: async (folder) => {
          const withPhotos = await fs.stat(path.join(folder, "photos.csv")).then(
            () => true,
            () => false,
          );
          imports.push({ slug: path.basename(folder), withPhotos });
          return importFolder(other.database.db, other.services.storage, folder);
        },
        races: subset,
      });
      await seeded.rest?.();
      expect(imports).toEqual([
        { slug: "bariloche-21k-2025", withPhotos: false },
        { slug: "patagonia-run-2026", withPhotos: false },
        { slug: "bariloche-21k-2025", withPhotos: true },
      ]);
    } finally {
      await other.close();
    }
  });

  it("does nothing on a database that already has races", async () => {
    const before = await shop.services.races.photos({ slug: "bariloche-21k-2025", page: 1, lang: "es" });
    expect((await seed()).seeded).toBe(false);
    const after = await shop.services.races.photos({ slug: "bariloche-21k-2025", page: 1, lang: "es" });
    expect(after.found_rows).toBe(before.found_rows);
    expect((await shop.services.shop.discounts()).length).toBe(3);
  });
});

describe("demo seed cut short", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(() => shop.close());

  const subset = DEMO_RACES.filter((r) => ["bariloche-21k-2025", "patagonia-run-2026"].includes(r.file.slug)).map((r) => ({
    ...r,
    plan: r.plan && { ...r.plan, count: 4, width: 600, height: 400 },
  }));
  const seed = (stopAt?: string) =>
    seedDemoIfEmpty({
      db: shop.database.db,
      storage: shop.services.storage,
      logger: createLogger("silent"),
      workDir: path.join(shop.dataDir, "tmp", "demo"),
      importFolder: async (folder) => {
        // The shop stopped (Ctrl-C, a crash) while this race was being imported.
        if (stopAt && folder.endsWith(stopAt)) throw new Error("stopped");
        return importFolder(shop.database.db, shop.services.storage, folder);
      },
      races: subset,
    });

  it("goes on where it stopped at the next start, writing the shop's settings once, and then does nothing", async () => {
    await expect(seed("patagonia-run-2026")).rejects.toThrow("stopped");
    expect((await shop.services.races.file("es")).map((r) => r.slug)).toEqual(["bariloche-21k-2025"]);

    const resumed = await seed();
    expect(resumed.seeded).toBe(true);
    await resumed.rest?.();
    await shop.services.worker.drain();
    expect((await shop.services.races.file("es")).map((r) => r.slug).sort()).toEqual(["bariloche-21k-2025", "patagonia-run-2026"]);
    // The race imported before the stop is found unchanged, not doubled.
    expect((await shop.services.races.photos({ slug: "bariloche-21k-2025", page: 1, lang: "es" })).found_rows).toBe(4);
    expect((await shop.services.shop.discounts()).length).toBe(3);
    expect((await shop.services.shop.banners()).length).toBe(3);

    expect((await seed()).seeded).toBe(false);
    expect((await shop.services.shop.discounts()).length).toBe(3);
  });
});
