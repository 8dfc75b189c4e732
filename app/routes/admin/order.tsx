import type { ReactNode } from "react";
import { Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { formatWhen } from "../../admin/format.ts";
import { causeText, paymentStateText } from "../../admin/order-cause.ts";
import { operatorContext } from "../../admin/operator-context.ts";
import { attempt, idParam, load } from "../../admin/outcome.ts";
import { PageHeader } from "../../components/admin/admin-shell.tsx";
import { CsrfField } from "../../components/admin/csrf-field.tsx";
import { buttonClass, dangerButtonClass, secondaryButtonClass, TextField } from "../../components/admin/fields.tsx";
import { cellClass, Table } from "../../components/admin/list-tools.tsx";
import { Notice } from "../../components/admin/notice.tsx";
import { OrderStateBadge } from "../../components/admin/order-state.tsx";
import { RefundForm } from "../../components/admin/refund-form.tsx";
import { providerName } from "../../domain/payment-providers.ts";
import { servicesContext } from "../../context.ts";
import { formatMoney } from "../../domain/money.ts";
import { isPaidState, isStateId, manualMovesOf, STATE } from "../../domain/order-states.ts";
import { adminHref } from "../../i18n/admin-href.ts";
import { href } from "../../i18n/href.ts";
import { isLang, langFromPath } from "../../i18n/langs.ts";
import { fill } from "../../i18n/messages/index.ts";
import { useLang } from "../../i18n/use-messages.ts";
import type { Route } from "./+types/order";
import { ADMIN_MESSAGES, useAdminMessages } from "../../i18n/messages/admin/index.ts";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const id = idParam(params.orderId);
  const detail = await load(lang, () => context.get(servicesContext).admin.sales.detail(context.get(operatorContext), id));
  return { ...detail, notice: url.searchParams.get("notice") };
}

const form = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("move"), to: z.enum(["paid", "refunded", "cancelled"]), reason: z.string().max(500) }),
  z.object({ intent: z.literal("resend") }),
  z.object({ intent: z.literal("refund"), confirm: z.literal("yes") }),
]);

export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  const id = idParam(params.orderId);
  const { sales } = context.get(servicesContext).admin;
  const op = context.get(operatorContext);
  const fields = Object.fromEntries(await request.formData());
  const result = await attempt(lang, async () => {
    const input = form.parse(fields);
    if (input.intent === "resend") {
      await sales.resendMail(op, id);
      return "resent";
    }
    if (input.intent === "refund") return (await sales.refund(op, id)).status === "refunded" ? "refunded" : "refundAsked";
    await sales.move(op, id, input.to, input.reason);
    return "moved";
  });
  if (!result.ok) return result.response;
  throw redirect(adminHref("adminOrder", lang, { orderId: id }, { notice: result.value }));
}

export const meta: Route.MetaFunction = ({ location, loaderData }) => {
  const m = ADMIN_MESSAGES[langFromPath(location.pathname)];
  return [{ title: `${fill(m.orders.detailTitle, { id: loaderData?.order.publicId ?? "" })} · ${m.brand}` }];
};

