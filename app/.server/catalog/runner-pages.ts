import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { type Db, photoBibs, photos, races } from "../db/index.ts";
import { VISIBLE_STATUSES } from "./races.ts";

/** A race runners may search, and the bibs its visible photos carry, smallest first. */
export type RaceBibs = { slug: string; bibs: number[] };

/**
 * The searches runners are about to make: every bib with a visible photo, race
 * by race, the most recent race first (the one whose results just went out).
 * One query per race, read again only when the catalog changes. Up to eight
 * races: the warmer's budget, not this count, decides how far it gets, so
 * small races published after a big one no longer leave it out.
 */
export async function racesWithBibs(db: Db, limit = 8): Promise<RaceBibs[]> {
  const recent = await db
    .select({ id: races.id, slug: races.slug })
    .from(races)
    .where(inArray(races.status, [...VISIBLE_STATUSES]))
    .orderBy(sql`${races.eventDate} desc nulls last`, desc(races.id))
    .limit(limit * 3);
  const found: RaceBibs[] = [];
  for (const race of recent) {
    const rows = await db
      .selectDistinct({ bib: photoBibs.bib })
      .from(photoBibs)
      .innerJoin(photos, eq(photos.id, photoBibs.photoId))
      .where(and(eq(photoBibs.raceId, race.id), eq(photos.hidden, false), isNotNull(photos.thumbKey)))
      .orderBy(photoBibs.bib);
    if (rows.length) found.push({ slug: race.slug, bibs: rows.map((r) => r.bib) });
    if (found.length === limit) break;
  }
  return found;
}
