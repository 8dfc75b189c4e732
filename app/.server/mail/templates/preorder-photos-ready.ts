import { z } from "zod";
import type { Lang } from "../../../i18n/langs.ts";
import { fill } from "../../../i18n/messages/index.ts";
import { defineTemplate } from "../template.ts";

/** To a runner who pre-ordered, once the race's photos are published: their sale with every photo of them. */
const es = {
  subject: "¡Tus fotos de {race} están listas!",
  heading: "{firstName}, ya podés descargar tus fotos",
  intro: "Publicamos las fotos de {race} y ya están todas las tuyas ({count}) en tu compra, sin nada más que pagar.",
  order: "Compra",
  button: "Ver y descargar mis fotos",
  keep: "Si aparecen más fotos tuyas o alguna tiene un problema, escribinos y te ayudamos dentro de las 48 horas.",
};

const texts: Record<Lang, typeof es> = {
  es,
  en: {
    subject: "Your photos of {race} are ready!",
    heading: "{firstName}, your photos are ready to download",
    intro: "We have published the photos of {race} and all of yours ({count}) are in your purchase, with nothing more to pay.",
    order: "Purchase",
    button: "View and download my photos",
    keep: "If more photos of you turn up or one has a problem, write to us and we will help within 48 hours.",
  },
  br: {
    subject: "Suas fotos de {race} estão prontas!",
    heading: "{firstName}, suas fotos já podem ser baixadas",
    intro: "Publicamos as fotos de {race} e todas as suas ({count}) já estão na sua compra, sem mais nada a pagar.",
    order: "Compra",
    button: "Ver e baixar minhas fotos",
    keep: "Se aparecerem mais fotos suas ou alguma tiver um problema, escreva para nós e ajudaremos em até 48 horas.",
  },
};

export const preorderPhotosReady = defineTemplate({
  data: z.object({
    firstName: z.string().min(1),
    id: z.string().min(1),
    race: z.string().min(1),
    count: z.number().int().positive(),
  }),
  texts,
  render: (data, t, ctx) => ({
    subject: fill(t.subject, { race: data.race }),
    heading: fill(t.heading, { firstName: data.firstName }),
    blocks: [
      { kind: "p", text: fill(t.intro, { race: data.race, count: data.count }) },
      { kind: "rows", rows: [[t.order, data.id]] },
      { kind: "button", label: t.button, url: ctx.url("purchase", { id: data.id }) },
      { kind: "small", text: t.keep },
    ],
  }),
});
