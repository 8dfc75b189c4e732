import { Link } from "react-router";
import { toMinor, formatMoney } from "../domain/money.ts";
import { currencyForLang } from "../domain/pricing.ts";
import { href } from "../i18n/href.ts";
import { fill } from "../i18n/messages/index.ts";
import { useLang, useMessages } from "../i18n/use-messages.ts";

export type PresaleRace = { slug: string; nombre: string; preventa_arg: number; preventa_usd: number };

/** The pre-order banner (SPEC §2): the pre-sale race, its real pre-order price, and the way to its pre-order page. */
export function PresaleBanner({ race, className = "mx-auto max-w-7xl px-4 pt-10" }: { race: PresaleRace; className?: string }) {
  const lang = useLang();
  const m = useMessages();
  const currency = currencyForLang(lang);
  // A no-break space keeps "AR$ 40.000" on one line inside the sentence.
  const price = formatMoney(toMinor(currency === "ARS" ? race.preventa_arg : race.preventa_usd), currency).replace(" ", "\u00a0");
  return (
    <section className={className} aria-labelledby="presale-title" data-testid="presale-banner">
      <div className="relative overflow-hidden rounded-3xl bg-gradient-to-r from-brand-700 to-brand-500 px-6 py-8 text-white shadow-lg sm:flex sm:items-center sm:justify-between sm:gap-8 sm:px-10">
        <svg viewBox="0 0 200 200" className="pointer-events-none absolute -right-10 -top-10 h-56 w-56 text-white/10" aria-hidden="true">
          <circle cx="100" cy="100" r="90" fill="currentColor" />
        </svg>
        <div className="relative">
          <h2 id="presale-title" className="text-2xl font-black">
            {fill(m.home.presaleTitle, { race: race.nombre })}
          </h2>
          <p className="mt-2 max-w-xl text-white">{fill(m.home.presaleText, { price })}</p>
        </div>
        <Link
          to={href("preorder", lang, { slug: race.slug })}
          className="relative mt-5 inline-block shrink-0 rounded-full bg-white px-6 py-3 font-black text-brand-700 shadow hover:bg-brand-50 sm:mt-0"
        >
          {m.home.presaleCta}
        </Link>
      </div>
    </section>
  );
}
