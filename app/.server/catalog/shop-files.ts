import { asc, eq } from "drizzle-orm";
import type { Lang } from "../../i18n/langs.ts";
import { type Db, banners, discountTiers, races } from "../db/index.ts";
import { listVisibleRaces, summarize, type MediaUrl, type RaceSummary } from "./races.ts";
import { getSetting } from "./settings.ts";

// The storefront's static-style JSON files (SPEC §7), served from the database.

export async function racesFile(db: Db, lang: Lang, mediaUrl: MediaUrl): Promise<RaceSummary[]> {
  return (await listVisibleRaces(db)).map((race) => summarize(race, lang, mediaUrl));
}

export async function bannersFile(db: Db, mediaUrl: MediaUrl): Promise<{ img: string }[]> {
  const rows = await db.select().from(banners).where(eq(banners.active, true)).orderBy(asc(banners.position), asc(banners.id));
  return rows.map((b) => ({ img: mediaUrl(b.imageKey) }));
}

export async function presaleFile(db: Db): Promise<{ active: boolean; slug: string | null }> {
  const presale = await getSetting(db, "presale");
  if (!presale.active || presale.raceId === null) return { active: false, slug: null };
  const [race] = await db.select({ slug: races.slug, open: races.preorderOpen }).from(races).where(eq(races.id, presale.raceId));
  // A pre-sale pointing at a race that no longer takes pre-orders is no pre-sale.
  return race?.open ? { active: true, slug: race.slug } : { active: false, slug: null };
}

export async function discountsFile(db: Db): Promise<{ id: number; cantidad: number; descuento: number }[]> {
  const rows = await db.select().from(discountTiers).orderBy(asc(discountTiers.minQuantity));
  return rows.map((t) => ({ id: t.id, cantidad: t.minQuantity, descuento: t.percent }));
}

export async function loadTiers(db: Db): Promise<{ minQuantity: number; percent: number }[]> {
  return db.select({ minQuantity: discountTiers.minQuantity, percent: discountTiers.percent }).from(discountTiers);
}
