import { data, redirect } from "react-router";
import { OrderPhotoGrid } from "../components/order-photos.tsx";
import { OrderDetails, OrderHeading, PayOnline, usePaymentState, useRefreshWhilePending } from "../components/order-page.tsx";
import { OrderSummary } from "../components/order-summary.tsx";
import { PageShell } from "../components/page-shell.tsx";
import { PhotoDownload } from "../components/photo-download.tsx";
import { ZipSection } from "../components/zip-section.tsx";
import { zipOffered } from "../domain/zip.ts";
import { servicesContext } from "../context.ts";
import { toMinor } from "../domain/money.ts";
import { STATE } from "../domain/order-states.ts";
import { langFromPath } from "../i18n/langs.ts";
import { pageMeta } from "../i18n/meta.ts";
import { fill } from "../i18n/messages/index.ts";
import { message } from "../i18n/messages/all.ts";
import { useLang, useMessages } from "../i18n/use-messages.ts";
import { failureOf, shopWording } from "../.server/failure.ts";
import { orHome } from "../.server/web/index.ts";
import { photoDateTime } from "../storefront/photo-time.ts";
import type { Route } from "./+types/purchase";

/** SPEC §8: an unknown purchase goes home. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  return orHome(lang, () => context.get(servicesContext).purchases.view(params.id, lang));
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
  const { venta, cliente, fotos, pagado, link } = loaderData;
  const pending = venta.id_estado === STATE.pending;
  useRefreshWhilePending(pending);
  const paymentState = usePaymentState(pagado, pending);
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
        <OrderHeading title={fill(m.purchasePage.heading, { id: venta.id })} state={venta.id_estado} />

        <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
          <div className="space-y-6">
            <OrderDetails rows={details} client={cliente} />
            {pending && link && <PayOnline link={link} />}
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
