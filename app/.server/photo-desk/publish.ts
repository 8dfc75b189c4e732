import { eq } from "drizzle-orm";
import { type Db, races } from "../db/index.ts";
import type { Logger } from "../logger.ts";

/** What happens once a race goes public; wired by the composition root. */
export type OnPublished = (raceId: number) => Promise<{ notified: number; converted: number }>;

/** What other modules do when a race goes public; each may be missing while it is being built. */
export type PublishPorts = {
  /** Writes once to everyone who signed up on the race's notify form (marks notified_at). */
  announce?: (slug: string) => Promise<{ sent: number }>;
  /** Turns the race's paid pre-orders into sales (the orders rule). */
  convertPaidPreorders?: (raceId: number) => Promise<unknown>;
};

/**
 * Publishing must not fail because an e-mail could not be queued: the race is
 * already public, so problems are logged and the count says what happened.
 */
export function onPublished(db: Db, logger: Logger, ports: PublishPorts): OnPublished {
  return async (raceId) => {
    const [race] = await db.select({ slug: races.slug }).from(races).where(eq(races.id, raceId));
    let notified = 0;
    let converted = 0;
    if (!race) return { notified, converted };
    try {
      if (ports.announce) notified = (await ports.announce(race.slug)).sent;
    } catch (error) {
      logger.error({ err: error, raceId }, "announcing a published race failed");
    }
    try {
      const report = ports.convertPaidPreorders ? await ports.convertPaidPreorders(raceId) : undefined;
      converted = typeof report === "object" && report && "converted" in report ? Number((report as { converted: unknown }).converted) || 0 : 0;
    } catch (error) {
      logger.error({ err: error, raceId }, "converting pre-orders of a published race failed");
    }
    return { notified, converted };
  };
}
