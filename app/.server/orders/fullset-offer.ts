import { type Currency, toUnits } from "../../domain/money.ts";
import type { Lang } from "../../i18n/langs.ts";
import { photoView, pick, type PhotoView } from "../catalog/index.ts";
import { isDomainError } from "../errors.ts";
import { priceFullset } from "../pricing/index.ts";
import type { OrderDeps } from "./deps.ts";

/** What the full-set checkout shows: one runner's photos and the set's price in each currency (whole units; 0: not sold in it). */
export type FullsetOffer = {
  race: { id: number; slug: string; nombre: string };
  n: number;
  fotos: PhotoView[];
  found_rows: number;
  fullin_arg: number;
  fullin_usd: number;
};

/** The set priced in one currency, or null when the race sells none in it (or the runner has too few photos). */
async function pricedIn(deps: OrderDeps, raceId: number, bib: number, currency: Currency) {
  try {
    return await priceFullset(deps.db, raceId, bib, currency);
  } catch (error) {
    if (isDomainError(error)) return null;
    throw error;
  }
}

/**
 * The offer, or null when the race sells no full set in any currency or the
 * runner has fewer photos than its threshold. A race priced in one currency
 * only (a race file with pesos alone) still offers it: the page says which.
 */
export async function fullsetOffer(deps: OrderDeps, raceId: number, bib: number, lang: Lang): Promise<FullsetOffer | null> {
  const ars = await pricedIn(deps, raceId, bib, "ARS");
  const usd = await pricedIn(deps, raceId, bib, "USD");
  const any = ars ?? usd;
  if (!any) return null;
  return {
    race: { id: any.race.id, slug: any.race.slug, nombre: pick(any.race.name, lang) },
    n: bib,
    fotos: any.lines.map((line) => photoView(line.photo, line.race, deps.mediaUrl)),
    found_rows: any.lines.length,
    fullin_arg: ars ? toUnits(ars.total) : 0,
    fullin_usd: usd ? toUnits(usd.total) : 0,
  };
}
