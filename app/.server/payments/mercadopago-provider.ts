import { MercadoPagoConfig, MercadoPagoError, Payment, PaymentRefund, Preference, WebhookSignatureValidator } from "mercadopago";
import { ProviderUnavailable, RefundRefused, WebhookRejected, type PaymentProvider, type PaymentStatus } from "./provider.ts";

export type MercadoPagoOptions = { accessToken: string; webhookSecret?: string; publicUrl: string };

/** MercadoPago's payment statuses in ours. */
const STATUSES: Record<string, PaymentStatus> = {
  approved: "approved",
  authorized: "pending",
  pending: "pending",
  in_process: "pending",
  in_mediation: "pending",
  rejected: "rejected",
  cancelled: "rejected",
  refunded: "refunded",
  charged_back: "refunded",
};

/**
 * Pesos through MercadoPago Checkout Pro. A notification only says "look at
 * payment N": it is verified by its `x-signature` and the payment's status and
 * amount are then re-read from the API, never taken from the notification.
 */
export function mercadoPagoProvider(options: MercadoPagoOptions): PaymentProvider {
  const config = new MercadoPagoConfig({ accessToken: options.accessToken, options: { timeout: 15_000 } });

  return {
    name: "mercadopago",
    async createCheckout(request) {
      try {
        const preference = await new Preference(config).create({
          body: {
            items: [{ id: request.reference, title: request.title, quantity: 1, unit_price: request.amount / 100, currency_id: request.currency }],
            payer: { email: request.email, name: request.firstName, surname: request.lastName },
            external_reference: request.reference,
            notification_url: `${options.publicUrl}/api/webhooks/mercadopago`,
            back_urls: { success: request.returnUrl, failure: request.returnUrl, pending: request.returnUrl },
            auto_return: "approved",
            expires: true,
            expiration_date_to: request.expiresAt.toISOString(),
          },
          requestOptions: { idempotencyKey: `checkout-${request.reference}` },
        });
        if (!preference.init_point || !preference.id) throw new Error("preference without init_point");
        return { link: preference.init_point, ref: preference.id };
      } catch (error) {
        throw new ProviderUnavailable("mercadopago", error);
      }
    },
    async refund(request) {
      let refund;
      try {
        refund = await new PaymentRefund(config).total({ payment_id: request.paymentId, requestOptions: { idempotencyKey: request.idempotencyKey } });
      } catch (error) {
        // 400/404/422 are MercadoPago's answer about this payment (already refunded, too old, in dispute); the rest (network, 5xx, our keys) is an outage.
        if (error instanceof MercadoPagoError && [400, 404, 422].includes(error.status)) throw new RefundRefused("mercadopago", error.message);
        throw new ProviderUnavailable("mercadopago", error, "refund");
      }
      if (refund.status === "rejected" || refund.status === "cancelled") throw new RefundRefused("mercadopago", `refund ${refund.status}`);
      return { refundId: String(refund.id), status: refund.status === "approved" ? "refunded" : "pending" };
    },
    async readWebhook({ body, headers, url }) {
      let json: { type?: string; topic?: string; data?: { id?: string | number } } = {};
      try {
        json = body ? JSON.parse(body) : {};
      } catch {
        throw new WebhookRejected("malformed mercadopago notification");
      }
      const type = url.searchParams.get("type") ?? url.searchParams.get("topic") ?? json.type ?? json.topic;
      const dataId = url.searchParams.get("data.id") ?? url.searchParams.get("id") ?? (json.data?.id === undefined ? null : String(json.data.id));
      if (options.webhookSecret) {
        try {
          WebhookSignatureValidator.validate({
            xSignature: headers.get("x-signature"),
            xRequestId: headers.get("x-request-id"),
            dataId,
            secret: options.webhookSecret,
          });
        } catch {
          throw new WebhookRejected("bad mercadopago signature");
        }
      }
      if (type !== "payment") return [];
      if (!dataId || !/^\d{1,20}$/.test(dataId)) throw new WebhookRejected("mercadopago notification without payment id");

      // Throws on a network failure: the route answers 503 and MercadoPago retries.
      const payment = await new Payment(config).get({ id: dataId });
      const status = STATUSES[payment.status ?? ""];
      if (!status || payment.id === undefined) return [];
      return [
        {
          eventId: `${payment.id}:${payment.status}`,
          paymentId: String(payment.id),
          status,
          reference: payment.external_reference,
          amount: payment.transaction_amount === undefined ? undefined : Math.round(payment.transaction_amount * 100),
          currency: payment.currency_id === "ARS" || payment.currency_id === "USD" ? payment.currency_id : undefined,
          fee: feeOf(payment.fee_details),
          raw: { id: payment.id, status: payment.status, status_detail: payment.status_detail },
        },
      ];
    },
  };
}

/** MercadoPago's fees charged to us (the collector), in minor units; undefined when it lists none. */
export function feeOf(details: { amount?: number; fee_payer?: string }[] | undefined): number | undefined {
  const ours = (details ?? []).filter((d) => d.fee_payer === undefined || d.fee_payer === "collector");
  if (ours.length === 0) return undefined;
  return Math.round(ours.reduce((sum, d) => sum + (d.amount ?? 0), 0) * 100);
}
