import { formatMoney, type Currency } from "../domain/money.ts";
import { fill } from "../i18n/messages/index.ts";
import { useLang, useMessages } from "../i18n/use-messages.ts";

/** Photo count, subtotal, quantity discount and total of a checkout or a purchase (amounts in minor units, each kept on one line). */
export function OrderSummary({
  count,
  subtotal,
  discountPercent,
  total,
  currency,
  title,
}: {
  count: number;
  subtotal: number;
  discountPercent: number;
  total: number;
  currency: Currency;
  title?: string;
}) {
  const m = useMessages();
  const lang = useLang();
  return (
    <section aria-labelledby="order-summary" className="self-start rounded-3xl bg-ink p-5 text-white shadow-lg sm:p-6" data-testid="order-summary">
      <h2 id="order-summary" className="flex items-baseline justify-between gap-3 text-lg font-black">
        <span>{title ?? m.checkoutPage.summary}</span>
        <span className="text-sm font-semibold text-slate-300" data-testid="summary-count">
          {fill(m.checkoutPage.photoCount, { count }, lang)}
        </span>
      </h2>
      <dl className="mt-4 space-y-1.5 text-sm">
        {discountPercent > 0 && (
          <>
            <div className="flex justify-between gap-3">
              <dt className="text-slate-300">{m.checkoutPage.subtotal}</dt>
              <dd className="whitespace-nowrap tabular-nums">{formatMoney(subtotal, currency)}</dd>
            </div>
            <div className="flex justify-between gap-3 text-brand-100">
              <dt>{fill(m.checkoutPage.discount, { percent: discountPercent })}</dt>
              <dd className="whitespace-nowrap tabular-nums">−{formatMoney(subtotal - total, currency)}</dd>
            </div>
          </>
        )}
        <div className="flex items-baseline justify-between gap-3 border-t border-white/20 pt-2">
          <dt className="text-base font-bold">{m.checkoutPage.total}</dt>
          <dd className="whitespace-nowrap text-2xl font-black tabular-nums min-[360px]:text-3xl" data-testid="summary-total">
            {total === 0 ? m.checkoutPage.free : formatMoney(total, currency)}
          </dd>
        </div>
      </dl>
    </section>
  );
}
