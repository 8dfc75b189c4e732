import fs from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { inTransaction, type Db, adminUsers, fullsetOverrides, races, tags } from "../db/index.ts";
import { rasterize } from "../images/index.ts";
import { keepPublicImage } from "./public-image.ts";
import type { Storage } from "../storage/index.ts";
import { ingestPhoto } from "./ingest-photo.ts";
import { parsePhotosCsv, type PhotoMeta } from "./photos-csv.ts";
import { parseRaceFile, raceValues, type RaceFile } from "./race-file.ts";
import type { RaceRow } from "./races.ts";
import { toMinor } from "../../domain/money.ts";
import { FolderError } from "./folder-error.ts";

export type ImportReport = {
  slug: string;
  raceCreated: boolean;
  total: number;
  created: number;
  updated: number;
  unchanged: number;
  duplicates: { file: string; of: string }[];
  broken: { file: string; reason: string }[];
};

export type ImportProgress = (done: number, total: number, file: string) => void;

const IMAGE = /\.(jpe?g)$/i;

/** Imports an import folder (ARCHITECTURE.md §4). Running it twice changes nothing. */
export async function importFolder(
  db: Db,
  storage: Storage,
  folder: string,
  onProgress: ImportProgress = () => {},
  /** The account that imports: the photographer of its photos unless the folder names one. */
  importerId: number | null = null,
): Promise<ImportReport> {
  const raceJson = await readJson(path.join(folder, "race.json"));
  const file = parseRaceFile(raceJson);
  const csvText = await fs.readFile(path.join(folder, "photos.csv"), "utf8").catch(() => undefined);
  const meta = csvText === undefined ? new Map<string, PhotoMeta>() : parsePhotosCsv(csvText);
  const accounts = await accountsByEmail(db, [file.photographer, ...[...meta.values()].map((m) => m.photographer)]);
  for (const m of meta.values()) if (m.photographer) m.photographerId = accounts.get(m.photographer);
  const folderPhotographer = file.photographer ? accounts.get(file.photographer.toLowerCase()) : importerId;

  const { race, created } = await upsertRace(db, storage, folder, file);
  const photosDir = path.join(folder, "photos");
  const names = (await fs.readdir(photosDir).catch(() => [] as string[])).filter((n) => IMAGE.test(n)).sort();

  const report: ImportReport = {
    slug: race.slug,
    raceCreated: created,
    total: names.length,
    created: 0,
    updated: 0,
    unchanged: 0,
    duplicates: [],
    broken: [],
  };
  for (const [i, name] of names.entries()) {
    const data = await fs.readFile(path.join(photosDir, name));
    const outcome = await ingestPhoto(db, storage, { race, fileName: name, data, meta: meta.get(name), photographerId: folderPhotographer });
    if (outcome.kind === "duplicate") report.duplicates.push({ file: name, of: outcome.of });
    else if (outcome.kind === "broken") report.broken.push({ file: name, reason: outcome.reason });
    else report[outcome.kind]++;
    onProgress(i + 1, names.length, name);
  }
  return report;
}

/** The accounts the folder names as photographers; one without an account stops the import before any photo. */
async function accountsByEmail(db: Db, emails: (string | undefined)[]): Promise<Map<string, number>> {
  const wanted = [...new Set(emails.filter((e): e is string => Boolean(e)).map((e) => e.toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ id: adminUsers.id, email: adminUsers.email }).from(adminUsers).where(inArray(adminUsers.email, wanted));
  const found = new Map(rows.map((r) => [r.email, r.id]));
  const missing = wanted.find((e) => !found.has(e));
  if (missing) throw new FolderError(`photographer ${missing} has no account in the back office`);
  return found;
}

async function readJson(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await fs.readFile(file, "utf8");
  } catch {
    throw new FolderError(`${path.basename(file)} is missing from the import folder`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new FolderError(`${path.basename(file)} is not valid JSON: ${(error as Error).message}`);
  }
}

/** The widest a race's logo and hero are kept, as in the race editor. */
const RACE_IMAGE_WIDTH = { logo: 512, hero: 2400 } as const;

/**
 * Stores logo.* / hero.* as WebP under content-hashed public keys (same file,
 * same key). An SVG is rasterised like a web upload: served as a picture, its
 * script can never run on our origin.
 */
async function storeRaceImage(storage: Storage, folder: string, slug: string, base: "logo" | "hero"): Promise<string | undefined> {
  const entries = await fs.readdir(folder);
  const name = entries.find((n) => new RegExp(`^${base}\\.(png|jpe?g|webp|svg)$`, "i").test(n));
  if (!name) return undefined;
  let data: Buffer;
  try {
    data = await rasterize(await fs.readFile(path.join(folder, name)), RACE_IMAGE_WIDTH[base]);
  } catch (error) {
    throw new FolderError(`${name} is not a readable image: ${(error as Error).message}`);
  }
  return keepPublicImage(storage, data, `r/${slug}/${base}`);
}

async function upsertRace(db: Db, storage: Storage, folder: string, file: RaceFile): Promise<{ race: RaceRow; created: boolean }> {
  const values = raceValues(file);
  const logoKey = await storeRaceImage(storage, folder, file.slug, "logo");
  const heroKey = await storeRaceImage(storage, folder, file.slug, "hero");
  const images = { ...(logoKey ? { logoKey } : {}), ...(heroKey ? { heroKey } : {}) };

  return inTransaction(db, async (tx) => {
    const [existing] = await tx.select().from(races).where(eq(races.slug, file.slug));
    let race: RaceRow;
    if (existing) {
      const changed = Object.entries({ ...values, ...images }).some(([k, v]) => JSON.stringify(existing[k as keyof RaceRow]) !== JSON.stringify(v));
      race = changed
        ? (
            await tx
              .update(races)
              .set({ ...values, ...images, updatedAt: new Date() })
              .where(eq(races.id, existing.id))
              .returning()
          )[0]
        : existing;
    } else {
      race = (
        await tx
          .insert(races)
          .values({ ...values, ...images })
          .returning()
      )[0];
    }

    for (const [position, tag] of (file.tags ?? []).entries()) {
      const [current] = await tx
        .select()
        .from(tags)
        .where(and(eq(tags.raceId, race.id), eq(tags.slug, tag.slug)));
      if (!current) await tx.insert(tags).values({ raceId: race.id, slug: tag.slug, name: tag.name, position });
      else if (JSON.stringify(current.name) !== JSON.stringify(tag.name) || current.position !== position)
        await tx.update(tags).set({ name: tag.name, position }).where(eq(tags.id, current.id));
    }

    if (file.fullset?.overrides) {
      const wanted = file.fullset.overrides.map((o) => ({ bibRanges: o.bibs, priceArs: toMinor(o.ars), priceUsd: toMinor(o.usd) }));
      const current = await tx.select().from(fullsetOverrides).where(eq(fullsetOverrides.raceId, race.id));
      const same =
        JSON.stringify(current.map((o) => [o.bibRanges, o.priceArs, o.priceUsd])) === JSON.stringify(wanted.map((o) => [o.bibRanges, o.priceArs, o.priceUsd]));
      if (!same) {
        await tx.delete(fullsetOverrides).where(eq(fullsetOverrides.raceId, race.id));
        if (wanted.length) await tx.insert(fullsetOverrides).values(wanted.map((o) => ({ ...o, raceId: race.id })));
      }
    }
    return { race, created: !existing };
  });
}
