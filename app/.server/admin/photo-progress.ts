import { DERIVE_JOB } from "../catalog/index.ts";
import type { Db } from "../db/client.ts";
import { counts as jobCounts } from "../jobs/index.ts";
import { countsByRace } from "./races.ts";
import { requireRace, type Operator } from "./operator.ts";

/** What the upload screen polls: the race's photo counts and how far the watermarking queue is. */
export async function photoProgress(db: Db, op: Operator, raceId: number) {
  await requireRace(db, op, raceId);
  const counts = (await countsByRace(db, [raceId])).get(raceId) ?? { photos: 0, tagged: 0, untagged: 0, hidden: 0, processing: 0 };
  const queue = await jobCounts(db, [DERIVE_JOB]);
  return { ...counts, queue };
}
