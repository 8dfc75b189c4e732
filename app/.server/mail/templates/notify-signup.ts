import { z } from "zod";
import type { Lang } from "../../../i18n/langs.ts";
import { fill } from "../../../i18n/messages/index.ts";
import { defineTemplate } from "../template.ts";

/** To a runner who asked to hear when a preparing race's photos are online. */
const es = {
  subject: "Te avisamos cuando estén las fotos de {race}",
  heading: "¡Listo, {firstName}!",
  intro: "Estamos preparando las fotos de {race}. Apenas estén publicadas te escribimos a este e-mail para que las veas antes que nadie.",
  race: "Carrera",
  runner: "Número de corredor",
  category: "Categoría",
  button: "Ver la carrera",
  notYou: "Si no pediste este aviso, podés ignorar este e-mail: no te vamos a escribir por nada más.",
};

const texts: Record<Lang, typeof es> = {
  es,
  en: {
    subject: "We will let you know when the photos of {race} are ready",
    heading: "You're all set, {firstName}!",
    intro: "We are preparing the photos of {race}. As soon as they are online we will write to this address so you can see them first.",
    race: "Race",
    runner: "Runner number",
    category: "Category",
    button: "View the race",
    notYou: "If you did not ask for this notice, you can ignore this e-mail: we will not write to you about anything else.",
  },
  br: {
    subject: "Avisaremos quando as fotos de {race} estiverem prontas",
    heading: "Tudo certo, {firstName}!",
    intro: "Estamos preparando as fotos de {race}. Assim que forem publicadas, escreveremos para este e-mail para que você as veja antes de todo mundo.",
    race: "Corrida",
    runner: "Número de peito",
    category: "Categoria",
    button: "Ver a corrida",
    notYou: "Se você não pediu este aviso, pode ignorar este e-mail: não vamos escrever sobre mais nada.",
  },
};

export const notifySignup = defineTemplate({
  data: z.object({
    firstName: z.string().min(1),
    raceName: z.string().min(1),
    raceSlug: z.string().min(1),
    bib: z.number().int().positive(),
    category: z.string().nullable(),
  }),
  texts,
  render: (data, t, ctx) => ({
    subject: fill(t.subject, { race: data.raceName }),
    heading: fill(t.heading, { firstName: data.firstName }),
    blocks: [
      { kind: "p", text: fill(t.intro, { race: data.raceName }) },
      {
        kind: "rows",
        rows: [[t.race, data.raceName], [t.runner, String(data.bib)], ...(data.category ? [[t.category, data.category] as [string, string]] : [])],
      },
      { kind: "button", label: t.button, url: ctx.url("race", { slug: data.raceSlug }) },
      { kind: "small", text: t.notYou },
    ],
  }),
});
