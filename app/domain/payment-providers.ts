/** How the payment providers are named to people (the back office, the buyer's purchase page), one list for both. */
export const PROVIDER_NAMES: Record<string, string> = { mercadopago: "MercadoPago", stripe: "Stripe", demo: "Demo" };

/** A provider's name as shown; an unknown one as stored. */
export const providerName = (provider: string): string => PROVIDER_NAMES[provider] ?? provider;
