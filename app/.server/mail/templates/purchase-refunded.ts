import { z } from "zod";
import type { Lang } from "../../../i18n/langs.ts";
import { fill } from "../../../i18n/messages/index.ts";
import { defineTemplate } from "../template.ts";

/** To a buyer whose purchase was refunded: how much, when it arrives, and that its downloads have ended. */
const es = {
  subject: "Te devolvimos tu compra {id}",
  heading: "{firstName}, te devolvimos el dinero de tu compra",
  intro: "Devolvimos el total de tu compra {id} al medio con el que pagaste. Según tu banco o tarjeta, puede tardar hasta 10 días hábiles en verse reflejado.",
  order: "Compra",
  total: "Devuelto",
  ended: "Los enlaces de descarga de esta compra ya no funcionan. Si fue un error o querés las fotos de nuevo, escribinos respondiendo este e-mail.",
};

const texts: Record<Lang, typeof es> = {
  es,
  en: {
    subject: "Your purchase {id} was refunded",
    heading: "{firstName}, we refunded your purchase",
    intro:
      "We refunded the full amount of your purchase {id} to the card or account you paid with. Depending on your bank or card, it can take up to 10 business days to show.",
    order: "Purchase",
    total: "Refunded",
    ended: "The download links of this purchase no longer work. If this was a mistake or you want the photos again, reply to this e-mail.",
  },
  br: {
    subject: "Devolvemos sua compra {id}",
    heading: "{firstName}, devolvemos o valor da sua compra",
    intro:
      "Devolvemos o valor total da sua compra {id} ao meio com que você pagou. Dependendo do seu banco ou cartão, pode levar até 10 dias úteis para aparecer.",
    order: "Compra",
    total: "Devolvido",
    ended: "Os links de download desta compra não funcionam mais. Se foi um engano ou você quer as fotos de novo, responda a este e-mail.",
  },
};

export const purchaseRefunded = defineTemplate({
  data: z.object({
    firstName: z.string().min(1),
    id: z.string().min(1),
    total: z.string().min(1),
  }),
  texts,
  render: (data, t) => ({
    subject: fill(t.subject, { id: data.id }),
    heading: fill(t.heading, { firstName: data.firstName }),
    blocks: [
      { kind: "p", text: fill(t.intro, { id: data.id }) },
      {
        kind: "rows",
        rows: [
          [t.order, data.id],
          [t.total, data.total],
        ],
      },
      { kind: "small", text: t.ended },
    ],
  }),
});
