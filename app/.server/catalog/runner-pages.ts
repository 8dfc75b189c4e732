import { and, type Column, desc, eq, gt, inArray, sql } from "drizzle-orm";
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
 * Read again only when the catalog changes. Up to eight races: the warmer's
 * budget, not this count, decides how far it gets, so small races published
 * after a big one no longer leave it out.
 */
export async function racesWithBibs(db: Db, limit = 8, slice = 250): Promise<RaceBibs[]> {
  const recent = await db
    .select({ id: races.id, slug: races.slug })
    .from(races)
    .where(inArray(races.status, [...VISIBLE_STATUSES]))
    .orderBy(sql`${races.eventDate} desc nulls last`, desc(races.id))
    .limit(limit * 3);
  const found: RaceBibs[] = [];
  for (const race of recent) {
    const bibs = await inSlices(slice, (after) =>
      db
        .selectDistinct({ bib: photoBibs.bib })
        .from(photoBibs)
        .innerJoin(photos, eq(photos.id, photoBibs.photoId))
        .where(and(eq(photoBibs.raceId, race.id), past(photoBibs.bib, after), photoShown()))
        .orderBy(photoBibs.bib)
        .limit(slice),
    );
    // A race without photos yet (an upcoming one, dated later than the race whose results just went out) is left out.
    if (!bibs.length) continue;
    found.push({ slug: race.slug, bibs, expected: await expectedBibs(db, race.id, new Set(bibs), slice) });
    if (found.length === limit) break;
  }
  return found;
}

/** The start list's and timing file's bibs not in `withPhotos`. */
async function expectedBibs(db: Db, raceId: number, withPhotos: ReadonlySet<number>, slice: number): Promise<number[]> {
  const registered = await inSlices(slice, (after) =>
    db
      .select({ bib: startList.bib })
      .from(startList)
      .where(and(eq(startList.raceId, raceId), past(startList.bib, after)))
      .orderBy(startList.bib)
      .limit(slice),
  );
  const timed = await inSlices(slice, (after) =>
    db
      .selectDistinct({ bib: timingPassings.bib })
      .from(timingPassings)
      .where(and(eq(timingPassings.raceId, raceId), past(timingPassings.bib, after)))
      .orderBy(timingPassings.bib)
      .limit(slice),
  );
  const expected = new Set([...registered, ...timed].filter((bib) => !withPhotos.has(bib)));
  return [...expected].sort((a, b) => a - b);
}

/** Bibs past `after`, or all of them at first. */
const past = (bib: Column, after: number | undefined) => (after === undefined ? undefined : gt(bib, after));

/**
 * A sorted list of bibs read `slice` at a time (`read` answers the next ones
 * after a bib, smallest first), with a turn of the event loop between: the
 * warmer reads them on the thread that serves pages (embedded PGlite runs
 * there too), where a race of 50,000 photos, its start list and its timing
 * file read at once held visitors some 300 ms; now at most one slice.
 */
async function inSlices(slice: number, read: (after: number | undefined) => Promise<{ bib: number }[]>): Promise<number[]> {
  const bibs: number[] = [];
  for (;;) {
    const rows = await read(bibs.at(-1));
    for (const row of rows) bibs.push(row.bib);
    if (rows.length < slice) return bibs;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
