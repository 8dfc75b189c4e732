import { and, asc, count, eq, sql } from "drizzle-orm";
import { inTransaction, type Db, photoBibs, races, refreshStatistics, startList } from "../db/index.ts";
import { notFound } from "../errors.ts";
import { lockRace } from "./race-lock.ts";
import { queueRedecide } from "./recognize-job.ts";
import { parseStartListCsv } from "./start-list.ts";

/**
 * Replaces a race's start list and has its recognized photos decided again
 * with it (in the background: queueRedecide). Unreadable lines are reported,
 * not fatal; a file with no usable line changes nothing (`loaded` false).
 */
export async function loadStartList(db: Db, raceId: number, csv: string) {
  const [race] = await db.select({ id: races.id }).from(races).where(eq(races.id, raceId));
  if (!race) throw notFound();
  const { entrants, errors } = parseStartListCsv(csv);
  if (!entrants.length) return { loaded: false, entrants: 0, errors, redecided: 0 };
  await inTransaction(db, async (tx) => {
    await lockRace(tx, raceId);
    await tx.delete(startList).where(eq(startList.raceId, raceId));
    for (let i = 0; i < entrants.length; i += 1000) {
      await tx.insert(startList).values(entrants.slice(i, i + 1000).map((e) => ({ raceId, ...e })));
    }
  });
  await refreshStatistics(db, startList);
  const redecided = await queueRedecide(db, raceId);
  return { loaded: true, entrants: entrants.length, errors, redecided };
}

/** Forgets a race's start list; its photos are decided again without it. */
export async function clearStartList(db: Db, raceId: number) {
  await db.delete(startList).where(eq(startList.raceId, raceId));
  return { redecided: await queueRedecide(db, raceId) };
}

export type StartListEntry = { bib: number; name: string; distance: string; team: string; photos: number };
export type StartListQuery = { withoutPhotos?: boolean; limit?: number; offset?: number };

/**
 * The start list as the back office shows it: how many registered runners
 * have photos, and a page of runners (those without photos first when
 * `withoutPhotos`), each with their number of tagged photos.
 */
export async function startListSummary(db: Db, raceId: number, { withoutPhotos = false, limit = 100, offset = 0 }: StartListQuery = {}) {
  // Spelled out: inside a raw subquery Drizzle would print bare column names, which bind to the subquery's own table.
  const tagged = sql<number>`(select count(*)::int from ${photoBibs} pb where pb.race_id = "start_list"."race_id" and pb.bib = "start_list"."bib")`;
  const [totals] = await db
    .select({ entrants: count(), withPhotos: sql<number>`count(*) filter (where ${tagged} > 0)::int` })
    .from(startList)
    .where(eq(startList.raceId, raceId));
  const where = withoutPhotos ? and(eq(startList.raceId, raceId), sql`${tagged} = 0`) : eq(startList.raceId, raceId);
  const rows = await db
    .select({ bib: startList.bib, name: startList.name, distance: startList.distance, team: startList.team, photos: tagged })
    .from(startList)
    .where(where)
    .orderBy(asc(startList.bib))
    .limit(limit)
    .offset(offset);
  const entrants = totals?.entrants ?? 0;
  const withPhotos = totals?.withPhotos ?? 0;
  return { entrants, withPhotos, withoutPhotos: entrants - withPhotos, rows: rows as StartListEntry[] };
}
