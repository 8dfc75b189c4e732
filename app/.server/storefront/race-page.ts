import * as catalog from "../catalog/index.ts";
import type { Db } from "../db/index.ts";
import type { DiscountTier } from "../../domain/pricing.ts";

export type RacePage = { race: catalog.RacePhotosView; tiers: DiscountTier[] };

/** The race page: the photos payload of SPEC §7 plus the discount tiers its promo banner names. */
export async function racePage(
  db: Db,
  query: catalog.RacePhotosQuery,
  mediaUrl: catalog.MediaUrl,
  memo: catalog.VersionedMemo = catalog.noMemo,
): Promise<RacePage> {
  const [race, tiers] = await Promise.all([catalog.racePhotos(db, query, mediaUrl, catalog.findVisibleRace, memo), memo("tiers", () => catalog.loadTiers(db))]);
  return { race, tiers: [...tiers].sort((a, b) => a.minQuantity - b.minQuantity) };
}
