import type { Currency } from "../../domain/money.ts";
import type { Env } from "../env.ts";
import { demoProvider, type DemoProvider } from "./demo-provider.ts";
import { mercadoPagoProvider } from "./mercadopago-provider.ts";
import type { PaymentProvider, ProviderName } from "./provider.ts";
import { stripeProvider } from "./stripe-provider.ts";

export { WebhookRejected, ProviderUnavailable, PAYMENT_METHODS } from "./provider.ts";
export type { PaymentProvider, ProviderName, PaymentEvent, PaymentStatus, CheckoutRequest, WebhookInput } from "./provider.ts";
export type { DemoProvider, DemoEvent } from "./demo-provider.ts";
export { formatReference, parseReference } from "./reference.ts";
export type { Reference } from "./reference.ts";

export type Payments = {
  demo: DemoProvider;
  /** Pesos go to MercadoPago and dollars to Stripe when their keys are set; otherwise the demo provider takes them. */
  forCurrency(currency: Currency): PaymentProvider;
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
    forCurrency: (currency) => (currency === "ARS" ? mercadopago : stripe) ?? demo,
    byName: (name) => all[name as ProviderName],
  };
}
