import { toUnits } from "../../domain/money.ts";
import type { Lang } from "../../i18n/langs.ts";
import { photoView, pick, type PhotoView } from "../catalog/index.ts";
import { isDomainError } from "../errors.ts";
import { priceFullset } from "../pricing/index.ts";
import type { OrderDeps } from "./deps.ts";

/** What the full-set checkout shows: one runner's photos and the set's price in both currencies (whole units). */
export type FullsetOffer = {
  race: { id: number; slug: string; nombre: string };
  n: number;
  fotos: PhotoView[];
  found_rows: number;
  fullin_arg: number;
  fullin_usd: number;
};

/** The offer, or null when the race sells no full set or the runner has fewer photos than its threshold. */
export async function fullsetOffer(deps: OrderDeps, raceId: number, bib: number, lang: Lang): Promise<FullsetOffer | null> {
  try {
    const ars = await priceFullset(deps.db, raceId, bib, "ARS");
    const usd = await priceFullset(deps.db, raceId, bib, "USD");
    return {
      race: { id: ars.race.id, slug: ars.race.slug, nombre: pick(ars.race.name, lang) },
      n: bib,
      fotos: ars.lines.map((line) => photoView(line.photo, line.race, deps.mediaUrl)),
      found_rows: ars.lines.length,
      fullin_arg: toUnits(ars.total),
      fullin_usd: toUnits(usd.total),
    };
  } catch (error) {
    if (isDomainError(error)) return null;
    throw error;
  }
}
