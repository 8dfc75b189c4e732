/**
 * Crash safety of money and mail: the server is killed (SIGKILL) while it
 * applies a payment notification, once before and once after its transaction
 * commits, and while an SMTP server is taking one of its e-mails. After each
 * restart the provider delivers its notification again, as providers do when
 * they got no answer: every sale is paid exactly once and every e-mail is
 * delivered exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CRASH_POINTS } from "../../app/.server/env.ts";
import { signedStripeEvent, STRIPE_WEBHOOK_SECRET } from "../integration/provider-fakes.ts";
import { startShop, type Shop } from "./harness.ts";
import { mailsOf, startSmtpSink, type SmtpSink } from "./smtp-sink.ts";

const RACE = "maraton-buenos-aires-2025";
const STRIPE = { STRIPE_SECRET_KEY: "sk_test_crash", STRIPE_WEBHOOK_SECRET };

type Photo = { id: string; free: string };
type Sale = { id: string; email: string; amount: number };

async function until(what: string, check: () => Promise<boolean> | boolean, ms = 120_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("crash safety of payment notifications and e-mail", () => {
  let sink: SmtpSink;
  let shop: Shop;
  const photos: Photo[] = [];
  // Sales for the payment tests, made while the demo provider takes payments; the
  // restarts then configure Stripe, whose signed notifications the test can send itself.
  const sales = new Map<string, Sale>();

  /** Kills the shop (or waits for it to be dead) and starts it again on the same data. */
  async function restart(env: Record<string, string> = {}) {
    await shop.kill();
    shop = await startShop({ dataDir: shop.dataDir, env: { SMTP_URL: sink.url, ...STRIPE, ...env } });
  }

  async function buy(email: string, images: Photo[]): Promise<Sale> {
    const response = await fetch(shop.url("/api/purchase"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ data: { country: "1", firstName: "Ana", lastName: "Caída", email, confirmEmail: email, images } }),
    });
    const body = (await response.json()) as { data: { id: string } };
    expect(response.status, JSON.stringify(body)).toBe(200);
    const { id } = body.data;
    const view = await purchase(id);
    return { id, email, amount: view.venta.total_arg * 100 };
  }

  async function purchase(id: string) {
    const response = await fetch(shop.url(`/api/purchase/${id}`));
    return ((await response.json()) as { data: { pagado: boolean; venta: { total_arg: number } } }).data;
  }

  /** Stripe's notification that the sale was paid; undefined when the server never answered. */
  async function notify(sale: Sale): Promise<number | undefined> {
    const intent = `pi_crash_${sale.id}`;
    const signed = signedStripeEvent({
      id: `evt_crash_${sale.id}`,
      type: "checkout.session.completed",
      data: {
        object: {
          id: `cs_${intent}`,
          object: "checkout.session",
          client_reference_id: `order:${sale.id}`,
          payment_intent: intent,
          payment_status: "paid",
          amount_total: sale.amount,
          currency: "ars",
          metadata: {},
        },
      },
    });
    const response = await fetch(shop.url("/api/webhooks/stripe"), { method: "POST", body: signed.body, headers: signed.headers }).catch(() => undefined);
    return response?.status;
  }

  /** Waits until no job is due or running (later ones, like an unpaid sale's expiry, may wait), so every e-mail due has gone. */
  async function settled() {
    await until("no job is due", async () => {
      const health = (await (await fetch(shop.url("/healthz"))).json()) as { jobs: { due: number; running: number } };
      return health.jobs.due + health.jobs.running === 0;
    });
    const health = (await (await fetch(shop.url("/healthz"))).json()) as { jobs: { failed: number } };
    expect(health.jobs.failed).toBe(0);
  }

  beforeAll(async () => {
    sink = await startSmtpSink();
    shop = await startShop({ env: { SMTP_URL: sink.url } });
    // The race's first page is free photos, later ones are for sale.
    for (const p of [1, 5]) {
      const page = (await (await fetch(shop.url(`/api/fotos/${RACE}?p=${p}`))).json()) as { data: { fotos: Photo[] } };
      photos.push(...page.data.fotos);
    }
    const forSale = photos.filter((p) => p.free === "0");
    for (const [i, point] of CRASH_POINTS.entries()) sales.set(point, await buy(`paid-${point}@example.com`, forSale.slice(2 * i, 2 * i + 2)));
  });
  afterAll(async () => {
    await shop?.stop();
    await sink?.close();
  });

  for (const point of CRASH_POINTS) {
    it(`a payment notification killed at ${point} marks the sale paid exactly once when it is delivered again`, async () => {
      const sale = sales.get(point)!;
      expect(sale.amount).toBeGreaterThan(0);

      await restart({ CRASH_AT: point });
      expect(await notify(sale), "the server dies before it answers").toBeUndefined();

      await restart();
      // Before the commit nothing of it survived; after it, the sale was paid and its delivery queued.
      expect((await purchase(sale.id)).pagado).toBe(point === "payment.after-commit");
      expect(await notify(sale)).toBe(200);
      expect(await notify(sale)).toBe(200);
      expect((await purchase(sale.id)).pagado).toBe(true);
      await settled();
      expect(mailsOf(sink.delivered, "purchaseReady", sale.email)).toHaveLength(1);
    }, 400_000);
  }

  it("an e-mail whose sending a kill cut short goes out once after the restart, as the same message", async () => {
    await restart();
    sink.hold = true;
    const email = "mail-crash@example.com";
    // A free sale is paid at once, so its e-mails are queued at once.
    await buy(email, photos.filter((p) => p.free === "1").slice(0, 2));
    await until("the SMTP server holds a message", () => sink.held.length > 0);
    const held = sink.held[0];
    await shop.kill();
    sink.hold = false;
    await until("the held connection is gone", () => sink.held.length === 0);

    await restart();
    await settled();
    const template = /X-Dorsal-Template: (\w+)/.exec(held)![1];
    const messageId = /Message-ID: (<[^>]+>)/i.exec(held)![1];
    const delivered = mailsOf(sink.delivered, template, email);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toContain(messageId);
    for (const other of ["orderReceived", "purchaseReady"]) expect(mailsOf(sink.delivered, other, email).length).toBeLessThanOrEqual(1);
  }, 400_000);
});
