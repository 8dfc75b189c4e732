import { z } from "zod";
import type { Lang } from "../../../i18n/langs.ts";
import { fill } from "../../../i18n/messages/index.ts";
import { defineTemplate } from "../template.ts";

/** To a buyer once the purchase is paid (or free): the link to the purchase page where every photo downloads. */
const es = {
  subject: "Tus fotos están listas · compra {id}",
  heading: "¡Listo, {firstName}! Ya podés descargar tus fotos",
  intro:
    "Tu compra de {count, plural, one {# foto} other {# fotos}} está confirmada. Entrá a tu compra para {count, plural, one {descargarla} other {descargarlas}} en máxima calidad (JPG de hasta 3500 px, 300 dpi, sin marca de agua).",
  order: "Compra",
  total: "Total",
  button: "Ver y descargar mis fotos",
  keep: "Guardá este e-mail: el enlace es tu acceso a la compra. Si alguna foto tiene un problema, escribinos y te la reenviamos dentro de las 48 horas.",
};

const texts: Record<Lang, typeof es> = {
  es,
  en: {
    subject: "Your photos are ready · purchase {id}",
    heading: "All set, {firstName}! Your photos are ready to download",
    intro:
      "Your purchase of {count, plural, one {# photo} other {# photos}} is confirmed. Open your purchase to download {count, plural, one {it} other {them}} in full quality (JPG up to 3500 px, 300 dpi, no watermark).",
    order: "Purchase",
    total: "Total",
    button: "View and download my photos",
    keep: "Keep this e-mail: the link is your access to the purchase. If a photo has a problem, write to us and we will resend it within 48 hours.",
  },
  br: {
    subject: "Suas fotos estão prontas · compra {id}",
    heading: "Pronto, {firstName}! Suas fotos já podem ser baixadas",
    intro:
      "Sua compra de {count, plural, one {# foto} other {# fotos}} está confirmada. Abra sua compra para {count, plural, one {baixá-la} other {baixá-las}} em qualidade máxima (JPG de até 3500 px, 300 dpi, sem marca d'água).",
    order: "Compra",
    total: "Total",
    button: "Ver e baixar minhas fotos",
    keep: "Guarde este e-mail: o link é o seu acesso à compra. Se alguma foto tiver um problema, escreva para nós e a reenviaremos em até 48 horas.",
  },
};

export const purchaseReady = defineTemplate({
  data: z.object({
    firstName: z.string().min(1),
    id: z.string().min(1),
    count: z.number().int().positive(),
    total: z.string().min(1),
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
      { kind: "button", label: t.button, url: ctx.url("purchase", { id: data.id }) },
      { kind: "small", text: t.keep },
    ],
  }),
});
