import { eq } from "drizzle-orm";
import type { Lang } from "../../i18n/langs.ts";
import { loadTiers, racePhotos, type MediaUrl, type RaceRow } from "../catalog/index.ts";
import { type Db, races } from "../db/index.ts";
import { DomainError } from "../errors.ts";
import { type Operator, requireRace } from "../staff/index.ts";

/**
 * The race page exactly as the storefront would build it, whatever the race's
 * status, so a draft can be checked before it is published.
 */
export async function previewRace(db: Db, mediaUrl: MediaUrl, op: Operator, raceId: number, page: number, lang: Lang) {
  await requireRace(db, op, raceId);
  const [race] = await db.select().from(races).where(eq(races.id, raceId));
  if (!race) throw new DomainError("NotFound", "notFound");
  const byId = async (): Promise<RaceRow> => race;
  const [view, tiers] = await Promise.all([racePhotos(db, { slug: race.slug, page, lang }, mediaUrl, byId), loadTiers(db)]);
  return { race: view, tiers: [...tiers].sort((a, b) => a.minQuantity - b.minQuantity) };
}
