import { z } from "zod";
import type { Lang } from "../../../i18n/langs.ts";
import { fill } from "../../../i18n/messages/index.ts";
import { defineTemplate } from "../template.ts";

/**
 * To a runner who found no photo of their number on a published race and asked to hear when one turns up,
 * or who found `seen` and asked to hear of more.
 */
const es = {
  subject: "Te avisamos cuando aparezcan fotos del #{bib} en {race}",
  heading: "¡Listo, {firstName}!",
  intro:
    "Todavía no encontramos fotos del número {bib} en {race}. Los fotógrafos siguen subiendo fotos y revisamos los números durante horas después de la carrera: apenas aparezca una tuya te escribimos a este e-mail.",
  moreSubject: "Te avisamos cuando aparezcan más fotos del #{bib} en {race}",
  moreIntro:
    "Encontraste {seen, plural, =1 {una foto} other {# fotos}} del número {bib} en {race}. Los fotógrafos siguen subiendo fotos y revisamos los números durante horas después de la carrera: apenas aparezca otra tuya te escribimos a este e-mail.",
  race: "Carrera",
  runner: "Número de corredor",
  button: "Ver la carrera",
  notYou: "Si no pediste este aviso, podés ignorar este e-mail: no te vamos a escribir por nada más.",
};

const texts: Record<Lang, typeof es> = {
  es,
  en: {
    subject: "We will let you know when photos of #{bib} turn up at {race}",
    heading: "You're all set, {firstName}!",
    intro:
      "We have not found photos of number {bib} at {race} yet. Photographers keep uploading and we keep checking numbers for hours after the race: as soon as one of yours turns up we will write to this address.",
    moreSubject: "We will let you know when more photos of #{bib} turn up at {race}",
    moreIntro:
      "You found {seen, plural, =1 {one photo} other {# photos}} of number {bib} at {race}. Photographers keep uploading and we keep checking numbers for hours after the race: as soon as another one of yours turns up we will write to this address.",
    race: "Race",
    runner: "Runner number",
    button: "View the race",
    notYou: "If you did not ask for this notice, you can ignore this e-mail: we will not write to you about anything else.",
  },
  br: {
    subject: "Avisaremos quando aparecerem fotos do #{bib} em {race}",
    heading: "Tudo certo, {firstName}!",
    intro:
      "Ainda não encontramos fotos do número {bib} em {race}. Os fotógrafos continuam enviando fotos e conferimos os números durante horas depois da corrida: assim que aparecer uma sua, escreveremos para este e-mail.",
    moreSubject: "Avisaremos quando aparecerem mais fotos do #{bib} em {race}",
    moreIntro:
      "Você encontrou {seen, plural, =1 {uma foto} other {# fotos}} do número {bib} em {race}. Os fotógrafos continuam enviando fotos e conferimos os números durante horas depois da corrida: assim que aparecer outra sua, escreveremos para este e-mail.",
    race: "Corrida",
    runner: "Número de peito",
    button: "Ver a corrida",
    notYou: "Se você não pediu este aviso, pode ignorar este e-mail: não vamos escrever sobre mais nada.",
  },
};

export const photosWatched = defineTemplate({
  data: z.object({
    firstName: z.string().min(1),
    raceName: z.string().min(1),
    raceSlug: z.string().min(1),
    bib: z.number().int().positive(),
    /** The photos of the number the runner found: more than none asks to hear of more. */
    seen: z.number().int().nonnegative().default(0),
  }),
  texts,
  render: (data, t, ctx) => ({
    subject: fill(data.seen > 0 ? t.moreSubject : t.subject, { race: data.raceName, bib: data.bib }),
    heading: fill(t.heading, { firstName: data.firstName }),
    blocks: [
      {
        kind: "p",
        text: fill(data.seen === 0 ? t.intro : t.moreIntro, { race: data.raceName, bib: data.bib, seen: data.seen }, ctx.lang),
      },
      {
        kind: "rows",
        rows: [
          [t.race, data.raceName],
          [t.runner, String(data.bib)],
        ],
      },
      { kind: "button", label: t.button, url: ctx.url("race", { slug: data.raceSlug }, { n: data.bib }) },
      { kind: "small", text: t.notYou },
    ],
  }),
});
