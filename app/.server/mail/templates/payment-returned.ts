import { z } from "zod";
import type { Lang } from "../../../i18n/langs.ts";
import { fill } from "../../../i18n/messages/index.ts";
import { defineTemplate } from "../template.ts";

/**
 * To a buyer charged for something already paid (two tabs, two cards) or
 * already refunded: that payment is being returned, and whether the purchase
 * itself stands.
 */
const es = {
  subject: "Te devolvemos un pago repetido de tu compra {id}",
  heading: "{firstName}, pagaste dos veces: te devolvemos un pago",
  headingRefunded: "{firstName}, te devolvemos un pago que llegó después de la devolución",
  intro:
    "Recibimos un pago de tu compra {id} cuando ya estaba paga. Lo devolvemos entero al medio con el que pagaste; según tu banco o tarjeta, puede tardar hasta 10 días hábiles en verse reflejado.",
  introRefunded:
    "Recibimos un pago de tu compra {id} después de haberla devuelto. Lo devolvemos entero al medio con el que pagaste; según tu banco o tarjeta, puede tardar hasta 10 días hábiles en verse reflejado.",
  order: "Compra",
  amount: "A devolver",
  kept: "Tu compra sigue paga y sus enlaces de descarga siguen funcionando.",
};

const texts: Record<Lang, typeof es> = {
  es,
  en: {
    subject: "We are returning a repeated payment of your purchase {id}",
    heading: "{firstName}, you paid twice: we are returning one payment",
    headingRefunded: "{firstName}, we are returning a payment that came after your refund",
    intro:
      "We received a payment for your purchase {id} after it had been paid. We are returning all of it to the card or account you paid with; depending on your bank or card, it can take up to 10 business days to show.",
    introRefunded:
      "We received a payment for your purchase {id} after it had been refunded. We are returning all of it to the card or account you paid with; depending on your bank or card, it can take up to 10 business days to show.",
    order: "Purchase",
    amount: "Being returned",
    kept: "Your purchase stays paid and its download links keep working.",
  },
  br: {
    subject: "Estamos devolvendo um pagamento repetido da sua compra {id}",
    heading: "{firstName}, você pagou duas vezes: devolvemos um pagamento",
    headingRefunded: "{firstName}, devolvemos um pagamento que chegou depois da devolução",
    intro:
      "Recebemos um pagamento da sua compra {id} quando ela já estava paga. Devolvemos o valor inteiro ao meio com que você pagou; dependendo do seu banco ou cartão, pode levar até 10 dias úteis para aparecer.",
    introRefunded:
      "Recebemos um pagamento da sua compra {id} depois de ela ter sido devolvida. Devolvemos o valor inteiro ao meio com que você pagou; dependendo do seu banco ou cartão, pode levar até 10 dias úteis para aparecer.",
    order: "Compra",
    amount: "A devolver",
    kept: "Sua compra continua paga e os links de download continuam funcionando.",
  },
};

export const paymentReturned = defineTemplate({
  data: z.object({
    firstName: z.string().min(1),
    id: z.string().min(1),
    amount: z.string().min(1),
    /** Whether the purchase stands (paid twice) or had been refunded before this payment came. */
    kept: z.boolean(),
  }),
  texts,
  render: (data, t) => ({
    subject: fill(t.subject, { id: data.id }),
    heading: fill(data.kept ? t.heading : t.headingRefunded, { firstName: data.firstName }),
    blocks: [
      { kind: "p", text: fill(data.kept ? t.intro : t.introRefunded, { id: data.id }) },
      {
        kind: "rows",
        rows: [
          [t.order, data.id],
          [t.amount, data.amount],
        ],
      },
      ...(data.kept ? [{ kind: "small" as const, text: t.kept }] : []),
    ],
  }),
});
