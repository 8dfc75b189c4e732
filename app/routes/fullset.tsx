import { data, Link, redirect } from "react-router";
import { fullsetTotal, shownCurrency } from "../components/fullset-offer.tsx";
import { OrderForm, useOrderForm } from "../components/order-form.tsx";
import { OrderPhotoGrid } from "../components/order-photos.tsx";
import { PageShell } from "../components/page-shell.tsx";
import { servicesContext } from "../context.ts";
import { parseRunnerNumber } from "../domain/bibs.ts";
import { currencySymbol, formatAmount2, formatMoney } from "../domain/money.ts";
import { isCountry } from "../domain/order-form.ts";
import { currencyForCountry, otherCurrency, perImage } from "../domain/pricing.ts";
import { href } from "../i18n/href.ts";
import { langFromPath } from "../i18n/langs.ts";
import { pageMeta } from "../i18n/meta.ts";
import { fill } from "../i18n/messages/index.ts";
import { useLang, useMessages } from "../i18n/use-messages.ts";
import { failureOf, shopWording } from "../.server/failure.ts";
import { parsePurchase } from "../.server/orders/index.ts";
import { buyerData, postJson } from "../purchase/order-api.ts";
import type { Route } from "./+types/fullset";

/** `?n=` runner, `?c=` race id, `?p=` the race page the buyer came from (SPEC §2). */
function readQuery(request: Request) {
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const n = parseRunnerNumber(url.searchParams.get("n"));
  const c = /^\d{1,9}$/.test(url.searchParams.get("c") ?? "") ? Number(url.searchParams.get("c")) : undefined;
  const p = /^\d{1,6}$/.test(url.searchParams.get("p") ?? "") ? Number(url.searchParams.get("p")) : 1;
  return { lang, n, c, p };
}

/** SPEC §5: below the race's full-set threshold (or with a bad query) the page goes home. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang, n, c, p } = readQuery(request);
  if (n === undefined || c === undefined) throw redirect(href("home", lang));
  const offer = await context.get(servicesContext).purchases.fullsetOffer(c, n, lang);
  if (!offer) throw redirect(href("home", lang));
  return { ...offer, p };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { lang, n, c } = readQuery(request);
  const form = Object.fromEntries(await request.formData());
  try {
    const input = parsePurchase({ data: { ...form, fullIn: 1, raceId: c, n } }, lang);
    return redirect((await context.get(servicesContext).purchases.create(input)).link);
  } catch (error) {
    const failure = failureOf(error, shopWording(lang));
    if (!failure) throw error;
    return data({ error: failure.message }, { status: failure.status });
  }
}

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location, (m) => m.fullset.title);

/** Full-set checkout: one runner's every photo of a race at one price, with the same form as checkout. */
export default function Fullset({ loaderData, actionData }: Route.ComponentProps) {
  const m = useMessages();
  const lang = useLang();
  const offer = loaderData;
  const form = useOrderForm(`dorsal-fullset-${offer.race.id}-${offer.n}`);
  // Once a country is chosen, the buyer's currency, which the race may not sell its full set in (the server refuses that too).
  const currency = isCountry(form.values.country) ? currencyForCountry(form.values.country) : shownCurrency(offer, lang);
  const total = fullsetTotal(offer, currency);
  const sold = total > 0;
  return (
    <PageShell>
      <section className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
        <Link
          to={href("race", lang, { slug: offer.race.slug }, { n: offer.n, p: offer.p > 1 ? offer.p : undefined })}
          className="text-sm font-bold text-brand-700 hover:underline"
        >
          ← {m.fullsetPage.back}
        </Link>
        <h1 className="mt-2 text-3xl font-black text-ink sm:text-4xl">{fill(m.fullsetPage.heading, { n: offer.n })}</h1>
        <p className="mt-2 max-w-2xl text-slate-700">{fill(m.fullsetPage.intro, { count: offer.found_rows, race: offer.race.nombre })}</p>
        <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
          <div className="space-y-6">
            <section className="rounded-3xl bg-ink p-5 text-white shadow-lg sm:p-6" data-testid="order-summary">
              <p className="text-sm font-semibold text-slate-300">{fill(m.checkoutPage.photoCount, { count: offer.found_rows }, lang)}</p>
              {sold ? (
                <>
                  <p className="mt-1 text-4xl font-black tabular-nums" data-testid="summary-total">
                    {formatMoney(total, currency)}
                  </p>
                  <p className="mt-1 text-sm text-slate-300" data-testid="fullset-per-image">
                    {fill(m.fullsetPage.perImage, { price: `${currencySymbol(currency)} ${formatAmount2(perImage(total, offer.found_rows))}` })}
                  </p>
                </>
              ) : (
                <p className="mt-2 font-semibold text-amber-200" role="status" data-testid="fullset-only-in">
                  {fill(m.fullsetPage.onlyIn, { currency: currencySymbol(otherCurrency(currency)) })}
                </p>
              )}
            </section>
            <div className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
              <h2 className="mb-4 text-xl font-black text-ink">{m.orderForm.yourData}</h2>
              <OrderForm
                form={form}
                free={false}
                extraValid={sold}
                serverError={actionData?.error}
                submit={async (values) => {
                  const body = await postJson<{ data: { link: string } }>(
                    "/api/purchase",
                    { ...buyerData(values, form.key), images: [], fullIn: 1, raceId: offer.race.id, n: offer.n },
                    lang,
                  );
                  return body.data.link;
                }}
              />
            </div>
          </div>
          <aside className="space-y-4">
            <h2 className="text-xl font-black text-ink">{m.checkoutPage.yourPhotos}</h2>
            <OrderPhotoGrid photos={offer.fotos} currency={currency} showPrice={false} label={m.checkoutPage.yourPhotos} />
          </aside>
        </div>
      </section>
    </PageShell>
  );
}
