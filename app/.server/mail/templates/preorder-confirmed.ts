import { z } from "zod";
import type { Lang } from "../../../i18n/langs.ts";
import { fill } from "../../../i18n/messages/index.ts";
import { defineTemplate } from "../template.ts";

/** To a runner whose pre-order is paid: all their photos of the race will come without paying again. */
const es = {
  subject: "Preventa confirmada · {race}",
  heading: "¡Tu preventa está confirmada, {firstName}!",
  intro: "Ya tenés aseguradas todas tus fotos de {race}. Cuando publiquemos las fotos de la carrera te enviamos otro e-mail con el enlace para descargarlas.",
  order: "Preventa",
  runner: "Número de corredor",
  total: "Total",
  button: "Ver mi preventa",
  note: "Asegurate de correr con el número que registraste: así encontramos tus fotos.",
};

const texts: Record<Lang, typeof es> = {
  es,
  en: {
    subject: "Pre-order confirmed · {race}",
    heading: "Your pre-order is confirmed, {firstName}!",
    intro: "All your photos of {race} are secured. When we publish the race photos we will send you another e-mail with the link to download them.",
    order: "Pre-order",
    runner: "Runner number",
    total: "Total",
    button: "View my pre-order",
    note: "Make sure you race with the number you registered: that is how we find your photos.",
  },
  br: {
    subject: "Pré-venda confirmada · {race}",
    heading: "Sua pré-venda está confirmada, {firstName}!",
    intro: "Todas as suas fotos de {race} estão garantidas. Quando publicarmos as fotos da corrida, enviaremos outro e-mail com o link para baixá-las.",
    order: "Pré-venda",
    runner: "Número de peito",
    total: "Total",
    button: "Ver minha pré-venda",
    note: "Corra com o número que você registrou: é assim que encontramos suas fotos.",
  },
};

export const preorderConfirmed = defineTemplate({
  data: z.object({
    firstName: z.string().min(1),
    id: z.string().min(1),
    race: z.string().min(1),
    dni: z.string().min(1),
    total: z.string().min(1),
  }),
  texts,
  render: (data, t, ctx) => ({
    subject: fill(t.subject, { race: data.race }),
    heading: fill(t.heading, { firstName: data.firstName }),
    blocks: [
      { kind: "p", text: fill(t.intro, { race: data.race }) },
      {
        kind: "rows",
        rows: [
          [t.order, data.id],
          [t.runner, data.dni],
          [t.total, data.total],
        ],
      },
      { kind: "button", label: t.button, url: ctx.url("prepurchase", { id: data.id }) },
      { kind: "small", text: t.note },
    ],
  }),
});
