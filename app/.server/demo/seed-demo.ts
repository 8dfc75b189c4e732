import fs from "node:fs/promises";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { rasterize, zonedToInstant } from "../images/index.ts";
import { SITE_IMAGE_FULL_WIDTH } from "../../domain/site-image.ts";
import { renderHomeBanner } from "./banner.ts";
import { renderRaceHero } from "./race-hero.ts";
import { renderRaceLogo } from "./race-logo.ts";
import { renderRacePhoto } from "./race-photo.ts";
import type { ImportReport } from "../catalog/index.ts";
import { getSetting, keepPublicImage, setSetting } from "../catalog/index.ts";
import type { Storage } from "../storage/index.ts";
import type { Logger } from "../logger.ts";
import { demoStartList } from "./start-list.ts";
import { DEMO_PRESALE_SLUG, DEMO_RACES, DEMO_TIERS, type DemoRace, type PhotoPlan } from "./demo-races.ts";
import { banners, discountTiers, races, type Db } from "../db/index.ts";

type SeedDeps = {
  db: Db;
  storage: Storage;
  logger: Logger;
  workDir: string;
  importFolder: (folder: string) => Promise<ImportReport>;
  /** Replaces a race's start list (recognition's, which decides its photos with it); without it no demo race has one. */
  loadStartList?: (raceId: number, csv: string) => Promise<unknown>;
  /** The races to seed; tests pass a small subset. */
  races?: DemoRace[];
};

/** Deterministic pseudo-random numbers, so every fresh shop gets the same demo. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type PlannedPhoto = { file: string; bibs: number[]; free: boolean; sale: boolean; takenAt: Date };

/** Which bibs each photo shows: featured bibs reach their minimum, the rest come from the pool. */
export function planPhotos(race: DemoRace, plan: PhotoPlan, seed: number): PlannedPhoto[] {
  const random = rng(seed);
  const start = zonedToInstant(`${race.file.date} ${plan.startTime}`, race.file.timezone ?? "America/Argentina/Buenos_Aires")!;
  const featured = plan.featured?.bibs ?? [];
  // Featured bibs go round-robin onto the first frames, so each reaches its minimum exactly.
  const featuredSlots = featured.length * (plan.featured?.minPerBib ?? 0);
  const photos: PlannedPhoto[] = [];
  for (let i = 0; i < plan.count; i++) {
    const bibs = new Set<number>();
    if (i < featuredSlots) bibs.add(featured[i % featured.length]);
    // Most frames show one runner; some show none (landscape) or a small group.
    const target = i < featuredSlots ? 1 + (random() < 0.35 ? 1 : 0) : [0, 1, 1, 1, 2, 3][Math.floor(random() * 6)];
    while (bibs.size < target) {
      const bib = plan.pool[0] + Math.floor(random() * (plan.pool[1] - plan.pool[0] + 1));
      if (!featured.includes(bib)) bibs.add(bib);
    }
    photos.push({
      file: `IMG_${String(1000 + i).padStart(5, "0")}.jpg`,
      bibs: [...bibs],
      free: Boolean(plan.freeEvery && i % plan.freeEvery === plan.freeEvery - 1),
      sale: !(plan.freeEvery && i % plan.freeEvery === plan.freeEvery - 1) && Boolean(plan.saleEvery && i % plan.saleEvery === 2),
      // Runners pass the photographers in waves: 4–40 s between frames.
      takenAt: new Date(start.getTime() + i * 4000 + Math.floor(random() * 36000)),
    });
  }
  return photos;
}

/** Runs `work` over items with a few in flight, so sharp keeps both cores busy. */
async function pool<T>(items: T[], width: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        await work(items[i], i);
      }
    }),
  );
}

const LOGO = "logo.png";
const HERO = "hero.jpg";

/** Writes a race's import folder as a photographer would hand it over, without its photos yet. */
async function writeRaceFolder(folder: string, race: DemoRace, index: number): Promise<void> {
  await fs.mkdir(path.join(folder, "photos"), { recursive: true });
  await fs.writeFile(path.join(folder, "race.json"), JSON.stringify(race.file, null, 2));
  await fs.writeFile(path.join(folder, LOGO), await renderRaceLogo({ name: race.file.name.es, seed: index + 1 }));
  await fs.writeFile(path.join(folder, HERO), await renderRaceHero({ seed: index + 1 }));
}

/** Adds the race's photos and their photos.csv to its folder. */
async function writeRacePhotos(folder: string, race: DemoRace, plan: PhotoPlan, index: number): Promise<void> {
  const photos = planPhotos(race, plan, index + 17);
  const price = race.file.price ?? { ars: 0, usd: 0 };
  const rows = ["file,bibs,tags,free,price_ars,price_usd,sale_ars,sale_usd"];
  const tagSlugs = (race.file.tags ?? []).map((t) => t.slug);
  photos.forEach((p, i) => {
    // The first and last tenth of the frames are the start and finish, the rest on course.
    const tag =
      tagSlugs.length === 0 ? "" : i < plan.count / 10 ? tagSlugs[0] : i >= plan.count * 0.9 ? tagSlugs.at(-1)! : tagSlugs.length > 2 ? tagSlugs[1] : "";
    const sale = p.sale ? [Math.round((price.ars * 0.7) / 100) * 100, Math.max(1, Math.round(price.usd * 0.7))] : ["", ""];
    rows.push([p.file, p.bibs.join(" "), tag, p.free ? "1" : "", "", "", ...sale].join(","));
  });
  await fs.writeFile(path.join(folder, "photos.csv"), `${rows.join("\n")}\n`);
  await pool(photos, 3, async (p, i) => {
    const data = await renderRacePhoto({
      bibs: p.bibs,
      seed: index * 100_000 + i,
      takenAt: p.takenAt,
      timeZone: race.file.timezone ?? "America/Argentina/Buenos_Aires",
      width: plan.width,
      height: plan.height,
    });
    await fs.writeFile(path.join(folder, "photos", p.file), data);
  });
}

