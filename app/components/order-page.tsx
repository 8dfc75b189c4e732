import { useEffect, type ReactNode } from "react";
import { useRevalidator } from "react-router";
import { useMessages } from "../i18n/use-messages.ts";
import { OrderStatusBadge } from "./order-status-badge.tsx";

// What the purchase page and the pre-purchase page share: the heading with
// the state, the details with the buyer, the pay-online box while the payment
// is pending, and a quiet refresh until it is credited.

/** While a payment is pending the page checks again now and then: it may be credited any moment. */
const PENDING_REFRESH_MS = 10_000;

export function useRefreshWhilePending(pending: boolean): void {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => revalidator.state === "idle" && void revalidator.revalidate(), PENDING_REFRESH_MS);
    return () => clearInterval(timer);
  }, [pending, revalidator]);
}

/** The order's number and state; under 360 px a size smaller, so the order's id fits a line instead of breaking inside. */
export function OrderHeading({ title, state }: { title: string; state: number }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <h1 className="min-w-0 text-2xl font-black text-ink [overflow-wrap:anywhere] max-[359px]:text-xl sm:text-4xl">{title}</h1>
      <OrderStatusBadge state={state} />
    </div>
  );
}

/** The payment's state in words: paid, waiting for the payment, or not paid. */
export function usePaymentState(paid: boolean, pending: boolean): string {
  const m = useMessages().purchasePage;
  return paid ? m.paymentPaid : pending ? m.paymentPending : m.paymentNone;
}

/** Label, value and test id of each detail, then the buyer. */
export function OrderDetails({
  rows,
  client,
  className = "",
}: {
  rows: [string, string, string][];
  client: { nombre: string; apellido: string; email: string };
  className?: string;
}) {
  const m = useMessages();
  return (
    <dl className={`grid gap-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 sm:p-6 ${className}`}>
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
          {client.nombre} {client.apellido} · <span className="font-normal">{client.email}</span>
        </dd>
      </div>
    </dl>
  );
}

/** The provider's checkout again, while the payment is pending. */
export function PayOnline({ link, className = "" }: { link: string; className?: string }): ReactNode {
  const m = useMessages();
  return (
    <div className={`rounded-3xl bg-amber-50 p-5 ring-1 ring-amber-200 sm:p-6 ${className}`}>
      <a href={link} className="inline-block rounded-full bg-brand-500 px-8 py-3 text-lg font-black text-ink hover:bg-brand-600" data-testid="pay-online">
        {m.purchasePage.payOnline}
      </a>
      <p className="mt-3 text-sm text-amber-900">{m.purchasePage.pendingNote}</p>
    </div>
  );
}
