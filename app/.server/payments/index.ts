import type { Currency } from "../../domain/money.ts";
import type { Env } from "../env.ts";
import { demoProvider, type DemoProvider } from "./demo-provider.ts";
import { mercadoPagoProvider } from "./mercadopago-provider.ts";
import type { PaymentProvider, ProviderName } from "./provider.ts";
import { stripeProvider } from "./stripe-provider.ts";

export { WebhookRejected, ProviderUnavailable, RefundRefused, PAYMENT_METHODS } from "./provider.ts";
export type { PaymentProvider, ProviderName, PaymentEvent, PaymentStatus, CheckoutRequest, WebhookInput, RefundRequest, RefundOutcome } from "./provider.ts";
export type { DemoProvider, DemoEvent } from "./demo-provider.ts";
export { formatReference, parseReference } from "./reference.ts";
export type { Reference } from "./reference.ts";

export type Payments = {
  demo: DemoProvider;
  /**
   * Pesos go to MercadoPago (or Stripe), dollars to Stripe. The demo provider
   * takes payments only while no real provider is configured: a live shop
   * never hands out a page that marks orders paid. Undefined when the
   * configured providers cannot take this currency.
   */
  forCurrency(currency: Currency): PaymentProvider | undefined;
  byName(name: string): PaymentProvider | undefined;
};

export function createPayments(env: Env): Payments {
  const demo = demoProvider(env.publicUrl);
  const mercadopago = env.MERCADOPAGO_ACCESS_TOKEN
    ? mercadoPagoProvider({ accessToken: env.MERCADOPAGO_ACCESS_TOKEN, webhookSecret: env.MERCADOPAGO_WEBHOOK_SECRET, publicUrl: env.publicUrl })
    : undefined;
  const stripe = env.STRIPE_SECRET_KEY ? stripeProvider({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET }) : undefined;
  const all: Partial<Record<ProviderName, PaymentProvider>> = { demo, mercadopago, stripe };
  return {
    demo,
    forCurrency: (currency) => {
      if (!mercadopago && !stripe) return demo;
      return currency === "ARS" ? (mercadopago ?? stripe) : stripe;
    },
    // Own keys only: "__proto__" or "constructor" in a webhook path is no provider.
    byName: (name) => (Object.hasOwn(all, name) ? all[name as ProviderName] : undefined),
  };
}
