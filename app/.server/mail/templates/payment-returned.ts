import { z } from "zod";
import type { Lang } from "../../../i18n/langs.ts";
import { fill } from "../../../i18n/messages/index.ts";
import { defineTemplate } from "../template.ts";

/**
 * To a buyer charged for something already paid (two tabs, two cards) or
 * already refunded: that payment is being returned, and whether the purchase
 * (or pre-order) itself stands.
 */
const es = {
  subject: "Te devolvemos un pago repetido de tu {what} {id}",
  heading: "{firstName}, pagaste dos veces: te devolvemos un pago",
  headingRefunded: "{firstName}, te devolvemos un pago que llegó después de la devolución",
  intro:
    "Recibimos un pago de tu {what} {id} cuando ya estaba paga. Lo devolvemos entero al medio con el que pagaste; según tu banco o tarjeta, puede tardar hasta 10 días hábiles en verse reflejado.",
  introRefunded:
    "Recibimos un pago de tu {what} {id} después de haberla devuelto. Lo devolvemos entero al medio con el que pagaste; según tu banco o tarjeta, puede tardar hasta 10 días hábiles en verse reflejado.",
  purchase: "compra",
  preorder: "preventa",
  order: "Compra",
  preorderRow: "Preventa",
  amount: "A devolver",
  kept: "Tu compra sigue paga y sus enlaces de descarga siguen funcionando.",
  keptPreorder: "Tu preventa sigue confirmada: cuando publiquemos las fotos de la carrera te enviamos el enlace para descargarlas.",
};

const texts: Record<Lang, typeof es> = {
  es,
  en: {
    subject: "We are returning a repeated payment of your {what} {id}",
    heading: "{firstName}, you paid twice: we are returning one payment",
    headingRefunded: "{firstName}, we are returning a payment that came after your refund",
    intro:
      "We received a payment for your {what} {id} after it had been paid. We are returning all of it to the card or account you paid with; depending on your bank or card, it can take up to 10 business days to show.",
    introRefunded:
      "We received a payment for your {what} {id} after it had been refunded. We are returning all of it to the card or account you paid with; depending on your bank or card, it can take up to 10 business days to show.",
    purchase: "purchase",
    preorder: "pre-order",
    order: "Purchase",
    preorderRow: "Pre-order",
    amount: "Being returned",
    kept: "Your purchase stays paid and its download links keep working.",
    keptPreorder: "Your pre-order stays confirmed: when we publish the race photos we will send you the link to download them.",
  },
  br: {
    subject: "Estamos devolvendo um pagamento repetido da sua {what} {id}",
    heading: "{firstName}, você pagou duas vezes: devolvemos um pagamento",
    headingRefunded: "{firstName}, devolvemos um pagamento que chegou depois da devolução",
    intro:
      "Recebemos um pagamento da sua {what} {id} quando ela já estava paga. Devolvemos o valor inteiro ao meio com que você pagou; dependendo do seu banco ou cartão, pode levar até 10 dias úteis para aparecer.",
    introRefunded:
      "Recebemos um pagamento da sua {what} {id} depois de ela ter sido devolvida. Devolvemos o valor inteiro ao meio com que você pagou; dependendo do seu banco ou cartão, pode levar até 10 dias úteis para aparecer.",
    purchase: "compra",
    preorder: "pré-venda",
    order: "Compra",
    preorderRow: "Pré-venda",
    amount: "A devolver",
    kept: "Sua compra continua paga e os links de download continuam funcionando.",
    keptPreorder: "Sua pré-venda continua confirmada: quando publicarmos as fotos da corrida, enviaremos o link para baixá-las.",
  },
};

export const paymentReturned = defineTemplate({
  data: z.object({
    firstName: z.string().min(1),
    id: z.string().min(1),
    amount: z.string().min(1),
    /** Whether the purchase stands (paid twice) or had been refunded before this payment came. */
    kept: z.boolean(),
    /** The payment was a pre-order's (`id` is the pre-order's): its photos are still to come. */
    preorder: z.boolean().default(false),
  }),
  texts,
  render: (data, t) => {
    const what = data.preorder ? t.preorder : t.purchase;
    return {
      subject: fill(t.subject, { what, id: data.id }),
      heading: fill(data.kept ? t.heading : t.headingRefunded, { firstName: data.firstName }),
      blocks: [
        { kind: "p", text: fill(data.kept ? t.intro : t.introRefunded, { what, id: data.id }) },
        {
          kind: "rows",
          rows: [
            [data.preorder ? t.preorderRow : t.order, data.id],
            [t.amount, data.amount],
          ],
        },
        ...(data.kept ? [{ kind: "small" as const, text: data.preorder ? t.keptPreorder : t.kept }] : []),
      ],
    };
  },
});
