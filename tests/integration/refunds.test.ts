import { isPaidState } from "../../app/domain/order-states.ts";
/**
 * Refunds from the back office, through the provider that took the payment:
 * the demo provider at once, Stripe and MercadoPago through their official
 * SDKs against local fakes of their HTTP APIs. A sale becomes refunded only
 * when the provider confirms; downloads stop, the buyer gets one e-mail in
 * their language, the dashboard's revenue drops; refusing or unreachable
 * providers, a second refund and an unpaid sale change nothing.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Operator } from "../../app/.server/staff/index.ts";
import { orders, payments, preorders } from "../../app/.server/db/schema.ts";
import { action as purchase } from "../../app/routes/api.purchase.ts";
import { action as createPreorder } from "../../app/routes/api.preventa.ts";
import { action as webhook } from "../../app/routes/api.webhooks.ts";
import { action as payDemo } from "../../app/routes/pay-demo.tsx";
import { loginAs } from "./admin-helpers.ts";
import { createTestShop, type TestShop } from "./helpers.ts";
import { ORDERS_RACE, buyer, call, cartItem, outbox, seedOrdersRace, type OrdersRace } from "./orders-fixture.ts";
import { installFakeProviders, PROVIDER_ENV, signedMpNotification, signedStripeEvent, type FakeProviders } from "./provider-fakes.ts";

const ADMIN = { email: "refunds@dorsal.test", password: "refunds-password-1" };

async function buy(shop: TestShop, race: OrdersRace, frames: string[], email: string, country: string, lang = "es") {
  const { status, body } = await call(shop, purchase, `/api/purchase?lang=${lang}`, {
    method: "POST",
    body: { data: { ...buyer({ country, email, confirmEmail: email }), images: frames.map((f) => cartItem(race.ids[f])) } },
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data as { id: string; link: string };
}

const orderOf = async (shop: TestShop, publicId: string) => (await shop.database.db.select().from(orders).where(eq(orders.publicId, publicId)))[0];
const paymentOf = async (shop: TestShop, orderId: number) => (await shop.database.db.select().from(payments).where(eq(payments.orderId, orderId)))[0];
const refundMails = (shop: TestShop, publicId: string) => outbox(shop).filter((m) => m.includes("X-Dorsal-Template: purchaseRefunded") && m.includes(publicId));

describe("refunds through the demo provider", () => {
  let shop: TestShop;
  let race: OrdersRace;
  let admin: Operator;
  beforeAll(async () => {
    shop = await createTestShop({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    await shop.services.admins.ensureFirst();
    ({ op: admin } = await loginAs(shop.services, ADMIN.email, ADMIN.password));
    race = await seedOrdersRace(shop);
  });
  afterAll(() => shop.close());

  async function paidDemoSale(email: string, lang = "es") {
    const sale = await buy(shop, race, ["P01", "P02"], email, "1", lang);
    const token = sale.link.split("/").pop()!;
    await call(shop, payDemo, `/pay/demo/${token}`, {
      method: "POST",
      body: new URLSearchParams({ outcome: "approved" }).toString(),
      params: { token },
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    await shop.services.worker.drain();
    return { ...sale, row: await orderOf(shop, sale.id) };
  }

  it("refunds a paid sale at once: downloads stop, the buyer is told in their language, revenue drops", async () => {
    const sale = await paidDemoSale("refund-en@example.com", "en");
    expect(sale.row.state).toBe(3);
    const photoId = race.ids.P01;
    await shop.services.purchases.download(sale.id, photoId);
    const before = (await shop.services.admin.dashboard(admin)).sales!.revenue.ARS;

    expect(await shop.services.admin.sales.refund(admin, sale.row.id)).toEqual({ status: "refunded", provider: "demo" });
    expect((await orderOf(shop, sale.id)).state).toBe(5);
    expect(await paymentOf(shop, sale.row.id)).toMatchObject({ status: "refunded", refundId: expect.stringMatching(/^demo-refund-/) });
    await expect(shop.services.purchases.download(sale.id, photoId)).rejects.toMatchObject({ status: 402 });
    expect((await shop.services.admin.dashboard(admin)).sales!.revenue.ARS).toBe(before - sale.row.total);

    await shop.services.worker.drain();
    const [mail] = refundMails(shop, sale.id);
    expect(mail).toContain("Subject: Your purchase");
    expect(mail).toContain("refunded");
    const detail = await shop.services.admin.sales.detail(admin, sale.row.id);
    expect(detail.events.at(-1)).toMatchObject({ from: 3, to: 5 });
  });

  it("refuses a second refund, an unpaid sale and a sale with no payment, changing nothing", async () => {
    const sale = await paidDemoSale("refund-twice@example.com");
    await shop.services.admin.sales.refund(admin, sale.row.id);
    await expect(shop.services.admin.sales.refund(admin, sale.row.id)).rejects.toMatchObject({ status: 409, key: "refundDone" });

    const unpaid = await buy(shop, race, ["P03"], "refund-unpaid@example.com", "1");
    const unpaidRow = await orderOf(shop, unpaid.id);
    await expect(shop.services.admin.sales.refund(admin, unpaidRow.id)).rejects.toMatchObject({ status: 409, key: "refundNotPaid" });
    expect((await orderOf(shop, unpaid.id)).state).toBe(1);

    // Paid by hand (a bank transfer): no provider payment to give back; recorded by hand instead, with the e-mail.
    await shop.services.admin.sales.move(admin, unpaidRow.id, "paid", "bank transfer 77");
    await expect(shop.services.admin.sales.refund(admin, unpaidRow.id)).rejects.toMatchObject({ status: 409, key: "refundNoPayment" });
    await shop.services.admin.sales.move(admin, unpaidRow.id, "refunded", "transfer returned");
    await shop.services.worker.drain();
    expect(refundMails(shop, unpaid.id)).toHaveLength(1);
    expect(refundMails(shop, sale.id)).toHaveLength(1);
  });

  it("has nothing to refund of free photos, and says so", async () => {
    const free = await buy(shop, race, ["F13"], "refund-free@example.com", "1");
    await shop.services.worker.drain();
    const row = await orderOf(shop, free.id);
    expect([row.total, isPaidState(row.state)]).toEqual([0, true]);
    await expect(shop.services.admin.sales.move(admin, row.id, "refunded", "asked")).rejects.toMatchObject({ status: 409, key: "nothingToRefund" });
    await expect(shop.services.admin.sales.refund(admin, row.id)).rejects.toMatchObject({ status: 409 });
    expect((await orderOf(shop, free.id)).state).toBe(row.state);
    expect(refundMails(shop, free.id)).toHaveLength(0);
  });

  it("is for admins only", async () => {
    const sale = await paidDemoSale("refund-photographer@example.com");
    const { password } = await shop.services.admin.operators.invite(admin, { email: "shooter@dorsal.test", role: "photographer", raceIds: [race.raceId] });
    const { op: photographer } = await loginAs(shop.services, "shooter@dorsal.test", password);
    await expect(shop.services.admin.sales.refund(photographer, sale.row.id)).rejects.toMatchObject({ status: 403 });
    expect((await orderOf(shop, sale.id)).state).toBe(3);
  });
});

describe("refunds through Stripe and MercadoPago", () => {
  let shop: TestShop;
  let race: OrdersRace;
  let admin: Operator;
  let fake: FakeProviders;
  beforeAll(async () => {
    fake = installFakeProviders();
    shop = await createTestShop({ ...PROVIDER_ENV, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    await shop.services.admins.ensureFirst();
    ({ op: admin } = await loginAs(shop.services, ADMIN.email, ADMIN.password));
    race = await seedOrdersRace(shop);
  });
  afterAll(async () => {
    fake.restore();
    await shop.close();
  });

  const stripeHook = (event: Record<string, unknown>) => {
    const signed = signedStripeEvent(event);
    return call(shop, webhook, "/api/webhooks/stripe", { method: "POST", body: signed.body, headers: signed.headers, params: { provider: "stripe" } });
  };
  const mpHook = (paymentId: string) => {
    const n = signedMpNotification(paymentId);
    return call(shop, webhook, `/api/webhooks/mercadopago${n.query}`, {
      method: "POST",
      body: n.body,
      headers: n.headers,
      params: { provider: "mercadopago" },
    });
  };

  async function paidStripeSale(email: string, intent: string) {
    const sale = await buy(shop, race, ["P04"], email, "4", "br");
    const session = {
      id: `cs_${intent}`,
      object: "checkout.session",
      client_reference_id: `order:${sale.id}`,
      payment_intent: intent,
      payment_status: "paid",
      amount_total: 500,
      currency: "usd",
      metadata: {},
    };
    expect((await stripeHook({ id: `evt_paid_${intent}`, type: "checkout.session.completed", data: { object: session } })).status).toBe(200);
    return orderOf(shop, sale.id);
  }

  it("Stripe: a refund Stripe leaves pending waits for its webhook; asking again meanwhile is refused", async () => {
    const row = await paidStripeSale("stripe-refund@example.com", "pi_refund_1");
    fake.refundAnswer = "pending";
    expect(await shop.services.admin.sales.refund(admin, row.id)).toEqual({ status: "pending", provider: "stripe" });
    const asked = fake.calls.filter((c) => c.path === "/v1/refunds");
    expect(new URLSearchParams(asked.at(-1)!.body).get("payment_intent")).toBe("pi_refund_1");
    expect((await orderOf(shop, row.publicId)).state).toBe(2);
    await expect(shop.services.admin.sales.refund(admin, row.id)).rejects.toMatchObject({ status: 409, key: "refundPending" });
    expect(fake.calls.filter((c) => c.path === "/v1/refunds")).toHaveLength(asked.length);

    const charge = { id: "ch_refund_1", object: "charge", payment_intent: "pi_refund_1", refunded: true, amount_refunded: 500 };
    expect((await stripeHook({ id: "evt_refunded_1", type: "charge.refunded", data: { object: charge } })).status).toBe(200);
    expect((await orderOf(shop, row.publicId)).state).toBe(5);
    await shop.services.worker.drain();
    const mails = refundMails(shop, row.publicId);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("Devolvemos sua compra");
    fake.refundAnswer = "done";
  });

  it("Stripe: while Stripe is down nothing is refunded or changed, and the refund can be asked again", async () => {
    const row = await paidStripeSale("stripe-down@example.com", "pi_refund_2");
    fake.down = true;
    await expect(shop.services.admin.sales.refund(admin, row.id)).rejects.toMatchObject({
      status: 503,
      key: "refundUnavailable",
      params: { provider: "Stripe" },
    });
    fake.down = false;
    expect((await orderOf(shop, row.publicId)).state).toBe(2);
    expect(await paymentOf(shop, row.id)).toMatchObject({ status: "approved", refundRequestedAt: null, refundId: null });

    expect(await shop.services.admin.sales.refund(admin, row.id)).toEqual({ status: "refunded", provider: "stripe" });
    expect((await orderOf(shop, row.publicId)).state).toBe(5);
    // The same key on every attempt: Stripe refunds once however often it is asked.
    const attempts = fake.calls.filter((c) => c.path === "/v1/refunds" && c.body.includes("pi_refund_2"));
    expect(attempts.length).toBeGreaterThan(1);
    expect(new Set(attempts.map((c) => c.idempotencyKey))).toEqual(new Set([expect.stringMatching(/^refund-\d+$/)]));
  });

  it("MercadoPago: an approved refund is confirmed at once, and its later notification changes nothing", async () => {
    const sale = await buy(shop, race, ["P05"], "mp-refund@example.com", "1");
    fake.mpPayments.set("7001", { id: 7001, status: "approved", transaction_amount: 5000, currency_id: "ARS", external_reference: `order:${sale.id}` });
    expect((await mpHook("7001")).status).toBe(200);
    const row = await orderOf(shop, sale.id);
    expect(row.state).toBe(2);

    expect(await shop.services.admin.sales.refund(admin, row.id)).toEqual({ status: "refunded", provider: "mercadopago" });
    expect(fake.calls.at(-1)).toMatchObject({ method: "POST", path: "/v1/payments/7001/refunds" });
    expect((await orderOf(shop, sale.id)).state).toBe(5);

    fake.mpPayments.set("7001", { id: 7001, status: "refunded", transaction_amount: 5000, currency_id: "ARS", external_reference: `order:${sale.id}` });
    expect((await mpHook("7001")).status).toBe(200);
    await shop.services.worker.drain();
    expect(refundMails(shop, sale.id)).toHaveLength(1);
  });

  it("MercadoPago: a sale paid twice gives the second payment back by itself and stays paid; a payment after its refund goes back too", async () => {
    const sale = await buy(shop, race, ["P07"], "mp-twice@example.com", "1");
    const approved = (id: number, status = "approved") => ({
      id,
      status,
      transaction_amount: 5000,
      currency_id: "ARS",
      external_reference: `order:${sale.id}`,
    });
    const refundsOf = (id: number) => fake.calls.filter((c) => c.method === "POST" && c.path === `/v1/payments/${id}/refunds`);
    const paymentStatus = async (id: number) =>
      (
        await shop.database.db
          .select()
          .from(payments)
          .where(eq(payments.providerPaymentId, String(id)))
      )[0]?.status;
    for (const id of [7101, 7102]) {
      fake.mpPayments.set(String(id), approved(id));
      expect((await mpHook(String(id))).status).toBe(200);
    }
    const row = await orderOf(shop, sale.id);
    const stillPaid = async () => expect(isPaidState((await orderOf(shop, sale.id)).state)).toBe(true);
    await stillPaid();
    await shop.services.worker.drain();
    expect(refundsOf(7102)).toHaveLength(1);
    expect(refundsOf(7101)).toHaveLength(0);
    expect([await paymentStatus(7101), await paymentStatus(7102)]).toEqual(["approved", "refunded"]);
    await stillPaid();
    // The buyer is told, in their language, that the extra payment goes back and the purchase stands.
    const returned = () => outbox(shop).filter((m) => m.includes("X-Dorsal-Template: paymentReturned") && m.includes(sale.id));
    expect(returned()).toHaveLength(1);
    expect(returned()[0]).toMatch(/pagaste dos veces/);

    // MercadoPago's own word of that refund (as after a refund in its dashboard) leaves the sale paid, and tells the buyer nothing.
    fake.mpPayments.set("7102", approved(7102, "refunded"));
    expect((await mpHook("7102")).status).toBe(200);
    await shop.services.worker.drain();
    await stillPaid();
    expect(refundMails(shop, sale.id)).toHaveLength(0);

    // The operator's refund gives back the payment that paid it: only then is the sale refunded.
    expect(await shop.services.admin.sales.refund(admin, row.id)).toEqual({ status: "refunded", provider: "mercadopago" });
    expect(refundsOf(7101)).toHaveLength(1);
    expect((await orderOf(shop, sale.id)).state).toBe(5);

    // An old checkout tab paid after the refund: that payment bought nothing and goes back too.
    fake.mpPayments.set("7103", approved(7103));
    expect((await mpHook("7103")).status).toBe(200);
    await shop.services.worker.drain();
    expect(refundsOf(7103)).toHaveLength(1);
    expect((await orderOf(shop, sale.id)).state).toBe(5);
    expect(returned()).toHaveLength(2);
    expect(returned()[1]).toMatch(/despu=C3=A9s de haberla devuelto|después de haberla devuelto/);
    expect(refundMails(shop, sale.id)).toHaveLength(1);
    // Each payment was refunded once, however often the job or the notifications ran.
    expect(refundsOf(7101).length + refundsOf(7102).length + refundsOf(7103).length).toBe(3);
  });

  it("MercadoPago: a pre-order paid twice gives the second payment back and tells the runner their pre-order stands", async () => {
    const { body } = await call(shop, createPreorder, "/api/preventa?lang=en", {
      method: "POST",
      body: {
        data: {
          ...buyer({ country: "1", email: "pre-twice@example.com", confirmEmail: "pre-twice@example.com" }),
          raceId: race.raceId,
          raceSlug: ORDERS_RACE,
          dni: "777",
        },
      },
    });
    expect(body.status).toBe("success");
    const preorderId = body.id as string;
    for (const id of [7201, 7202]) {
      fake.mpPayments.set(String(id), { id, status: "approved", transaction_amount: 40_000, currency_id: "ARS", external_reference: `preorder:${preorderId}` });
      expect((await mpHook(String(id))).status).toBe(200);
    }
    await shop.services.worker.drain();
    const refundsOf = (id: number) => fake.calls.filter((c) => c.method === "POST" && c.path === `/v1/payments/${id}/refunds`);
    expect([refundsOf(7201).length, refundsOf(7202).length]).toEqual([0, 1]);
    const [pre] = await shop.database.db.select().from(preorders).where(eq(preorders.publicId, preorderId));
    expect(isPaidState(pre.state)).toBe(true);
    const returned = outbox(shop).filter((m) => m.includes("X-Dorsal-Template: paymentReturned") && m.includes(preorderId));
    expect(returned).toHaveLength(1);
    expect(returned[0]).toContain("repeated payment of your pre-order");
    expect(returned[0]).toContain("Your pre-order stays confirmed");
  });

  it("MercadoPago: a refused refund changes nothing and says why", async () => {
    const sale = await buy(shop, race, ["P06"], "mp-refused@example.com", "1");
    fake.mpPayments.set("7002", { id: 7002, status: "approved", transaction_amount: 5000, currency_id: "ARS", external_reference: `order:${sale.id}` });
    await mpHook("7002");
    const row = await orderOf(shop, sale.id);
    fake.refundAnswer = "refused";
    await expect(shop.services.admin.sales.refund(admin, row.id)).rejects.toMatchObject({
      status: 409,
      key: "refundRefused",
      params: { provider: "MercadoPago" },
    });
    fake.refundAnswer = "done";
    expect((await orderOf(shop, sale.id)).state).toBe(2);
    expect(await paymentOf(shop, row.id)).toMatchObject({ status: "approved", refundRequestedAt: null });
  });
});
