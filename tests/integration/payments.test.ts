import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderEvents, orders, payments, preorders, providerEvents } from "../../app/.server/db/schema.ts";
import { action as purchase } from "../../app/routes/api.purchase.ts";
import { action as createPreorder } from "../../app/routes/api.preventa.ts";
import { action as webhook } from "../../app/routes/api.webhooks.ts";
import { action as payDemo, loader as payDemoPage } from "../../app/routes/pay-demo.tsx";
import { createTestShop, type TestShop } from "./helpers.ts";
import { ORDERS_RACE, buyer, call, cartItem, seedOrdersRace, type OrdersRace } from "./orders-fixture.ts";
import { installFakeProviders, PROVIDER_ENV, signedMpNotification, signedStripeEvent, type FakeProviders } from "./provider-fakes.ts";

const orderRow = async (shop: TestShop, publicId: string) => (await shop.database.db.select().from(orders).where(eq(orders.publicId, publicId)))[0];
const paymentsOf = async (shop: TestShop, orderId: number) => shop.database.db.select().from(payments).where(eq(payments.orderId, orderId));

async function buy(shop: TestShop, race: OrdersRace, frames: string[], email: string, country = "1") {
  const { status, body } = await call(shop, purchase, "/api/purchase?lang=es", {
    method: "POST",
    body: { data: { ...buyer({ country, email, confirmEmail: email }), images: frames.map((f) => cartItem(race.ids[f])) } },
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data as { id: string; link: string };
}

/** The demo page's form, as the browser posts it. */
async function decide(shop: TestShop, link: string, outcome: string) {
  const token = link.split("/").pop()!;
  const form = new URLSearchParams({ outcome });
  return call(shop, payDemo, `/pay/demo/${token}`, {
    method: "POST",
    body: form.toString(),
    params: { token },
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

describe("demo provider and the shared webhook handling", () => {
  let shop: TestShop;
  let race: OrdersRace;
  beforeAll(async () => {
    shop = await createTestShop();
    race = await seedOrdersRace(shop);
  });
  afterAll(() => shop.close());

  it("approves through the webhook path and redirects to the purchase page; approving twice pays once", async () => {
    const order = await buy(shop, race, ["P01", "P02"], "demo1@example.com");
    const token = order.link.split("/").pop()!;
    const page = await call(shop, payDemoPage, `/pay/demo/${token}`, { params: { token } });
    expect(page.body).toMatchObject({ id: order.id, amount: 1_000_000, currency: "ARS", state: 1 });

    const first = await decide(shop, order.link, "approved");
    expect(first.status).toBe(302);
    expect(first.response.headers.get("location")).toBe(`http://shop.test/compra/${order.id}`);
    await decide(shop, order.link, "approved");
    const row = await orderRow(shop, order.id);
    expect(row.state).toBe(2);
    expect(await paymentsOf(shop, row.id)).toHaveLength(1);
    const received = await shop.database.db.select().from(providerEvents).where(eq(providerEvents.provider, "demo"));
    expect(received.filter((e) => e.eventId.startsWith(token))).toHaveLength(1);

    await shop.services.worker.drain();
    expect((await orderRow(shop, order.id)).state).toBe(3);
  });

  it("cancels a rejected payment, and a late approval still pays it", async () => {
    const order = await buy(shop, race, ["P03"], "demo2@example.com");
    await decide(shop, order.link, "rejected");
    expect((await orderRow(shop, order.id)).state).toBe(4);
    await decide(shop, order.link, "approved");
    const row = await orderRow(shop, order.id);
    expect(row.state).toBe(2);
    const events = await shop.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, row.id));
    expect(events.map((e) => `${e.fromState}>${e.toState}`)).toEqual(["null>1", "1>4", "4>2"]);
  });

  it("refuses an unsigned or forged demo webhook with a 400 and changes nothing", async () => {
    const order = await buy(shop, race, ["P04"], "demo3@example.com");
    const token = order.link.split("/").pop()!;
    const body = JSON.stringify({ token, outcome: "approved", reference: `order:${order.id}`, amount: 500_000, currency: "ARS" });
    for (const headers of [{}, { "x-demo-signature": "00".repeat(32) }] as Record<string, string>[]) {
      const res = await call(shop, webhook, "/api/webhooks/demo", { method: "POST", body, params: { provider: "demo" }, headers });
      expect(res.status).toBe(400);
    }
    expect((await orderRow(shop, order.id)).state).toBe(1);
    expect((await call(shop, webhook, "/api/webhooks/nope", { method: "POST", body: "{}", params: { provider: "nope" } })).status).toBe(404);
  });

  it("expires an unpaid order with its job", async () => {
    const order = await buy(shop, race, ["P05"], "demo4@example.com");
    await shop.database.db.execute(sql`update jobs set run_at = now() where type = 'order.expire'`);
    await shop.services.worker.drain();
    const row = await orderRow(shop, order.id);
    expect(row.state).toBe(4);
    const [last] = await shop.database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, row.id), eq(orderEvents.toState, 4)));
    expect(last.cause).toEqual({ code: "expired" });
  });
});