const folderOf = (deps: SeedDeps, race: DemoRace) => path.join(deps.workDir, race.file.slug);

/**
 * The race itself (its page, logo and hero), imported before any race's photos so the shop lists every race at once.
 * The logo and hero then leave the folder: an import without them keeps the race's, so the photos' import does not
 * make their WebPs again (0.8 s of a first start for the eight small races).
 */
async function listDemoRace(deps: SeedDeps, race: DemoRace, index: number) {
  const folder = folderOf(deps, race);
  await writeRaceFolder(folder, race, index);
  await deps.importFolder(folder);
  await Promise.all([LOGO, HERO].map((name) => fs.rm(path.join(folder, name))));
}

/**
 * Imports the race's folder again with its photos (the race is found unchanged), then removes the folder. A race
 * with a start list gets it first, so recognition reads its photos with it, as an organiser's upload before the race.
 */
async function importDemoPhotos(deps: SeedDeps, race: DemoRace, index: number) {
  const folder = folderOf(deps, race);
  const started = Date.now();
  if (race.startList && deps.loadStartList) {
    const [row] = await deps.db.select({ id: races.id }).from(races).where(eq(races.slug, race.file.slug));
    if (row) await deps.loadStartList(row.id, demoStartList(race));
  }
  if (race.plan) {
    await writeRacePhotos(folder, race, race.plan, index);
    const report = await deps.importFolder(folder);
    deps.logger.info({ race: report.slug, photos: report.created, ms: Date.now() - started }, "demo race imported");
  }
  await fs.rm(folder, { recursive: true, force: true });
}

/** Shop-wide demo settings: discount tiers, home banners, the pre-sale race. */
async function seedShop(deps: SeedDeps) {
  const { db, storage } = deps;
  await db.insert(discountTiers).values(DEMO_TIERS);
  for (let i = 0; i < 3; i++) {
    // Stored as an uploaded banner is (WebP, content-hashed name), so phones get its narrower copies.
    const banner = await rasterize(await renderHomeBanner({ seed: 40 + i }), SITE_IMAGE_FULL_WIDTH);
    await db.insert(banners).values({ imageKey: await keepPublicImage(storage, banner, "banners/demo"), position: i });
  }
  const [presale] = await db.select({ id: races.id }).from(races).where(eq(races.slug, DEMO_PRESALE_SLUG));
  await setSetting(db, "presale", { active: true, raceId: presale?.id ?? null });
  await setSetting(db, "preparation", { status: "idle" });
}

export type SeedResult = { seeded: boolean; rest?: () => Promise<void> };

/**
 * Seeds the demo shop into an empty database through the real import and image
 * pipeline: every race and the shop-wide settings first (the home page is whole
 * within seconds), then the small races' photos, and the big pagination race's
 * after the shop is up. A start that finds races does nothing, unless the
 * seed it finds was cut short (the shop stopped within its first minutes): then
 * it goes on where it stopped. The import is idempotent (the same generated
 * photos are found unchanged), and the shop-wide settings are written once.
 */
export async function seedDemoIfEmpty(deps: SeedDeps): Promise<SeedResult> {
  const [{ n }] = await deps.db.select({ n: count() }).from(races);
  // A shop with races and no seed of ours in progress is someone's (or a demo already whole).
  const progress = Number(n) > 0 ? await getSetting(deps.db, "demoSeed") : { done: false, shop: false };
  if (progress.done) return { seeded: false };
  deps.logger.info(Number(n) > 0 ? "resuming the demo seed a stop cut short" : "empty database: seeding the demo shop");
  await setSetting(deps.db, "demoSeed", progress);
  await fs.rm(deps.workDir, { recursive: true, force: true });
  const demoRaces = deps.races ?? DEMO_RACES;
  const big = demoRaces.filter((r) => (r.plan?.count ?? 0) > 500);
  for (const [index, race] of demoRaces.entries()) await listDemoRace(deps, race, index);
  if (!progress.shop) {
    await seedShop(deps);
    await setSetting(deps.db, "demoSeed", { done: false, shop: true });
  }
  for (const [index, race] of demoRaces.entries()) {
    if (!big.includes(race)) await importDemoPhotos(deps, race, index);
  }
  const rest = async () => {
    for (const race of big) await importDemoPhotos(deps, race, demoRaces.indexOf(race));
    await fs.rm(deps.workDir, { recursive: true, force: true });
    await setSetting(deps.db, "demoSeed", { done: true, shop: true });
  };
  return { seeded: true, rest };
}
