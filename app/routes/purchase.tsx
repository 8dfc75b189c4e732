import { useEffect } from "react";
import { data, redirect, useRevalidator } from "react-router";
import { OrderPhotoGrid } from "../components/order-photos.tsx";
import { OrderStatusBadge } from "../components/order-status-badge.tsx";
import { OrderSummary } from "../components/order-summary.tsx";
import { PageShell } from "../components/page-shell.tsx";
import { PhotoDownload } from "../components/photo-download.tsx";
import { ZipSection } from "../components/zip-section.tsx";
import { zipOffered } from "../domain/zip.ts";
import { servicesContext } from "../context.ts";
import { toMinor } from "../domain/money.ts";
import { STATE } from "../domain/order-states.ts";
import { href } from "../i18n/href.ts";
import { langFromPath } from "../i18n/langs.ts";
import { pageMeta } from "../i18n/meta.ts";
import { fill } from "../i18n/messages/index.ts";
import { message } from "../i18n/messages/all.ts";
import { useLang, useMessages } from "../i18n/use-messages.ts";
import { isDomainError } from "../.server/errors.ts";
import { failureOf, shopWording } from "../.server/http/failure.ts";
import { photoDateTime } from "../storefront/photo-time.ts";
import type { Route } from "./+types/purchase";

/** While a payment is pending the page checks again now and then: it may be credited any moment. */
const PENDING_REFRESH_MS = 10_000;

/** SPEC §8: an unknown purchase goes home. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  try {
    return await context.get(servicesContext).purchases.view(params.id, lang);
  } catch (error) {
    if (isDomainError(error) && error.status === 404) throw redirect(href("home", lang));
    throw error;
  }
}

/** The plain-form fallbacks of the download buttons and the zip button. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  const form = await request.formData();
  const purchases = context.get(servicesContext).purchases;
  try {
    if (form.get("intent") === "download") return redirect((await purchases.download(params.id, String(form.get("photo")))).img);
    if (form.get("intent") === "zip") return { zip: await purchases.requestZip(params.id) };
    return data({ error: message(lang, "errors.invalid") }, { status: 400 });
  } catch (error) {
    const failure = failureOf(error, shopWording(lang));
    if (!failure) throw error;
    return data({ error: failure.message }, { status: failure.status });
  }
}

export const meta: Route.MetaFunction = ({ location, params }) => [
  ...pageMeta(location, (m) => m.purchase.title, { id: params.id ?? "" }),
  { name: "robots", content: "noindex" },
];

/**
 * Purchase detail (both SPEC §2 paths): number, status, payment, dates,
 * method, contact, the zip, the summary and the photos, each downloadable
 * once paid; a pay-online button while the payment is pending.
 */
export default function Purchase({ loaderData }: Route.ComponentProps) {
  const m = useMessages();
  const lang = useLang();
  const revalidator = useRevalidator();
  const { venta, cliente, fotos, pagado, link } = loaderData;
  const pending = venta.id_estado === STATE.pending;

  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => revalidator.state === "idle" && void revalidator.revalidate(), PENDING_REFRESH_MS);
    return () => clearInterval(timer);
  }, [pending, revalidator]);

  const paymentState = pagado ? m.purchasePage.paymentPaid : pending ? m.purchasePage.paymentPending : m.purchasePage.paymentNone;
  const zipShown = zipOffered({ photos: fotos.length, paid: pagado, state: venta.id_estado });
  const details: [string, string, string][] = [
    [m.purchasePage.paymentState, paymentState, "payment-state"],
    [m.purchasePage.buyDate, photoDateTime(venta.fechaventa, lang), "buy-date"],
    [m.purchasePage.payDate, venta.fechapago ? photoDateTime(venta.fechapago, lang) : "—", "pay-date"],
    [m.purchasePage.method, venta.mediodepago || "—", "method"],
  ];

  return (
    <PageShell>
      <section className="mx-auto max-w-6xl px-4 py-8 sm:py-12" data-testid="purchase" data-state={venta.id_estado}>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 text-2xl font-black text-ink [overflow-wrap:anywhere] sm:text-4xl">{fill(m.purchasePage.heading, { id: venta.id })}</h1>
          <OrderStatusBadge state={venta.id_estado} />
        </div>

        <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
          <div className="space-y-6">
            <dl className="grid gap-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 sm:p-6">
              {details.map(([label, value, id]) => (
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

            {pending && link && (
              <div className="rounded-3xl bg-amber-50 p-5 ring-1 ring-amber-200 sm:p-6">
                <a
                  href={link}
                  className="inline-block rounded-full bg-brand-500 px-8 py-3 text-lg font-black text-ink hover:bg-brand-600"
                  data-testid="pay-online"
                >
                  {m.purchasePage.payOnline}
                </a>
                <p className="mt-3 text-sm text-amber-900">{m.purchasePage.pendingNote}</p>
              </div>
            )}
            {venta.id_estado === STATE.cancelled && <p className="rounded-2xl bg-slate-100 p-4 text-slate-700">{m.purchasePage.cancelledNote}</p>}
            {(venta.id_estado === STATE.refunded || venta.id_estado === STATE.refundedUnlabeled) && (
              <p className="rounded-2xl bg-red-50 p-4 text-red-900">{m.purchasePage.refundedNote}</p>
            )}
            {zipShown && <ZipSection purchaseId={venta.id} initial={{ file: loaderData.zip_file, progress: loaderData.zip_progress }} />}
          </div>
          <OrderSummary
            title={m.purchasePage.summary}
            count={venta.tot_fotos}
            subtotal={toMinor(venta.moneda === "ARS" ? venta.subtotal_arg : venta.subtotal_usd)}
            discountPercent={venta.descuento}
            total={toMinor(venta.moneda === "ARS" ? venta.total_arg : venta.total_usd)}
            currency={venta.moneda}
          />
        </div>

        <h2 className="mt-10 text-2xl font-black text-ink">{m.purchasePage.photos}</h2>
        {!pagado && <p className="mt-1 text-slate-600">{m.purchasePage.unpaidPhotos}</p>}
        <div className="mt-4">
          <OrderPhotoGrid
            photos={fotos}
            currency={venta.moneda}
            showPrice={false}
            label={m.purchasePage.photos}
            action={pagado ? (photo) => <PhotoDownload purchaseId={venta.id} photoId={photo.id} /> : undefined}
          />
        </div>
      </section>
    </PageShell>
  );
}
