import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { races, timingPassings } from "../db/schema.ts";
import { invalid, notFound } from "../errors.ts";
import { redecideRace } from "./recognize-job.ts";
import { parseTimingCsv } from "./timing.ts";

/**
 * Replaces a race's timing file (CSV of bib and passing time at the photo
 * point) and decides its recognized photos again with it. Lines that do not
 * parse are reported, not fatal; a file with no usable line changes nothing.
 */
export async function loadTimingFile(db: Db, raceId: number, csv: string) {
  const [race] = await db.select({ date: races.eventDate, timezone: races.timezone }).from(races).where(eq(races.id, raceId));
  if (!race) throw notFound();
  const { passings, errors } = parseTimingCsv(csv, { date: race.date, timeZone: race.timezone });
  if (!passings.length) throw invalid("invalid", { errors: errors.length });
  await db.transaction(async (tx) => {
    await tx.delete(timingPassings).where(eq(timingPassings.raceId, raceId));
    for (let i = 0; i < passings.length; i += 1000) {
      const chunk = passings.slice(i, i + 1000).map((p) => ({ raceId, bib: p.bib, passedAt: p.at }));
      await tx.insert(timingPassings).values(chunk).onConflictDoNothing();
    }
  });
  const redecided = await redecideRace(db, raceId);
  return { passings: passings.length, errors, redecided };
}

/** Forgets a race's timing file; its photos are decided again without it. */
export async function clearTimingFile(db: Db, raceId: number) {
  await db.delete(timingPassings).where(eq(timingPassings.raceId, raceId));
  return { redecided: await redecideRace(db, raceId) };
}
