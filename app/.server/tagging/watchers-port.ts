// Beside the pre-orders' port: runners who asked, on a published race's page,
// to hear when a photo of their number turns up (notify/bib-watch.ts). It sits
// below catalog, recognition and notify, so none of them imports another for it.
import { and, eq, inArray, isNull } from "drizzle-orm";
import { type Db, notifySignups } from "../db/index.ts";
import { schedule } from "../jobs/index.ts";

/** Looks whether a watched number of a race has photos now, and writes to whoever waits on it. */
export const BIB_WATCH_JOB = "notify.bib-watch";

/** Like the pre-orders' wait: a pass tagged photo by photo is one look, and the photos' images are usually made by then. */
export const BIB_WATCH_DELAY_MS = 20_000;

/**
 * Asks for a look at one watched number, at `runAt` (calls meanwhile join it).
 * `waits`: how many times in a row the look found the number's photos still
 * without their images (a tag starts again from none).
 */
export const watchBib = (db: Db, raceId: number, bib: number, runAt = new Date(Date.now() + BIB_WATCH_DELAY_MS), waits = 0) =>
  schedule(db, BIB_WATCH_JOB, { raceId, bib, waits }, { key: `bib-watch:${raceId}:${bib}`, runAt });

/**
 * Wherever bibs are put on photos (each once, whole and positive: bib-tags.ts):
 * a look is asked for each one somebody still waits on. Cheap when nobody does.
 * Pass the transaction that tags.
 */
export async function watchedBibsTagged(db: Db, raceId: number, bibs: number[]): Promise<void> {
  if (bibs.length === 0) return;
  const rows = await db
    .selectDistinct({ bib: notifySignups.bib })
    .from(notifySignups)
    .where(and(eq(notifySignups.raceId, raceId), inArray(notifySignups.bib, bibs), isNull(notifySignups.notifiedAt)));
  for (const { bib } of rows) if (bib !== null) await watchBib(db, raceId, bib);
}