export default function Order({ loaderData, actionData }: Route.ComponentProps) {
  const { order, customer, race, photos, payments, events, fromPreorder, notice } = loaderData;
  const m = useAdminMessages();
  const o = m.orders;
  const lang = useLang();
  const busy = useNavigation().state === "submitting";
  const state = isStateId(order.state) ? order.state : STATE.pending;
  const moves = manualMovesOf(state, order.total);
  // The payment a refund returns: the first approved one of a paid sale.
  const refundable = isPaidState(order.state) ? payments.find((p) => p.status === "approved") : undefined;
  const provider = providerName(refundable?.provider ?? order.provider);
  const moveLabel = { paid: o.markPaid, refunded: refundable ? o.recordRefund : o.refund, cancelled: o.cancel };
  const stateLabel = (s: number | null) => (s === null ? m.common.none : ((o.states as Record<string, string>)[String(s)] ?? String(s)));
  return (
    <>
      <PageHeader title={fill(o.detailTitle, { id: order.publicId })}>
        <OrderStateBadge state={order.state} />
        <a
          href={href("purchase", isLang(order.lang) ? order.lang : lang, { id: order.publicId })}
          target="_blank"
          rel="noreferrer"
          className={secondaryButtonClass}
        >
          {o.openPurchase} ↗
        </a>
      </PageHeader>
      {notice === "moved" && <Notice kind="ok">{o.moved}</Notice>}
      {notice === "resent" && <Notice kind="ok">{o.resent}</Notice>}
      {notice === "refunded" && <Notice kind="ok">{fill(o.refundedNow, { provider })}</Notice>}
      {notice === "refundAsked" && <Notice kind="ok">{fill(o.refundAsked, { provider })}</Notice>}
      {actionData && !actionData.ok && <Notice kind="error">{actionData.error}</Notice>}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card title={o.summary}>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <Row label={o.kind}>
              {o.kinds[order.kind]}
              {order.fullsetBib ? ` · ${fill(o.fullsetOf, { bib: order.fullsetBib })}` : ""}
            </Row>
            <Row label={m.common.race}>{race ? race.name[lang] || race.name.es : m.common.none}</Row>
            <Row label={o.subtotal}>{formatMoney(order.subtotal, order.currency)}</Row>
            <Row label={o.discount}>{order.discountPercent} %</Row>
            <Row label={m.common.total}>
              <strong>{formatMoney(order.total, order.currency)}</strong>
            </Row>
            <Row label={o.provider}>{order.provider === "free" ? o.providerFree : providerName(order.provider)}</Row>
            <Row label={o.created}>{formatWhen(order.createdAt, lang)}</Row>
            <Row label={o.paid}>{formatWhen(order.paidAt, lang) || m.common.none}</Row>
            <Row label={o.language}>{isLang(order.lang) ? m.common.langs[order.lang] : order.lang}</Row>
          </dl>
          {fromPreorder && <p className="mt-3 text-xs text-slate-500">{fill(o.fromPreorder, { id: fromPreorder })}</p>}
        </Card>
        <Card title={o.customer}>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <Row label={m.common.name}>
              {customer.firstName} {customer.lastName}
            </Row>
            <Row label={m.common.email}>
              <a href={`mailto:${customer.email}`} className="text-brand-700 underline">
                {customer.email}
              </a>
            </Row>
            <Row label={o.country}>{(o.countries as Record<string, string>)[String(customer.country)] ?? customer.country}</Row>
          </dl>
        </Card>
        <Card title={o.actions}>
          {isPaidState(order.state) && (
            <Form method="post" className="mb-4">
              <CsrfField />
              <input type="hidden" name="intent" value="resend" />
              <button type="submit" className={`${secondaryButtonClass} w-full`} disabled={busy}>
                ✉ {o.resend}
              </button>
            </Form>
          )}
          {refundable && (
            <div className="mb-4 border-b border-slate-100 pb-4">
              <h3 className="mb-2 text-sm font-bold text-ink">{o.refundTitle}</h3>
              <RefundForm payment={refundable} busy={busy} />
            </div>
          )}
          {moves.length === 0 ? (
            <p className="text-sm text-slate-500">{o.noActions}</p>
          ) : (
            <Form method="post" className="space-y-3">
              <CsrfField />
              <input type="hidden" name="intent" value="move" />
              <TextField label={o.reason} name="reason" hint={o.reasonHint} required maxLength={500} />
              <div className="flex flex-wrap gap-2">
                {moves.map((to) => (
                  <button
                    key={to}
                    type="submit"
                    name="to"
                    value={to}
                    className={to === "paid" ? buttonClass : dangerButtonClass}
                    disabled={busy}
                    data-testid={`move-${to}`}
                  >
                    {moveLabel[to]}
                  </button>
                ))}
              </div>
            </Form>
          )}
        </Card>
      </div>

      <h2 className="mb-3 mt-8 text-lg font-bold text-ink">{o.photoList}</h2>
      <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-8">
        {photos.map((p) => (
          <li key={p.photoId} className="overflow-hidden rounded-lg bg-white text-xs ring-1 ring-slate-200">
            {p.thumbUrl && <img src={p.thumbUrl} alt={p.frame} className="aspect-[3/2] w-full object-cover" loading="lazy" />}
            <p className="flex justify-between px-2 py-1">
              <span className="truncate font-mono">{p.frame}</span>
              <span className="whitespace-nowrap tabular-nums">
                {p.price > 0 ? formatMoney(p.price, order.currency) : fromPreorder ? o.photoInPreorder : o.photoFree}
              </span>
            </p>
          </li>
        ))}
      </ul>

      <div className="mt-8 grid gap-6 xl:grid-cols-2">
        {/* min-w-0: a long payment id scrolls inside its table instead of widening the page on a phone. */}
        <section className="min-w-0">
          <h2 className="mb-3 text-lg font-bold text-ink">{o.payments}</h2>
          {payments.length === 0 ? (
            <p className="text-sm text-slate-500">{o.noPayments}</p>
          ) : (
            <Table head={[m.common.date, o.provider, m.common.state, m.common.total]} compact>
              {payments.map((p) => (
                <tr key={p.id}>
                  <td className={cellClass}>{formatWhen(p.createdAt, lang)}</td>
                  <td className={cellClass}>
                    {p.provider}
                    <div className="font-mono text-xs text-slate-500">{p.providerPaymentId}</div>
                  </td>
                  <td className={cellClass}>{paymentStateText(o, p.status)}</td>
                  <td className={`${cellClass} tabular-nums`}>{formatMoney(p.amount, p.currency === "USD" ? "USD" : "ARS")}</td>
                </tr>
              ))}
            </Table>
          )}
        </section>
        <section className="min-w-0">
          <h2 className="mb-3 text-lg font-bold text-ink">{o.history}</h2>
          <Table head={[m.common.date, m.common.state, o.cause]} testId="order-history" compact>
            {events.map((e) => (
              <tr key={e.id}>
                <td className={`${cellClass} whitespace-nowrap`}>{formatWhen(e.at, lang)}</td>
                <td className={cellClass}>
                  {stateLabel(e.from)} → <strong>{stateLabel(e.to)}</strong>
                </td>
                <td className={`${cellClass} text-xs`}>{causeText(lang, e.cause)}</td>
              </tr>
            ))}
          </Table>
        </section>
      </div>
    </>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 className="mb-3 font-bold text-ink">{title}</h2>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-ink">{children}</dd>
    </>
  );
}
