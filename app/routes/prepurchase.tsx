import { Link } from "react-router";
import { OrderDetails, OrderHeading, PayOnline, usePaymentState, useRefreshWhilePending } from "../components/order-page.tsx";
import { PageShell } from "../components/page-shell.tsx";
import { servicesContext } from "../context.ts";
import { formatMoney, toMinor } from "../domain/money.ts";
import { STATE } from "../domain/order-states.ts";
import { href } from "../i18n/href.ts";
import { langFromPath } from "../i18n/langs.ts";
import { pageMeta } from "../i18n/meta.ts";
import { fill } from "../i18n/messages/index.ts";
import { useLang, useMessages } from "../i18n/use-messages.ts";
import { orHome } from "../.server/web/index.ts";
import { photoDateTime } from "../storefront/photo-time.ts";
import type { Route } from "./+types/prepurchase";

/** SPEC §8: an unknown pre-purchase goes home. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  return orHome(lang, () => context.get(servicesContext).preorders.view(params.id, lang));
}

export const meta: Route.MetaFunction = ({ location, params }) => [
  ...pageMeta(location, (m) => m.prepurchase.title, { id: params.id ?? "" }),
  { name: "robots", content: "noindex" },
];

/**
 * Pre-purchase detail (SPEC §2, §4): payment state, dates, method, contact;
 * once its sale exists, the photos-ready text and the link to the purchase,
 * otherwise the info message.
 */
export default function Prepurchase({ loaderData }: Route.ComponentProps) {
  const m = useMessages();
  const lang = useLang();
  const { venta, cliente, pagado, link } = loaderData;
  const pending = venta.id_estado === STATE.pending;
  // A pre-payment may be credited any moment too.
  useRefreshWhilePending(pending);
  const paymentState = usePaymentState(pagado, pending);
  const total = toMinor(venta.moneda === "ARS" ? venta.total_ars : venta.total_usd);
  const rows: [string, string, string][] = [
    [m.prepurchasePage.race, venta.carrera, "race"],
    [m.prepurchasePage.dni, venta.dni, "dni"],
    ...(venta.distancia ? ([[m.prepurchasePage.distance, venta.distancia, "distance"]] as [string, string, string][]) : []),
    [m.purchasePage.paymentState, paymentState, "payment-state"],
    [m.prepurchasePage.date, photoDateTime(venta.fecha, lang), "buy-date"],
    [m.purchasePage.payDate, venta.fechapago ? photoDateTime(venta.fechapago, lang) : "—", "pay-date"],
    [m.purchasePage.method, venta.mediodepago || "—", "method"],
    [m.checkoutPage.total, formatMoney(total, venta.moneda), "total"],
  ];
  return (
    <PageShell>
      <section className="mx-auto max-w-3xl px-4 py-8 sm:py-12" data-testid="prepurchase" data-state={venta.id_estado}>
        <OrderHeading title={fill(m.prepurchasePage.heading, { id: venta.id })} state={venta.id_estado} />

        {venta.codigo_venta ? (
          <div className="mt-6 rounded-3xl bg-emerald-50 p-5 ring-1 ring-emerald-200 sm:p-6" data-testid="prepurchase-ready">
            <p className="text-lg font-black text-emerald-900">{m.prepurchasePage.ready}</p>
            <Link
              to={href("purchase", lang, { id: venta.codigo_venta })}
              className="mt-4 inline-block rounded-full bg-emerald-600 px-6 py-3 font-black text-white hover:bg-emerald-700"
              data-testid="view-purchase"
            >
              {m.prepurchasePage.viewPurchase}
            </Link>
          </div>
        ) : (
          <p className="mt-6 rounded-3xl bg-sky-50 p-5 text-sky-900 ring-1 ring-sky-200" data-testid="prepurchase-info">
            {m.prepurchasePage.info}
          </p>
        )}

        {pending && link && <PayOnline link={link} className="mt-6" />}

        <OrderDetails rows={rows} client={cliente} className="mt-6" />
      </section>
    </PageShell>
  );
}
