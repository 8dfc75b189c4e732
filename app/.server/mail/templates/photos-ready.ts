import { z } from "zod";
import type { Lang } from "../../../i18n/langs.ts";
import { fill } from "../../../i18n/messages/index.ts";
import { defineTemplate } from "../template.ts";

/** To a runner who signed up on a preparing race, once its photos are published. */
const es = {
  subject: "¡Ya están las fotos de {race}!",
  heading: "{firstName}, ya podés ver tus fotos",
  intro: "Publicamos las fotos de {race}. Entrá con tu número de corredor para ver solo las tuyas.",
  button: "Ver mis fotos",
  why: "Te escribimos porque pediste este aviso en la página de la carrera. No te vamos a escribir por nada más.",
};

const texts: Record<Lang, typeof es> = {
  es,
  en: {
    subject: "The photos of {race} are online!",
    heading: "{firstName}, your photos are ready",
    intro: "We have published the photos of {race}. Open the race with your runner number to see only yours.",
    button: "See my photos",
    why: "You are receiving this because you asked for this notice on the race page. We will not write to you about anything else.",
  },
  br: {
    subject: "As fotos de {race} já estão no ar!",
    heading: "{firstName}, suas fotos estão prontas",
    intro: "Publicamos as fotos de {race}. Entre com o seu número de peito para ver só as suas.",
    button: "Ver minhas fotos",
    why: "Você está recebendo este e-mail porque pediu este aviso na página da corrida. Não vamos escrever sobre mais nada.",
  },
};

export const photosReady = defineTemplate({
  data: z.object({
    firstName: z.string().min(1),
    raceName: z.string().min(1),
    raceSlug: z.string().min(1),
    bib: z.number().int().positive().nullable(),
  }),
  texts,
  render: (data, t, ctx) => ({
    subject: fill(t.subject, { race: data.raceName }),
    heading: fill(t.heading, { firstName: data.firstName }),
    blocks: [
      { kind: "p", text: fill(t.intro, { race: data.raceName }) },
      { kind: "button", label: t.button, url: ctx.url("race", { slug: data.raceSlug }, { n: data.bib ?? undefined }) },
      { kind: "small", text: t.why },
    ],
  }),
});
