import { Link, redirect } from "react-router";
import { OrderStatusBadge } from "../components/order-status-badge.tsx";
import { PageShell } from "../components/page-shell.tsx";
import { servicesContext } from "../context.ts";
import { formatMoney, toMinor } from "../domain/money.ts";
import { STATE } from "../domain/order-states.ts";
import { href } from "../i18n/href.ts";
import { langFromPath } from "../i18n/langs.ts";
import { pageMeta } from "../i18n/meta.ts";
import { fill } from "../i18n/messages/index.ts";
import { useLang, useMessages } from "../i18n/use-messages.ts";
import { isDomainError } from "../.server/errors.ts";
import { photoDateTime } from "../storefront/photo-time.ts";
import type { Route } from "./+types/prepurchase";

/** SPEC §8: an unknown pre-purchase goes home. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  try {
    return await context.get(servicesContext).preorders.view(params.id, lang);
  } catch (error) {
    if (isDomainError(error) && error.status === 404) throw redirect(href("home", lang));
    throw error;
  }
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
  const total = toMinor(venta.moneda === "ARS" ? venta.total_ars : venta.total_usd);
  const rows: [string, string, string][] = [
    [m.prepurchasePage.race, venta.carrera, "race"],
    [m.prepurchasePage.dni, venta.dni, "dni"],
    ...(venta.distancia ? ([[m.prepurchasePage.distance, venta.distancia, "distance"]] as [string, string, string][]) : []),
    [m.purchasePage.paymentState, pagado ? m.purchasePage.paymentPaid : pending ? m.purchasePage.paymentPending : m.purchasePage.paymentNone, "payment-state"],
    [m.prepurchasePage.date, photoDateTime(venta.fecha, lang), "buy-date"],
    [m.purchasePage.payDate, venta.fechapago ? photoDateTime(venta.fechapago, lang) : "—", "pay-date"],
    [m.purchasePage.method, venta.mediodepago || "—", "method"],
    [m.checkoutPage.total, formatMoney(total, venta.moneda), "total"],
  ];
  return (
    <PageShell>
      <section className="mx-auto max-w-3xl px-4 py-8 sm:py-12" data-testid="prepurchase" data-state={venta.id_estado}>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 text-2xl font-black text-ink [overflow-wrap:anywhere] sm:text-4xl">{fill(m.prepurchasePage.heading, { id: venta.id })}</h1>
          <OrderStatusBadge state={venta.id_estado} />
        </div>

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

        {pending && link && (
          <div className="mt-6 rounded-3xl bg-amber-50 p-5 ring-1 ring-amber-200 sm:p-6">
            <a href={link} className="inline-block rounded-full bg-brand-500 px-8 py-3 text-lg font-black text-ink hover:bg-brand-600" data-testid="pay-online">
              {m.purchasePage.payOnline}
            </a>
            <p className="mt-3 text-sm text-amber-900">{m.purchasePage.pendingNote}</p>
          </div>
        )}

        <dl className="mt-6 grid gap-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 sm:p-6">
          {rows.map(([label, value, id]) => (
            <div key={id}>
              <dt className="text-xs font-bold uppercase tracking-wider text-slate-500">{label}</dt>
              <dd className="mt-0.5 font-semibold text-ink" data-testid={id}>
                {value}
              </dd>
            </div>
          ))}
          <div className="sm:col-span-2">
            <dt className="text-xs font-bold uppercase tracking-wider text-slate-500">{m.purchasePage.client}</dt>
            <dd className="mt-0.5 font-semibold text-ink" data-testid="client">
              {cliente.nombre} {cliente.apellido} · <span className="font-normal">{cliente.email}</span>
            </dd>
          </div>
        </dl>
      </section>
    </PageShell>
  );
}
