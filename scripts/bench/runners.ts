import { type Db, refreshStatistics, startList, timingPassings } from "../../app/.server/db/index.ts";

/**
 * A race's start list of bibs 1 to `runners` (42K), and a passing for each:
 * at `seen`'s time for the bibs it holds (the photos' own runners, so that
 * the timing file agrees with their capture times), otherwise in bib order,
 * `apartMs` apart from `first`.
 */
export async function registerRunners(
  db: Db,
  raceId: number,
  runners: number,
  first: Date,
  apartMs: number,
  seen: ReadonlyMap<number, Date> = new Map(),
): Promise<void> {
  for (let from = 1; from <= runners; from += 1000) {
    const bibs = Array.from({ length: Math.min(1000, runners - from + 1) }, (_, i) => from + i);
    await db.insert(startList).values(bibs.map((bib) => ({ raceId, bib, name: `Runner ${bib}`, distance: "42K" })));
    await db.insert(timingPassings).values(bibs.map((bib) => ({ raceId, bib, passedAt: seen.get(bib) ?? new Date(first.getTime() + bib * apartMs) })));
  }
  // As the shop's loaders do after a start list or timing file.
  await refreshStatistics(db, startList);
  await refreshStatistics(db, timingPassings);
}
