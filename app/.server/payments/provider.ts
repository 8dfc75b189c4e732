import type { Currency } from "../../domain/money.ts";
import { providerName } from "../../domain/payment-providers.ts";
import type { Lang } from "../../i18n/langs.ts";

export type ProviderName = "demo" | "mercadopago" | "stripe";

/**
 * `id_mediodepago` and `mediodepago` of the spec's responses, by what paid a
 * sale: a provider, nothing (free photos) or a pre-order. Names of the last
 * two are localized by the views.
 */
export const PAYMENT_METHODS: Record<string, { id: number; name: string }> = {
  free: { id: 0, name: "" },
  mercadopago: { id: 1, name: providerName("mercadopago") },
  stripe: { id: 2, name: providerName("stripe") },
  demo: { id: 3, name: providerName("demo") },
  preorder: { id: 4, name: "" },
};

/** What a sale or pre-purchase asks a provider to charge. */
export type CheckoutRequest = {
  /** Ours, carried through the provider and back in its webhooks (see `reference.ts`). */
  reference: string;
  title: string;
  /** Minor units. */
  amount: number;
  currency: Currency;
  email: string;
  firstName: string;
  lastName: string;
  lang: Lang;
  /** Where the buyer lands after paying (or giving up): the purchase page. */
  returnUrl: string;
  /** After this the checkout stops taking payments; the order expires with it. */
  expiresAt: Date;
};

export type CheckoutLink = { link: string; ref: string };

/** Ordered by precedence: a payment only ever moves forward (see `applyPayment`). */
export type PaymentStatus = "pending" | "rejected" | "approved" | "refunded";

/** A payment as a verified webhook reports it. */
export type PaymentEvent = {
  /** Unique per provider; the same event delivered twice is applied once. */
  eventId: string;
  paymentId: string;
  status: PaymentStatus;
  /** Our reference, when the provider echoes it; else the payment id finds the sale. */
  reference?: string;
  /** Minor units. */
  amount?: number;
  currency?: Currency;
  /** What the provider kept of the payment (minor units), when it says; partners share what is left. */
  fee?: number;
  raw: unknown;
};

/** A webhook request as received: the raw body is needed for signatures. */
export type WebhookInput = { body: string; headers: Headers; url: URL };

/** A whole refund of one payment the provider took. */
export type RefundRequest = {
  paymentId: string;
  /** Minor units: the whole payment. */
  amount: number;
  currency: Currency;
  /** The same key for a retried request: the provider refunds once. */
  idempotencyKey: string;
};

/** `refunded`: the money is on its way back; `pending`: the provider confirms later (its webhook says refunded). */
export type RefundOutcome = { refundId: string; status: "refunded" | "pending" };

export interface PaymentProvider {
  readonly name: ProviderName;
  createCheckout(request: CheckoutRequest): Promise<CheckoutLink>;
  /**
   * Refunds a payment whole. Throws `ProviderUnavailable` when the provider
   * cannot be reached or fails, `RefundRefused` when it says no; either way
   * nothing was refunded.
   */
  refund(request: RefundRequest): Promise<RefundOutcome>;
  /**
   * Verifies a webhook and reads the payments it announces. Throws
   * `WebhookRejected` when it cannot be verified; answers [] for events the
   * shop does not act on.
   */
  readWebhook(input: WebhookInput): Promise<PaymentEvent[]>;
}

/** An unverifiable or malformed webhook: answered with a 4xx, changes nothing. */
export class WebhookRejected extends Error {
  readonly status = 400;
  constructor(reason: string) {
    super(`webhook rejected: ${reason}`);
    this.name = "WebhookRejected";
  }
}

/** The provider could not create a checkout (network, credentials, its own outage). */
export class ProviderUnavailable extends Error {
  constructor(provider: ProviderName, cause: unknown, what = "checkout") {
    super(`${provider} ${what} failed: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = "ProviderUnavailable";
  }
}

/** The provider answered that it will not refund this payment (already refunded, too old, disputed). */
export class RefundRefused extends Error {
  constructor(provider: ProviderName, reason: string) {
    super(`${provider} refused the refund: ${reason}`);
    this.name = "RefundRefused";
  }
}
