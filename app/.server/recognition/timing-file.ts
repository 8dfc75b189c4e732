import { count, eq, max, min } from "drizzle-orm";
import { inTransaction, type Db, races, refreshStatistics, timingPassings } from "../db/index.ts";
import { notFound } from "../errors.ts";
import { lockRace } from "./race-lock.ts";
import { queueRedecide } from "./recognize-job.ts";
import { parseTimingCsv } from "./timing.ts";

/**
 * Replaces a race's timing file (CSV of bib and passing time at the photo
 * point) and has its recognized photos decided again with it (in the
 * background: queueRedecide). Lines that do not parse are reported, not
 * fatal; a file with no usable line changes nothing (`loaded` false).
 */
export async function loadTimingFile(db: Db, raceId: number, csv: string) {
  const [race] = await db.select({ date: races.eventDate, timezone: races.timezone }).from(races).where(eq(races.id, raceId));
  if (!race) throw notFound();
  const { passings, errors } = parseTimingCsv(csv, { date: race.date, timeZone: race.timezone });
  if (!passings.length) return { loaded: false, passings: 0, errors, redecided: 0 };
  await inTransaction(db, async (tx) => {
    await lockRace(tx, raceId);
    await tx.delete(timingPassings).where(eq(timingPassings.raceId, raceId));
    for (let i = 0; i < passings.length; i += 1000) {
      const chunk = passings.slice(i, i + 1000).map((p) => ({ raceId, bib: p.bib, passedAt: p.at }));
      await tx.insert(timingPassings).values(chunk).onConflictDoNothing();
    }
  });
  await refreshStatistics(db, timingPassings);
  const redecided = await queueRedecide(db, raceId);
  return { loaded: true, passings: passings.length, errors, redecided };
}

/** Forgets a race's timing file; its photos are decided again without it. */
export async function clearTimingFile(db: Db, raceId: number) {
  await db.delete(timingPassings).where(eq(timingPassings.raceId, raceId));
  return { redecided: await queueRedecide(db, raceId) };
}

/** What the race's timing file holds: how many passings, and the first and last one. */
export async function timingSummary(db: Db, raceId: number) {
  const [row] = await db
    .select({ passings: count(), first: min(timingPassings.passedAt), last: max(timingPassings.passedAt) })
    .from(timingPassings)
    .where(eq(timingPassings.raceId, raceId));
  return { passings: row?.passings ?? 0, first: row?.first ?? null, last: row?.last ?? null };
}
