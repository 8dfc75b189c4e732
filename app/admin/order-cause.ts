import { fill } from "../i18n/messages/index.ts";
import type { Lang } from "../i18n/langs.ts";
import { ADMIN_MESSAGES, type AdminMessages } from "../i18n/messages/admin/index.ts";

type OrderTexts = AdminMessages["orders"];

/** A payment's stored status in the operator's language (unknown ones as stored). */
export function paymentStateText(t: OrderTexts, status: string): string {
  return (t.paymentStates as Record<string, string>)[status] ?? status;
}

/**
 * The orders module writes each state change's cause as a short English record
 * ("checkout", "demo payment 123 approved", "manual refunded by …: …"); the
 * history shows it in the operator's language. A cause this does not know is
 * shown as written.
 */
export function causeText(lang: Lang, cause: string): string {
  const t = ADMIN_MESSAGES[lang].orders;
  const c = t.causes;
  const fixed: Record<string, string> = {
    checkout: c.checkout,
    "checkout fullset": c.checkoutFullset,
    "pre-order form": c.preorderForm,
    free: c.free,
    delivered: c.delivered,
    expired: c.expired,
  };
  if (fixed[cause]) return fixed[cause];
  let match = /^manual (paid|refunded|cancelled) by (\S+): ([\s\S]*)$/.exec(cause);
  if (match) return fill(c.manual, { move: c.moves[match[1] as keyof typeof c.moves], email: match[2], reason: match[3] });
  match = /^(\S+) payment (\S+) (pending|approved|rejected|refunded)$/.exec(cause);
  if (match) return fill(c.payment, { provider: match[1], id: match[2], status: paymentStateText(t, match[3]) });
  match = /^paid by pre-order (\S+)$/.exec(cause);
  if (match) return fill(c.paidByPreorder, { id: match[1] });
  match = /^pre-order (\S+)$/.exec(cause);
  if (match) return fill(c.fromPreorder, { id: match[1] });
  match = /^provider unavailable: (\S+)$/.exec(cause);
  if (match) return fill(c.providerUnavailable, { provider: match[1] });
  return cause;
}
