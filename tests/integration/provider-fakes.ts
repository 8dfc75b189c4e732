import { createHmac, randomUUID } from "node:crypto";
import Stripe from "stripe";
import { vi } from "vitest";

/**
 * Local fakes of the payment providers' APIs. The official SDKs run for real
 * and their HTTP calls land here (global fetch is replaced), so no test
 * reaches the internet. Calls are matched by path only.
 */
export type FakeProviders = {
  calls: { method: string; path: string; body: string; idempotencyKey: string | null }[];
  /** MercadoPago payments the fake API knows, by id. */
  mpPayments: Map<string, Record<string, unknown>>;
  /** What the next refund request gets: done at once, left pending (confirmed later by webhook) or refused. */
  refundAnswer: "done" | "pending" | "refused";
  failNext: boolean;
  /** Every call fails with a 500 while set (an outage; the SDKs' own retries fail too). */
  down: boolean;
  restore(): void;
};

const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", "request-id": `req_${randomUUID()}` } });

export function installFakeProviders(): FakeProviders {
  const fake: FakeProviders = { calls: [], mpPayments: new Map(), refundAnswer: "done", failNext: false, down: false, restore: () => vi.unstubAllGlobals() };
  const realFetch = globalThis.fetch;
  vi.stubGlobal("fetch", async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    const method = (init?.method ?? "GET").toUpperCase();
    const body = typeof init?.body === "string" ? init.body : "";
    if (url.hostname === "127.0.0.1" || url.hostname === "localhost") return realFetch(input, init);
    const path = url.pathname.replace(/\/+$/, "");
    const idempotencyKey = new Headers(init?.headers).get("idempotency-key") ?? new Headers(init?.headers).get("x-idempotency-key");
    fake.calls.push({ method, path, body, idempotencyKey });
    if (fake.down) return jsonResponse({ error: { message: "down for maintenance" } }, 500);
    if (fake.failNext) {
      fake.failNext = false;
      return jsonResponse({ error: { message: "down for maintenance" } }, 500);
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const params = new URLSearchParams(body);
      const id = `cs_test_${randomUUID().replaceAll("-", "")}`;
      return jsonResponse({
        id,
        object: "checkout.session",
        url: `https://pay.example/stripe/${id}`,
        client_reference_id: params.get("client_reference_id"),
        amount_total: Number(params.get("line_items[0][price_data][unit_amount]")),
        currency: params.get("line_items[0][price_data][currency]"),
        payment_status: "unpaid",
        status: "open",
      });
    }
    if (method === "POST" && path === "/checkout/preferences") {
      const id = `pref-${randomUUID()}`;
      return jsonResponse({ id, init_point: `https://pay.example/mp/${id}`, ...JSON.parse(body || "{}") });
    }
    if (method === "POST" && path === "/v1/refunds") {
      if (fake.refundAnswer === "refused")
        return jsonResponse({ error: { type: "invalid_request_error", code: "charge_already_refunded", message: "Charge has already been refunded." } }, 400);
      const intent = new URLSearchParams(body).get("payment_intent");
      return jsonResponse({
        id: `re_${randomUUID().replaceAll("-", "")}`,
        object: "refund",
        payment_intent: intent,
        status: fake.refundAnswer === "done" ? "succeeded" : "pending",
      });
    }
    const mpRefund = /^\/v1\/payments\/(\d+)\/refunds$/.exec(path);
    if (method === "POST" && mpRefund) {
      if (fake.refundAnswer === "refused") return jsonResponse({ message: "Payment already refunded", error: "bad_request", status: 400, cause: [] }, 400);
      return jsonResponse(
        { id: Math.floor(Math.random() * 1e9), payment_id: Number(mpRefund[1]), status: fake.refundAnswer === "done" ? "approved" : "in_process" },
        201,
      );
    }
    const payment = /^\/v1\/payments\/(\d+)$/.exec(path);
    if (method === "GET" && payment) {
      const known = fake.mpPayments.get(payment[1]);
      return known ? jsonResponse(known) : jsonResponse({ message: "not found" }, 404);
    }
    return jsonResponse({ error: { message: `no fake for ${method} ${path}` } }, 404);
  });
  return fake;
}

export const STRIPE_WEBHOOK_SECRET = "whsec_test_orders";
export const MP_WEBHOOK_SECRET = "mp-secret-for-tests";

export const PROVIDER_ENV = {
  STRIPE_SECRET_KEY: "sk_test_orders",
  STRIPE_WEBHOOK_SECRET,
  MERCADOPAGO_ACCESS_TOKEN: "TEST-orders-token",
  MERCADOPAGO_WEBHOOK_SECRET: MP_WEBHOOK_SECRET,
};

/** A Stripe event as Stripe would sign it. */
export function signedStripeEvent(event: Record<string, unknown>, secret = STRIPE_WEBHOOK_SECRET): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({ object: "event", api_version: "2025-01-01", created: Math.floor(Date.now() / 1000), livemode: false, ...event });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret });
  return { body, headers: { "stripe-signature": signature, "content-type": "application/json" } };
}

/** A MercadoPago notification with its `x-signature` over `id:…;request-id:…;ts:…;`. */
export function signedMpNotification(paymentId: string, secret = MP_WEBHOOK_SECRET): { query: string; body: string; headers: Record<string, string> } {
  const ts = String(Math.floor(Date.now() / 1000));
  const requestId = randomUUID();
  const v1 = createHmac("sha256", secret).update(`id:${paymentId};request-id:${requestId};ts:${ts};`).digest("hex");
  return {
    query: `?data.id=${paymentId}&type=payment`,
    body: JSON.stringify({ action: "payment.updated", type: "payment", data: { id: paymentId } }),
    headers: { "x-signature": `ts=${ts},v1=${v1}`, "x-request-id": requestId, "content-type": "application/json" },
  };
}
