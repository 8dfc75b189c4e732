import { describe, expect, it } from "vitest";
import { parseEnv } from "../env.ts";
import { createPayments } from "./index.ts";

const envWith = (vars: Record<string, string>) => parseEnv({ PUBLIC_URL: "https://shop.example", ...vars });

describe("choosing the payment provider", () => {
  it("uses the demo provider only while no real provider is configured", () => {
    const payments = createPayments(envWith({}));
    expect(payments.forCurrency("ARS")?.name).toBe("demo");
    expect(payments.forCurrency("USD")?.name).toBe("demo");
  });

  it("sends pesos to MercadoPago and dollars to Stripe", () => {
    const payments = createPayments(envWith({ MERCADOPAGO_ACCESS_TOKEN: "TEST-1", STRIPE_SECRET_KEY: "sk_test_1" }));
    expect(payments.forCurrency("ARS")?.name).toBe("mercadopago");
    expect(payments.forCurrency("USD")?.name).toBe("stripe");
  });

  it("never falls back to the demo provider in a live shop", () => {
    const onlyStripe = createPayments(envWith({ STRIPE_SECRET_KEY: "sk_test_1" }));
    expect(onlyStripe.forCurrency("ARS")?.name).toBe("stripe");
    const onlyMp = createPayments(envWith({ MERCADOPAGO_ACCESS_TOKEN: "TEST-1" }));
    expect(onlyMp.forCurrency("ARS")?.name).toBe("mercadopago");
    expect(onlyMp.forCurrency("USD")).toBeUndefined();
  });
});