describe("Stripe and MercadoPago through their SDKs against local fakes", () => {
  let shop: TestShop;
  let race: OrdersRace;
  let fake: FakeProviders;
  beforeAll(async () => {
    fake = installFakeProviders();
    shop = await createTestShop(PROVIDER_ENV);
    race = await seedOrdersRace(shop);
  });
  afterAll(async () => {
    fake.restore();
    await shop.close();
  });

  const stripeHook = (event: Record<string, unknown>, secret?: string) => {
    const signed = signedStripeEvent(event, secret);
    return call(shop, webhook, "/api/webhooks/stripe", { method: "POST", body: signed.body, headers: signed.headers, params: { provider: "stripe" } });
  };
  const completed = (id: string, orderId: string, amount: number, intent: string) => ({
    id,
    type: "checkout.session.completed",
    data: {
      object: {
        id: `cs_${intent}`,
        object: "checkout.session",
        client_reference_id: `order:${orderId}`,
        payment_intent: intent,
        payment_status: "paid",
        amount_total: amount,
        currency: "usd",
        metadata: {},
      },
    },
  });
  const refunded = (id: string, intent: string, amount: number) => ({
    id,
    type: "charge.refunded",
    data: { object: { id: `ch_${intent}`, object: "charge", payment_intent: intent, refunded: true, amount_refunded: amount } },
  });

  it("opens a Stripe Checkout Session for dollars with the server's amount", async () => {
    const order = await buy(shop, race, ["P01", "S14"], "stripe1@example.com", "3");
    expect(order.link).toMatch(/^https:\/\/pay\.example\/stripe\/cs_test_/);
    const call0 = fake.calls.find((c) => c.path === "/v1/checkout/sessions" && c.body.includes(order.id))!;
    const params = new URLSearchParams(call0.body);
    expect(params.get("line_items[0][price_data][unit_amount]")).toBe("800");
    expect(params.get("line_items[0][price_data][currency]")).toBe("usd");
    expect(params.get("client_reference_id")).toBe(`order:${order.id}`);
    expect(params.get("success_url")).toBe(`http://shop.test/compra/${order.id}`);
    const row = await orderRow(shop, order.id);
    expect(row).toMatchObject({ provider: "stripe", total: 800, currency: "USD" });
    expect(row.providerRef).toMatch(/^cs_test_/);
  });

  it("applies a signed Stripe event once, however often it is delivered", async () => {
    const order = await buy(shop, race, ["P02"], "stripe2@example.com", "4");
    const event = completed("evt_paid_1", order.id, 500, "pi_1");
    expect((await stripeHook(event)).status).toBe(200);
    const replay = await stripeHook(event);
    expect(replay.status).toBe(200);
    expect(replay.body.results).toEqual(["duplicate"]);
    // A second delivery under a new event id (Stripe retries can) still counts one payment.
    expect((await stripeHook({ ...event, id: "evt_paid_1b" })).status).toBe(200);
    const row = await orderRow(shop, order.id);
    expect(row.state).toBe(2);
    const rows = await paymentsOf(shop, row.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: "stripe", providerPaymentId: "pi_1", status: "approved", amount: 500, currency: "USD" });
  });

  it("counts one payment when its events arrive at once, each answered 200", async () => {
    const order = await buy(shop, race, ["P03"], "stripe-at-once@example.com", "4");
    // The same event twice and two more ids for the same payment, delivered side by side.
    const answers = await Promise.all(
      ["evt_once_1", "evt_once_1", "evt_once_2", "evt_once_3"].map((id) => stripeHook(completed(id, order.id, 500, "pi_once"))),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(answers.flatMap((a) => a.body.results).filter((r: string) => r === "duplicate")).toHaveLength(1);
    const row = await orderRow(shop, order.id);
    expect(row.state).toBe(2);
    await shop.services.worker.drain();
    const rows = await paymentsOf(shop, row.id);
    expect(rows).toHaveLength(1);
    // Counted once: nothing is given back as paid twice.
    expect(rows[0]).toMatchObject({ providerPaymentId: "pi_once", status: "approved", refundId: null });
  });

  it("refuses a Stripe event with a bad signature and changes nothing", async () => {
    const order = await buy(shop, race, ["P03"], "stripe3@example.com", "4");
    const res = await stripeHook(completed("evt_forged", order.id, 500, "pi_forged"), "whsec_wrong");
    expect(res.status).toBe(400);
    expect((await orderRow(shop, order.id)).state).toBe(1);
    const [known] = await shop.database.db.select().from(providerEvents).where(eq(providerEvents.eventId, "evt_forged"));
    expect(known).toBeUndefined();
  });

  it("never marks paid when the amount differs from the sale", async () => {
    const order = await buy(shop, race, ["P04"], "stripe4@example.com", "4");
    expect((await stripeHook(completed("evt_cheap", order.id, 1, "pi_cheap"))).status).toBe(200);
    const row = await orderRow(shop, order.id);
    expect(row.state).toBe(1);
    expect((await paymentsOf(shop, row.id))[0].status).toBe("amount_mismatch");
  });

  it("is safe out of order: a refund ahead of its payment is retried, and a late approval never undoes it", async () => {
    const order = await buy(shop, race, ["P05"], "stripe5@example.com", "4");
    const early = await stripeHook(refunded("evt_refund_1", "pi_5", 500));
    expect(early.status).toBe(503);
    expect((await stripeHook(completed("evt_paid_5", order.id, 500, "pi_5"))).status).toBe(200);
    expect((await orderRow(shop, order.id)).state).toBe(2);
    expect((await stripeHook(refunded("evt_refund_1", "pi_5", 500))).status).toBe(200);
    expect((await orderRow(shop, order.id)).state).toBe(5);
    expect((await stripeHook(completed("evt_paid_5_again", order.id, 500, "pi_5"))).status).toBe(200);
    const row = await orderRow(shop, order.id);
    expect(row.state).toBe(5);
    expect((await paymentsOf(shop, row.id)).map((p) => p.status)).toEqual(["refunded"]);
  });

  it("records a refunded pre-payment by cancelling the pre-purchase: it never reaches a refunded state", async () => {
    const email = "prerefund@example.com";
    const { body } = await call(shop, createPreorder, "/api/preventa?lang=en", {
      method: "POST",
      body: { data: { ...buyer({ country: "4", email, confirmEmail: email }), raceId: race.raceId, raceSlug: ORDERS_RACE, dni: "909" } },
    });
    expect(body.status, JSON.stringify(body)).toBe("success");
    const paid = {
      id: "evt_pre_paid",
      type: "checkout.session.completed",
      data: {
        object: {
          id: "cs_pre",
          object: "checkout.session",
          client_reference_id: `preorder:${body.id}`,
          payment_intent: "pi_pre",
          payment_status: "paid",
          amount_total: 4000,
          currency: "usd",
          metadata: {},
        },
      },
    };
    expect((await stripeHook(paid)).status).toBe(200);
    const row = async () => (await shop.database.db.select().from(preorders).where(eq(preorders.publicId, body.id)))[0];
    expect((await row()).state).toBe(2);
    expect((await stripeHook(refunded("evt_pre_refund", "pi_pre", 4000))).status).toBe(200);
    const after = await row();
    expect(after.state).toBe(4);
    expect((await shop.database.db.select().from(payments).where(eq(payments.preorderId, after.id))).map((p) => p.status)).toEqual(["refunded"]);
    const events = await shop.database.db.select().from(orderEvents).where(eq(orderEvents.preorderId, after.id));
    expect(events.map((e) => e.toState)).toEqual([1, 2, 4]);
    expect(events.at(-1)!.cause).toMatchObject({ code: "payment", status: "refunded" });
  });

  it("cancels the sale and says so when the provider cannot open a checkout", async () => {
    fake.failNext = true;
    const failing = setInterval(() => (fake.failNext = true), 5);
    try {
      const { status, body } = await call(shop, purchase, "/api/purchase?lang=en", {
        method: "POST",
        body: { data: { ...buyer({ country: "2", email: "down@example.com", confirmEmail: "down@example.com" }), images: [cartItem(race.ids.P06)] } },
      });
      expect(status).toBe(503);
      expect(body.error.message).toMatch(/payment provider is not responding/);
    } finally {
      clearInterval(failing);
      fake.failNext = false;
    }
    const [row] = await shop.database.db
      .select()
      .from(orders)
      .where(sql`${orders.cartHash} is not null and ${orders.provider} = 'stripe' and ${orders.state} = 4`);
    expect(row).toBeDefined();
  });

  it("creates a MercadoPago preference for pesos and trusts only the payment it re-reads", async () => {
    const order = await buy(shop, race, ["P07", "P08"], "mp1@example.com", "1");
    expect(order.link).toMatch(/^https:\/\/pay\.example\/mp\/pref-/);
    const created = JSON.parse(fake.calls.find((c) => c.path === "/checkout/preferences" && c.body.includes(order.id))!.body);
    expect(created.external_reference).toBe(`order:${order.id}`);
    expect(created.items[0]).toMatchObject({ unit_price: 10000, currency_id: "ARS", quantity: 1 });
    expect(created.notification_url).toBe("http://shop.test/api/webhooks/mercadopago");

    const hook = async (paymentId: string, secret?: string) => {
      const n = signedMpNotification(paymentId, secret);
      return call(shop, webhook, `/api/webhooks/mercadopago${n.query}`, {
        method: "POST",
        body: n.body,
        headers: n.headers,
        params: { provider: "mercadopago" },
      });
    };
    fake.mpPayments.set("9001", { id: 9001, status: "approved", transaction_amount: 10000, currency_id: "ARS", external_reference: `order:${order.id}` });
    const before = fake.calls.length;
    expect((await hook("9001", "wrong-secret")).status).toBe(400);
    expect(fake.calls.length).toBe(before); // a forged notification never even reaches the API
    expect((await orderRow(shop, order.id)).state).toBe(1);

    expect((await hook("9001")).status).toBe(200);
    expect((await hook("9001")).body.results).toEqual(["duplicate"]);
    const row = await orderRow(shop, order.id);
    expect(row.state).toBe(2);
    expect(await paymentsOf(shop, row.id)).toHaveLength(1);

    fake.mpPayments.set("9001", { id: 9001, status: "refunded", transaction_amount: 10000, currency_id: "ARS", external_reference: `order:${order.id}` });
    expect((await hook("9001")).status).toBe(200);
    expect((await orderRow(shop, order.id)).state).toBe(5);
  });

  it("answers 503 when MercadoPago cannot be asked about the payment, so it retries", async () => {
    const n = signedMpNotification("424242");
    const res = await call(shop, webhook, `/api/webhooks/mercadopago${n.query}`, {
      method: "POST",
      body: n.body,
      headers: n.headers,
      params: { provider: "mercadopago" },
    });
    expect(res.status).toBe(503);
  });
});
