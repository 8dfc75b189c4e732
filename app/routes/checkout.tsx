import { startTransition, useEffect, useRef, useState } from "react";
import { data, redirect, useNavigate } from "react-router";
import { browserCart } from "../cart/browser-cart.ts";
import { useCart } from "../cart/use-cart.ts";
import { CartNeedsScript } from "../components/cart-needs-script.tsx";
import { HiddenWithoutScript } from "../components/hidden-without-script.tsx";
import { OrderForm, useOrderForm } from "../components/order-form.tsx";
import { OrderImageList, OrderPhotoGrid } from "../components/order-photos.tsx";
import { OrderSummary } from "../components/order-summary.tsx";
import { PageShell } from "../components/page-shell.tsx";
import { servicesContext } from "../context.ts";
import { isCountry } from "../domain/order-form.ts";
import { currencyForCountry } from "../domain/pricing.ts";
import { href } from "../i18n/href.ts";
import { langFromPath } from "../i18n/langs.ts";
import { fill } from "../i18n/messages/index.ts";
import { pageMeta } from "../i18n/meta.ts";
import { useLang, useMessages } from "../i18n/use-messages.ts";
import { failureOf, shopWording } from "../.server/failure.ts";
import { parsePurchase } from "../.server/orders/index.ts";
import { buyerData, postJson, RefusedError } from "../purchase/order-api.ts";
import type { Route } from "./+types/checkout";

/** How long the form waits for the discount tiers before it is drawn without them (they show when they come). */
const TIERS_WAIT_MS = 2000;

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location, (m) => m.checkout.title);

/** Without JavaScript the form posts here with the cart's photo ids as hidden fields. */
export async function action({ request, context }: Route.ActionArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  const form = await request.formData();
  try {
    const input = parsePurchase({ data: { ...Object.fromEntries(form), images: form.getAll("ids").map((id) => ({ id: String(id) })) } }, lang);
    const { link } = await context.get(servicesContext).purchases.create(input);
    return redirect(link);
  } catch (error) {
    const failure = failureOf(error, shopWording(lang));
    if (!failure) throw error;
    return data({ error: failure.message }, { status: failure.status });
  }
}

/**
 * Checkout ('Purchase summary', SPEC §2): the cart's count and price, the
 * buyer's form, the photos and the list of images. The price shown follows the
 * chosen country's currency; the server prices the order again from the database.
 */
export default function Checkout({ actionData }: Route.ComponentProps) {
  const m = useMessages();
  const lang = useLang();
  const navigate = useNavigate();
  const cart = useCart();
  const form = useOrderForm("dorsal-checkout");
  const [mounted, setMounted] = useState(false);
  const submitted = useRef(false);

  // The cart's form and photos are drawn as a transition, which React renders in slices that yield to the
  // browser: one long task on a slow phone otherwise (Lighthouse's blocking time on this page).
  useEffect(() => startTransition(() => setMounted(true)), []);
  // The discount tiers are waited for (below), but a request that hangs on a poor connection never holds the form back.
  const [tiersWaited, setTiersWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTiersWaited(true), TIERS_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change in the cart's length re-runs the check, which reads the cart from storage
  useEffect(() => {
    // SPEC §5: an empty cart goes home (read from storage: the first render never has the cart).
    if (mounted && !submitted.current && browserCart().getSnapshot().items.length === 0) navigate(href("home", lang), { replace: true });
  }, [mounted, cart.items.length, navigate, lang]);

  const currency = isCountry(form.values.country) ? currencyForCountry(form.values.country) : cart.currency;
  const totals = cart.totalsIn(currency);
  // The discount tiers too (a small cached file): a summary drawn without them grew a discount line a moment later.
  const tiersPending = (cart.tiersStatus === "idle" || cart.tiersStatus === "loading") && !tiersWaited;
  const loading = !mounted || cart.items.length === 0 || tiersPending;

  return (
    <PageShell>
      {/* As tall as a screen while the cart loads: the footer starts below it and is not pushed down when the form appears. */}
      <section className="mx-auto min-h-[85vh] max-w-6xl px-4 py-8 sm:py-12">
        <h1 className="text-3xl font-black text-ink sm:text-4xl">{m.checkout.title}</h1>
        {loading && !submitted.current ? (
          <>
            <p className="mt-8 animate-pulse text-slate-600" data-testid="checkout-loading">
              {m.checkoutPage.loadingCart}
            </p>
            {/* Without JavaScript the cart never loads: say why instead of "loading" for ever. */}
            <HiddenWithoutScript testId="checkout-loading" />
            <CartNeedsScript className="mt-8" />
          </>
        ) : (
          <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
            <div className="space-y-6">
              <OrderSummary count={totals.count} subtotal={totals.subtotal} discountPercent={totals.discountPercent} total={totals.total} currency={currency} />
              <div className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
                <h2 className="mb-4 text-xl font-black text-ink">{m.orderForm.yourData}</h2>
                <OrderForm
                  form={form}
                  free={totals.total === 0}
                  serverError={actionData?.error}
                  hidden={cart.items.map((item) => <input key={item.id} type="hidden" name="ids" value={item.id} />)}
                  submit={async (values) => {
                    try {
                      const body = await postJson<{ data: { link: string } }>("/api/purchase", { ...buyerData(values, form.key), images: cart.items }, lang);
                      return body.data.link;
                    } catch (failure) {
                      // Photos deleted, hidden or taken off sale since they were added leave the cart; the total follows.
                      if (!(failure instanceof RefusedError) || !failure.unavailable.length) throw failure;
                      for (const id of failure.unavailable) cart.remove(id);
                      throw new Error(fill(m.checkoutPage.leftCart, { count: failure.unavailable.length }, lang));
                    }
                  }}
                  onDone={() => {
                    submitted.current = true;
                    cart.clear();
                  }}
                />
              </div>
            </div>
            <aside className="space-y-6">
              <h2 className="text-xl font-black text-ink">{m.checkoutPage.yourPhotos}</h2>
              <OrderPhotoGrid photos={cart.items} currency={currency} label={m.checkoutPage.yourPhotos} />
              <OrderImageList photos={cart.items} currency={currency} />
            </aside>
          </div>
        )}
      </section>
    </PageShell>
  );
}
