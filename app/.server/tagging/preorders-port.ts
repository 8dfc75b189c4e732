// The one port through which whoever puts bibs on photos (an operator's tagging,
// a bulk tag, bib recognition, a photos.csv at ingest) tells the pre-orders:
// a job for each bib a paid pre-order waits on. It sits below catalog,
// recognition and orders, so none of them imports another for it; the job
// itself is the orders module's (preorder-sales.ts).
import { and, eq, inArray, sql } from "drizzle-orm";
import { STATE } from "../../domain/order-states.ts";
import { type Db, preorders } from "../db/index.ts";
import { schedule } from "../jobs/index.ts";

/** One runner's pre-orders of one race get their sale, or the photos tagged since (orders/preorder-sales.ts). */
export const PREORDER_SYNC_JOB = "preorders.sync";

/**
 * How long after a bib is tagged its pre-orders are looked at. Operators tag a
 * runner's photos one after another and recognition reads a race photo by
 * photo: waiting a little lets one run pick up a whole pass.
 */
const PREORDER_SYNC_DELAY_MS = 20_000;

/** Pre-orders that are paid for and still get photos: waiting for their sale (2) or with it (3). */
export const COLLECTING = [STATE.paid, STATE.closed];

/** A pre-order's `dni` as the bib it names ("0300" and "300" are runner 300). */
export const dniAsBib = sql<string>`ltrim(${preorders.dni}, '0')`;

/**
 * Wherever bibs are put on photos (an operator's tagging, a bulk tag, bib
 * recognition), this is called with the race and the bibs (each once, whole
 * and positive: bib-tags.ts). For each bib a paid pre-order waits on, a job is
 * scheduled that gives that runner their sale; calls in quick succession join
 * one run. Cheap when nobody pre-ordered. Pass the transaction that tags, so
 * the job is queued only if the tags are.
 */
export async function preorderBibsTagged(db: Db, raceId: number, bibs: number[]): Promise<void> {
  if (bibs.length === 0) return;
  const wanted = bibs.map(String);
  const rows = await db
    .selectDistinct({ bib: dniAsBib })
    .from(preorders)
    .where(and(eq(preorders.raceId, raceId), inArray(preorders.state, COLLECTING), inArray(dniAsBib, wanted)));
  const runAt = new Date(Date.now() + PREORDER_SYNC_DELAY_MS);
  for (const { bib } of rows) {
    await schedule(db, PREORDER_SYNC_JOB, { raceId, bib: Number(bib) }, { key: `preorder-sync:${raceId}:${bib}`, runAt });
  }
}
