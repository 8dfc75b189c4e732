import { Form } from "react-router";
import { formatWhen } from "../../admin/format.ts";
import { formatMoney } from "../../domain/money.ts";
import { providerName } from "../../domain/payment-providers.ts";
import { fill } from "../../i18n/messages/index.ts";
import { useAdminMessages } from "../../i18n/messages/admin/index.ts";
import { useLang } from "../../i18n/use-messages.ts";
import { CsrfField } from "./csrf-field.tsx";
import { CheckboxField, dangerButtonClass } from "./fields.tsx";

export type RefundablePayment = { provider: string; amount: number; currency: string; refundId: string | null; refundRequestedAt: Date | string | null };

/**
 * The refund of a paid sale through the provider that took it: one button
 * behind a confirmation box (works without JavaScript), or, once asked, what
 * the shop is waiting for.
 */
export function RefundForm({ payment, busy }: { payment: RefundablePayment; busy: boolean }) {
  const lang = useLang();
  const o = useAdminMessages().orders;
  const provider = providerName(payment.provider);
  if (payment.refundId || payment.refundRequestedAt) {
    return (
      <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="refund-waiting">
        {fill(o.refundWaiting, { provider, when: formatWhen(payment.refundRequestedAt, lang) })}
      </p>
    );
  }
  return (
    <Form method="post" className="space-y-3" data-testid="refund-form">
      <CsrfField />
      <input type="hidden" name="intent" value="refund" />
      <p className="text-sm text-slate-600">{o.refundExplain}</p>
      <CheckboxField label={o.refundConfirm} name="confirm" value="yes" required />
      <button type="submit" className={`${dangerButtonClass} w-full`} disabled={busy} data-testid="refund">
        {fill(o.refundThrough, { amount: formatMoney(payment.amount, payment.currency === "USD" ? "USD" : "ARS"), provider })}
      </button>
    </Form>
  );
}
