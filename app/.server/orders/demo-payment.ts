import { and, eq } from "drizzle-orm";
import type { Currency } from "../../domain/money.ts";
import type { Lang } from "../../i18n/langs.ts";
import { orders, preorders } from "../db/index.ts";
import { notFound } from "../errors.ts";
import { formatReference, type Reference } from "../payments/index.ts";
import { receiveWebhook } from "./apply-payment.ts";
import type { OrderDeps } from "./deps.ts";
import { prepurchaseUrl, purchaseUrl } from "./links.ts";

/** What the demo payment page shows: the amount asked and where the buyer goes next. */
export type DemoCheckout = {
  token: string;
  kind: Reference["kind"];
  id: string;
  amount: number;
  currency: Currency;
  state: number;
  lang: Lang;
  returnUrl: string;
};

export async function demoCheckout(deps: OrderDeps, token: string): Promise<DemoCheckout> {
  const where = (table: typeof orders | typeof preorders) => and(eq(table.provider, "demo"), eq(table.providerRef, token));
  const [order] = await deps.db.select().from(orders).where(where(orders)).limit(1);
  const target = order
    ? { kind: "order" as const, row: order, url: purchaseUrl }
    : await deps.db
        .select()
        .from(preorders)
        .where(where(preorders))
        .limit(1)
        .then(([p]) => (p ? { kind: "preorder" as const, row: p, url: prepurchaseUrl } : undefined));
  if (!target) throw notFound("paymentNotFound");
  const lang = target.row.lang as Lang;
  return {
    token,
    kind: target.kind,
    id: target.row.publicId,
    amount: target.row.total,
    currency: target.row.currency,
    state: target.row.state,
    lang,
    returnUrl: target.url(deps.env.publicUrl, lang, target.row.publicId),
  };
}

/**
 * The demo page's approve or reject button: it becomes a signed provider
 * webhook handled exactly like MercadoPago's or Stripe's. Returns where to go.
 */
export async function demoDecide(deps: OrderDeps, token: string, outcome: "approved" | "rejected"): Promise<string> {
  const checkout = await demoCheckout(deps, token);
  const input = deps.payments.demo.webhookFor({
    token,
    outcome,
    reference: formatReference({ kind: checkout.kind, publicId: checkout.id }),
    amount: checkout.amount,
    currency: checkout.currency,
  });
  await receiveWebhook(deps, "demo", input);
  return checkout.returnUrl;
}
