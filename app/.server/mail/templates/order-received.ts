import { z } from "zod";
import type { Lang } from "../../../i18n/langs.ts";
import { fill } from "../../../i18n/messages/index.ts";
import { defineTemplate } from "../template.ts";

/** To a buyer right after checkout: the order waits for payment; here is the payment link and the purchase page. */
const es = {
  subject: "Recibimos tu pedido {id}",
  heading: "¡Gracias, {firstName}!",
  intro:
    "Recibimos tu pedido de {count, plural, one {# foto} other {# fotos}}. En cuanto se acredite el pago te enviamos otro e-mail con el enlace para {count, plural, one {descargarla} other {descargarlas}}.",
  order: "Pedido",
  total: "Total",
  pay: "Pagar online",
  page: "Ver mi compra",
  pending: "Si ya pagaste, no hace falta que hagas nada: algunos pagos tardan un rato en acreditarse. El enlace de pago vence en 24 horas.",
};

const texts: Record<Lang, typeof es> = {
  es,
  en: {
    subject: "We received your order {id}",
    heading: "Thank you, {firstName}!",
    intro:
      "We received your order of {count, plural, one {# photo} other {# photos}}. As soon as the payment is credited we will send you another e-mail with the link to download {count, plural, one {it} other {them}}.",
    order: "Order",
    total: "Total",
    pay: "Pay online",
    page: "View my purchase",
    pending: "If you have already paid, there is nothing else to do: some payments take a little while to be credited. The payment link expires in 24 hours.",
  },
  br: {
    subject: "Recebemos seu pedido {id}",
    heading: "Obrigado, {firstName}!",
    intro:
      "Recebemos seu pedido de {count, plural, one {# foto} other {# fotos}}. Assim que o pagamento for creditado, enviaremos outro e-mail com o link para {count, plural, one {baixá-la} other {baixá-las}}.",
    order: "Pedido",
    total: "Total",
    pay: "Pagar online",
    page: "Ver minha compra",
    pending: "Se você já pagou, não precisa fazer mais nada: alguns pagamentos demoram um pouco para ser creditados. O link de pagamento vence em 24 horas.",
  },
};

export const orderReceived = defineTemplate({
  data: z.object({
    firstName: z.string().min(1),
    id: z.string().min(1),
    count: z.number().int().positive(),
    total: z.string().min(1),
    payLink: z.url(),
  }),
  texts,
  render: (data, t, ctx) => ({
    subject: fill(t.subject, { id: data.id }),
    heading: fill(t.heading, { firstName: data.firstName }),
    blocks: [
      { kind: "p", text: fill(t.intro, { count: data.count }, ctx.lang) },
      {
        kind: "rows",
        rows: [
          [t.order, data.id],
          [t.total, data.total],
        ],
      },
      { kind: "button", label: t.pay, url: data.payLink },
      { kind: "button", label: t.page, url: ctx.url("purchase", { id: data.id }) },
      { kind: "small", text: t.pending },
    ],
  }),
});
