import { z } from "zod";
import type { Lang } from "../../../i18n/langs.ts";
import { fill } from "../../../i18n/messages/index.ts";
import { defineTemplate } from "../template.ts";

/** To a runner who asked to hear when a photo of their number turns up, once one does (notify/bib-watch.ts). */
const es = {
  subject: "¡Encontramos fotos del #{bib} en {race}!",
  heading: "{firstName}, aparecieron tus fotos",
  intro: { one: "Ya hay una foto del número {bib} en {race}.", other: "Ya hay {count} fotos del número {bib} en {race}." },
  button: "Ver mis fotos",
  more: "Si siguen apareciendo fotos tuyas, las vas a ver en la misma página. Este es el único e-mail que te mandamos por este aviso.",
};

const texts: Record<Lang, typeof es> = {
  es,
  en: {
    subject: "We found photos of #{bib} at {race}!",
    heading: "{firstName}, your photos turned up",
    intro: { one: "There is now one photo of number {bib} at {race}.", other: "There are now {count} photos of number {bib} at {race}." },
    button: "See my photos",
    more: "If more photos of you turn up, you will find them on the same page. This is the only e-mail we send you for this notice.",
  },
  br: {
    subject: "Encontramos fotos do #{bib} em {race}!",
    heading: "{firstName}, suas fotos apareceram",
    intro: { one: "Já há uma foto do número {bib} em {race}.", other: "Já há {count} fotos do número {bib} em {race}." },
    button: "Ver minhas fotos",
    more: "Se aparecerem mais fotos suas, você as verá na mesma página. Este é o único e-mail que enviamos por este aviso.",
  },
};

export const photosFound = defineTemplate({
  data: z.object({
    firstName: z.string().min(1),
    raceName: z.string().min(1),
    raceSlug: z.string().min(1),
    bib: z.number().int().positive(),
    count: z.number().int().positive(),
  }),
  texts,
  render: (data, t, ctx) => ({
    subject: fill(t.subject, { race: data.raceName, bib: data.bib }),
    heading: fill(t.heading, { firstName: data.firstName }),
    blocks: [
      { kind: "p", text: fill(data.count === 1 ? t.intro.one : t.intro.other, { race: data.raceName, bib: data.bib, count: data.count }) },
      { kind: "button", label: t.button, url: ctx.url("race", { slug: data.raceSlug }, { n: data.bib }) },
      { kind: "small", text: t.more },
    ],
  }),
});
