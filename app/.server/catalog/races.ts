import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Lang } from "../../i18n/langs.ts";
import { toUnits } from "../../domain/money.ts";
import { type Db, photoBibs, photos, races, tags } from "../db/index.ts";
import { notFound } from "../errors.ts";
import { pick } from "./localize.ts";
import type { VersionedMemo } from "./versioned-memo.ts";
import type { RaceSummary } from "../../domain/api-contract.ts";

export type RaceRow = typeof races.$inferSelect;

/** Races a visitor may see: drafts stay in the back office. */
export const VISIBLE_STATUSES = ["published", "preparing", "archived"] as const;

/** A photo a visitor may see: not hidden, and its watermarked derivatives made. */
export const photoShown = () => sql`(${photos.hidden} = false and ${photos.thumbKey} is not null)`;

/** How many photos a visitor sees of each of `bibs` in a race (a bib without any is left out). */
export async function shownPhotoCounts(db: Db, raceId: number, bibs: number[]): Promise<Map<number, number>> {
  if (!bibs.length) return new Map();
  const rows = await db
    .select({ bib: photoBibs.bib, photos: sql<number>`count(*)::int`.mapWith(Number) })
    .from(photoBibs)
    .innerJoin(photos, eq(photos.id, photoBibs.photoId))
    .where(and(eq(photoBibs.raceId, raceId), inArray(photoBibs.bib, bibs), photoShown()))
    .groupBy(photoBibs.bib);
  return new Map(rows.map((r) => [r.bib, r.photos]));
}

export type MediaUrl = (key: string | null | undefined) => string;

export type { RaceSummary } from "../../domain/api-contract.ts";

export function summarize(race: RaceRow, lang: Lang, mediaUrl: MediaUrl): RaceSummary {
  return {
    id: race.id,
    slug: race.slug,
    nombre: pick(race.name, lang),
    subtitulo: pick(race.subtitle, lang),
    logoUrl: mediaUrl(race.logoKey),
    imageUrl: mediaUrl(race.heroKey),
    fecha: race.eventDate,
    estado: race.status,
    uploading: race.uploading || race.status === "preparing",
    precio_arg: toUnits(race.priceArs),
    precio_usd: toUnits(race.priceUsd),
    fullin_arg: toUnits(race.fullsetArs),
    fullin_usd: toUnits(race.fullsetUsd),
    fullin_fotos: race.fullsetMinPhotos,
    preventa_arg: toUnits(race.preorderArs),
    preventa_usd: toUnits(race.preorderUsd),
    preventa_abierta: race.preorderOpen,
    distancias: race.distances,
    categorias: race.categories,
  };
}

/** Newest event first; races without a date last. */
export async function listVisibleRaces(db: Db): Promise<RaceRow[]> {
  return db
    .select()
    .from(races)
    .where(inArray(races.status, [...VISIBLE_STATUSES]))
    .orderBy(sql`${races.eventDate} desc nulls last`, desc(races.id));
}

export async function findVisibleRace(db: Db, slug: string): Promise<RaceRow> {
  const [race] = await db.select().from(races).where(eq(races.slug, slug)).limit(1);
  if (!race || !(VISIBLE_STATUSES as readonly string[]).includes(race.status)) throw notFound("raceNotFound", { slug });
  return race;
}

/** A race found by `findRace`, kept while the catalog does not change: every storefront read of it shares one. */
export function memoizedRace(db: Db, slug: string, memo: VersionedMemo, findRace: (db: Db, slug: string) => Promise<RaceRow> = findVisibleRace) {
  return memo(`race:${findRace.name}:${slug}`, () => findRace(db, slug));
}

export async function raceTags(db: Db, raceId: number, lang: Lang): Promise<{ slug: string; nombre: string }[]> {
  const rows = await db.select().from(tags).where(eq(tags.raceId, raceId)).orderBy(asc(tags.position), asc(tags.id));
  return rows.map((t) => ({ slug: t.slug, nombre: pick(t.name, lang) }));
}
