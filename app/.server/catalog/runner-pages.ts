import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { type Db, photoBibs, photos, races, startList, timingPassings } from "../db/index.ts";
import { photoShown, VISIBLE_STATUSES } from "./races.ts";

/**
 * A race runners may search: the bibs its visible photos carry, and the bibs
 * its start list or timing file names that no visible photo carries yet (those
 * runners search too, and find the way to look by time), each smallest first.
 */
export type RaceBibs = { slug: string; bibs: number[]; expected: number[] };

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
      .where(and(eq(photoBibs.raceId, race.id), photoShown()))
      .orderBy(photoBibs.bib);
    // A race without photos yet (an upcoming one, dated later than the race whose results just went out) is left out.
    if (!rows.length) continue;
    const bibs = rows.map((r) => r.bib);
    found.push({ slug: race.slug, bibs, expected: await expectedBibs(db, race.id, new Set(bibs)) });
    if (found.length === limit) break;
  }
  return found;
}

/** The start list's and timing file's bibs not in `withPhotos`. */
async function expectedBibs(db: Db, raceId: number, withPhotos: ReadonlySet<number>): Promise<number[]> {
  const [registered, timed] = await Promise.all([
    db.select({ bib: startList.bib }).from(startList).where(eq(startList.raceId, raceId)),
    db.selectDistinct({ bib: timingPassings.bib }).from(timingPassings).where(eq(timingPassings.raceId, raceId)),
  ]);
  const expected = new Set([...registered, ...timed].map((r) => r.bib).filter((bib) => !withPhotos.has(bib)));
  return [...expected].sort((a, b) => a - b);
}
