import { Link } from "react-router";
import { type Currency, currencySymbol, formatAmount2, formatMoney, toMinor } from "../domain/money.ts";
import { currencyForLang, fullsetCurrency, perImage } from "../domain/pricing.ts";
import { href } from "../i18n/href.ts";
import { fill } from "../i18n/messages/index.ts";
import { useLang, useMessages } from "../i18n/use-messages.ts";
import { CameraIcon } from "./icons.tsx";

export type FullsetRace = FullsetPrices & { id: number; fullin_fotos: number; found_rows: number; page: number };

/** A runner's full-set prices as the API gives them (a race's search, the full-set offer): whole units, 0 where not sold. */
export type FullsetPrices = { fullin_arg: number; fullin_usd: number };

/** The runner's full-set total in a currency, in minor units (0: not sold in it). */
export const fullsetTotal = (prices: FullsetPrices, currency: Currency) => toMinor(currency === "ARS" ? prices.fullin_arg : prices.fullin_usd);

/** The currency a full set is shown in until a buyer picks a country: the page's, or the only one the race prices it in. */
export function shownCurrency(prices: FullsetPrices, lang: string): Currency {
  const page = currencyForLang(lang);
  return fullsetCurrency({ ARS: prices.fullin_arg, USD: prices.fullin_usd }, page) ?? page;
}

/**
 * Whether the runner has enough photos for the race's full-set offer (SPEC §2),
 * and the race prices one: a race without a full-set price (0, as a race file
 * without `fullset` makes it) offers none, instead of a pack for 0 whose
 * checkout the server refuses. A race priced in one currency only offers it
 * in that currency on every page.
 */
export const offersFullset = (race: FullsetRace, n: number | null): n is number =>
  n !== null && race.found_rows >= race.fullin_fotos && (race.fullin_arg > 0 || race.fullin_usd > 0);

/**
 * The 'all your photos' offer: the runner's full set at the race's price (the
 * API already applies bib overrides), the price per image with two decimals,
 * the photo count, and the link to the full-set checkout.
 */
export function FullsetOffer({ race, n }: { race: FullsetRace; n: number }) {
  const lang = useLang();
  const m = useMessages();
  const currency = shownCurrency(race, lang);
  const total = fullsetTotal(race, currency);
  return (
    <section className="overflow-hidden rounded-3xl bg-ink text-white shadow-lg" aria-labelledby="fullset-title" data-testid="fullset-offer">
      <div className="flex flex-col gap-5 p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8">
        <div className="flex items-start gap-4">
          <CameraIcon className="h-12 w-12 shrink-0 text-brand-500" />
          <div>
            <h2 id="fullset-title" className="text-2xl font-black">
              {m.fullsetOffer.title}
            </h2>
            <p className="mt-1 text-slate-200" data-testid="fullset-count">
              {fill(m.fullsetOffer.count, { count: race.found_rows, n }, lang)}
            </p>
          </div>
        </div>
        <div className="flex flex-col items-start gap-3 sm:items-end">
          <p className="text-3xl font-black tabular-nums" data-testid="fullset-total">
            {formatMoney(total, currency)}
          </p>
          <p className="text-sm text-slate-200" data-testid="fullset-per-image">
            {fill(m.fullsetOffer.perImage, { price: `${currencySymbol(currency)} ${formatAmount2(perImage(total, race.found_rows))}` })}
          </p>
          <Link
            to={href("fullset", lang, {}, { n, c: race.id, p: race.page })}
            className="rounded-full bg-brand-500 px-6 py-3 font-black text-ink hover:bg-white"
          >
            {m.fullsetOffer.cta}
          </Link>
        </div>
      </div>
    </section>
  );
}
