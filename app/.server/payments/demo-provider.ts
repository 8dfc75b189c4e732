import { createHmac, randomBytes } from "node:crypto";
import { safeEqual } from "../safe-equal.ts";
import { z } from "zod";
import { randomCode } from "../random-code.ts";
import { WebhookRejected, type PaymentProvider, type WebhookInput } from "./provider.ts";

export const DEMO_SIGNATURE_HEADER = "x-demo-signature";

const demoEvent = z.object({
  token: z.string().regex(/^[A-Za-z0-9]{16,40}$/),
  outcome: z.enum(["approved", "rejected"]),
  reference: z.string(),
  amount: z.number().int().nonnegative(),
  currency: z.enum(["ARS", "USD"]),
  /** A fee the provider kept, as a real provider reports it (tests of the partners' split). */
  fee: z.number().int().nonnegative().optional(),
});
export type DemoEvent = z.infer<typeof demoEvent>;

export type DemoProvider = PaymentProvider & {
  /** The signed webhook the demo payment page sends to the shop's own webhook handling. */
  webhookFor(event: DemoEvent): WebhookInput;
};

/**
 * The built-in provider: its "checkout" is the shop's own page at
 * `/pay/demo/{token}` with approve and reject buttons. Its webhooks are signed
 * with a key that never leaves the process, so only that page can send them.
 */
export function demoProvider(publicUrl: string): DemoProvider {
  const key = randomBytes(32);
  const sign = (body: string) => createHmac("sha256", key).update(body).digest("hex");
  return {
    name: "demo",
    async createCheckout() {
      const token = randomCode(24);
      return { link: `${publicUrl}/pay/demo/${token}`, ref: token };
    },
    // The demo takes no money, so it gives it back at once.
    async refund(request) {
      return { refundId: `demo-refund-${request.paymentId}`, status: "refunded" };
    },
    webhookFor(event) {
      const body = JSON.stringify(event);
      return { body, headers: new Headers({ [DEMO_SIGNATURE_HEADER]: sign(body) }), url: new URL(`${publicUrl}/api/webhooks/demo`) };
    },
    async readWebhook({ body, headers }) {
      if (!safeEqual(Buffer.from(headers.get(DEMO_SIGNATURE_HEADER) ?? "", "hex"), Buffer.from(sign(body), "hex")))
        throw new WebhookRejected("bad demo signature");
      const parsed = demoEvent.safeParse(JSON.parse(body));
      if (!parsed.success) throw new WebhookRejected("malformed demo event");
      const e = parsed.data;
      return [
        {
          eventId: `${e.token}:${e.outcome}`,
          paymentId: e.token,
          status: e.outcome,
          reference: e.reference,
          amount: e.amount,
          currency: e.currency,
          fee: e.fee,
          raw: e,
        },
      ];
    },
  };
}
