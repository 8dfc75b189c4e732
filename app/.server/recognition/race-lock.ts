import { eq } from "drizzle-orm";
import { type Db, races } from "../db/index.ts";

/**
 * Holds the race's row until the transaction ends, so that two files loaded
 * for one race at once (a double submit, two tabs) replace its list in turn
 * instead of mixing or colliding. "No key update": photos and rows that
 * only point at the race are written meanwhile.
 */
export async function lockRace(tx: Db, raceId: number): Promise<void> {
  await tx.select({ id: races.id }).from(races).where(eq(races.id, raceId)).for("no key update");
}
