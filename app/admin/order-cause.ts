import { fill } from "../i18n/messages/index.ts";
import type { Lang } from "../i18n/langs.ts";
import type { OrderCause } from "../domain/order-cause.ts";
import { ADMIN_MESSAGES, type AdminMessages } from "../i18n/messages/admin/index.ts";

type OrderTexts = AdminMessages["orders"];

/** A payment's stored status in the operator's language (unknown ones as stored). */
export function paymentStateText(t: OrderTexts, status: string): string {
  return (t.paymentStates as Record<string, string>)[status] ?? status;
}

/** Why a sale changed state (app/domain/order-cause.ts), in the operator's language. */
export function causeText(lang: Lang, cause: OrderCause): string {
  const t = ADMIN_MESSAGES[lang].orders;
  const c = t.causes;
  switch (cause.code) {
    case "checkout":
    case "checkoutFullset":
    case "preorderForm":
    case "free":
    case "delivered":
    case "expired":
      return c[cause.code];
    case "manual":
      return fill(c.manual, { move: c.moves[cause.move], email: cause.by, reason: cause.reason });
    case "payment":
      return fill(c.payment, { provider: cause.provider, id: cause.paymentId, status: paymentStateText(t, cause.status) });
    case "paidByPreorder":
      return fill(c.paidByPreorder, { id: cause.preorder });
    case "fromPreorder":
      return fill(c.fromPreorder, { id: cause.preorder });
    case "sale":
      return fill(c.sale, { id: cause.order });
    case "providerUnavailable":
      return fill(c.providerUnavailable, { provider: cause.provider });
    case "legacy":
      return cause.text;
  }
}
