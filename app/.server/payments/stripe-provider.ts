import Stripe from "stripe";
import { ProviderUnavailable, RefundRefused, WebhookRejected, type PaymentEvent, type PaymentProvider } from "./provider.ts";

export type StripeOptions = { secretKey: string; webhookSecret?: string };

// Stripe refuses checkout sessions that live longer than a day.
const MAX_SESSION_MS = 23.5 * 3600_000;

const LOCALES = { es: "es", en: "en", br: "pt-BR" } as const;

/** Dollars through Stripe Checkout; payments are confirmed only by signed webhooks. */
export function stripeProvider(options: StripeOptions): PaymentProvider {
  // The fetch client looks up the global fetch on every call (tests replace it with a local fake).
  const stripe = new Stripe(options.secretKey, {
    httpClient: Stripe.createFetchHttpClient((input, init) => globalThis.fetch(input, init)),
    maxNetworkRetries: 2,
    timeout: 20_000,
  });

  return {
    name: "stripe",
    async createCheckout(request) {
      const expiresAt = Math.min(request.expiresAt.getTime(), Date.now() + MAX_SESSION_MS);
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: "payment",
            line_items: [
              {
                quantity: 1,
                price_data: { currency: request.currency.toLowerCase(), unit_amount: request.amount, product_data: { name: request.title } },
              },
            ],
            customer_email: request.email,
            client_reference_id: request.reference,
            metadata: { reference: request.reference },
            payment_intent_data: { metadata: { reference: request.reference } },
            success_url: request.returnUrl,
            cancel_url: request.returnUrl,
            expires_at: Math.floor(expiresAt / 1000),
            locale: LOCALES[request.lang],
          },
          // A retried create returns the same session instead of a second one.
          { idempotencyKey: `checkout-${request.reference}` },
        );
        if (!session.url) throw new Error("session without url");
        return { link: session.url, ref: session.id };
      } catch (error) {
        throw new ProviderUnavailable("stripe", error);
      }
    },
    async refund(request) {
      // A sale's payment is its PaymentIntent; a bare checkout session id means Stripe never reported one.
      if (!request.paymentId.startsWith("pi_")) throw new RefundRefused("stripe", `no payment intent for ${request.paymentId}`);
      let refund: Stripe.Refund;
      try {
        refund = await stripe.refunds.create({ payment_intent: request.paymentId }, { idempotencyKey: request.idempotencyKey });
      } catch (error) {
        // Stripe's answer about this payment (already refunded, disputed); the rest (network, 5xx, keys) is an outage.
        if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeCardError)
          throw new RefundRefused("stripe", error.message);
        throw new ProviderUnavailable("stripe", error, "refund");
      }
      if (refund.status === "failed" || refund.status === "canceled") throw new RefundRefused("stripe", `refund ${refund.status}`);
      return { refundId: refund.id, status: refund.status === "succeeded" ? "refunded" : "pending" };
    },
    async readWebhook({ body, headers }) {
      if (!options.webhookSecret) throw new WebhookRejected("STRIPE_WEBHOOK_SECRET is not set");
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(body, headers.get("stripe-signature") ?? "", options.webhookSecret);
      } catch {
        throw new WebhookRejected("bad stripe signature");
      }
      return eventsOf(event);
    },
  };
}

function sessionEvent(event: Stripe.Event, session: Stripe.Checkout.Session, status: PaymentEvent["status"]): PaymentEvent {
  const intent = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
  return {
    eventId: event.id,
    paymentId: intent ?? session.id,
    status,
    reference: session.client_reference_id ?? session.metadata?.reference ?? undefined,
    amount: session.amount_total ?? undefined,
    currency: session.currency?.toUpperCase() === "USD" ? "USD" : session.currency?.toUpperCase() === "ARS" ? "ARS" : undefined,
    raw: { type: event.type, session: session.id, payment_status: session.payment_status },
  };
}

function eventsOf(event: Stripe.Event): PaymentEvent[] {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      return [sessionEvent(event, session, session.payment_status === "paid" || session.payment_status === "no_payment_required" ? "approved" : "pending")];
    }
    case "checkout.session.async_payment_succeeded":
      return [sessionEvent(event, event.data.object, "approved")];
    case "checkout.session.async_payment_failed":
    case "checkout.session.expired":
      return [sessionEvent(event, event.data.object, "rejected")];
    case "charge.refunded": {
      const charge = event.data.object;
      const intent = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
      // Only a full refund takes the photos back.
      if (!intent || !charge.refunded) return [];
      return [{ eventId: event.id, paymentId: intent, status: "refunded", amount: charge.amount_refunded, raw: { type: event.type, charge: charge.id } }];
    }
    default:
      return [];
  }
}
