import { Link } from "react-router";
import { type Currency, currencySymbol, formatAmount2, formatMoney, toMinor } from "../domain/money.ts";
import { currencyForLang, fullsetCurrency, perImage } from "../domain/pricing.ts";
import { href } from "../i18n/href.ts";
import { fill } from "../i18n/messages/index.ts";
import { useLang, useMessages } from "../i18n/use-messages.ts";
import { CameraIcon } from "./icons.tsx";

export type FullsetRace = { id: number; fullin_arg: number; fullin_usd: number; fullin_fotos: number; found_rows: number; page: number };

/** The runner's full-set total in a currency, in minor units (0: not sold in it). */
const fullsetTotal = (race: FullsetRace, currency: Currency) => toMinor(currency === "ARS" ? race.fullin_arg : race.fullin_usd);

/** The currency the offer is shown in: the page's, or the only one the race prices its full set in. */
const offerCurrency = (race: FullsetRace, pageCurrency: Currency) => fullsetCurrency({ ARS: race.fullin_arg, USD: race.fullin_usd }, pageCurrency);

/**
 * Whether the runner has enough photos for the race's full-set offer (SPEC §2),
 * and the race prices one: a race without a full-set price (0, as a race file
 * without `fullset` makes it) offers none, instead of a pack for 0 whose
 * checkout the server refuses. A race priced in one currency only offers it
 * in that currency on every page.
 */
export const offersFullset = (race: FullsetRace, n: number | null, currency: Currency): n is number =>
  n !== null && race.found_rows >= race.fullin_fotos && offerCurrency(race, currency) !== undefined;

/**
 * The 'all your photos' offer: the runner's full set at the race's price (the
 * API already applies bib overrides), the price per image with two decimals,
 * the photo count, and the link to the full-set checkout.
 */
export function FullsetOffer({ race, n }: { race: FullsetRace; n: number }) {
  const lang = useLang();
  const m = useMessages();
  const currency = offerCurrency(race, currencyForLang(lang)) ?? currencyForLang(lang);
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
