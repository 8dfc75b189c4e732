import { z } from "zod";
import type { Lang } from "../../../i18n/langs.ts";
import { fill } from "../../../i18n/messages/index.ts";
import { defineTemplate } from "../template.ts";

/**
 * To a runner who asked to hear when a photo of their number turns up, once one does, or when more than
 * the `seen` they had found do (notify/bib-watch.ts).
 */
const es = {
  subject: "¡Encontramos fotos del #{bib} en {race}!",
  heading: "{firstName}, aparecieron tus fotos",
  intro: "Ya hay {count, plural, =1 {una foto} other {# fotos}} del número {bib} en {race}.",
  moreSubject: "¡Hay más fotos del #{bib} en {race}!",
  moreHeading: "{firstName}, aparecieron más fotos tuyas",
  moreIntro: "Hay {added, plural, =1 {una foto nueva} other {# fotos nuevas}} del número {bib} en {race}: ahora son {count}.",
  button: "Ver mis fotos",
  more: "Si siguen apareciendo fotos tuyas, las vas a ver en la misma página. Este es el único e-mail que te mandamos por este aviso: para saber de más, pedilo de nuevo en esa página.",
};

const texts: Record<Lang, typeof es> = {
  es,
  en: {
    subject: "We found photos of #{bib} at {race}!",
    heading: "{firstName}, your photos turned up",
    intro: "There {count, plural, =1 {is now one photo} other {are now # photos}} of number {bib} at {race}.",
    moreSubject: "More photos of #{bib} at {race}!",
    moreHeading: "{firstName}, more photos of you turned up",
    moreIntro: "There {added, plural, =1 {is one new photo} other {are # new photos}} of number {bib} at {race}: {count} in all now.",
    button: "See my photos",
    more: "If more photos of you turn up, you will find them on the same page. This is the only e-mail we send you for this notice: to hear of more, ask again on that page.",
  },
  br: {
    subject: "Encontramos fotos do #{bib} em {race}!",
    heading: "{firstName}, suas fotos apareceram",
    intro: "Já há {count, plural, =1 {uma foto} other {# fotos}} do número {bib} em {race}.",
    moreSubject: "Há mais fotos do #{bib} em {race}!",
    moreHeading: "{firstName}, apareceram mais fotos suas",
    moreIntro: "Há {added, plural, =1 {uma foto nova} other {# fotos novas}} do número {bib} em {race}: agora são {count}.",
    button: "Ver minhas fotos",
    more: "Se aparecerem mais fotos suas, você as verá na mesma página. Este é o único e-mail que enviamos por este aviso: para saber de mais, peça de novo nessa página.",
  },
};

export const photosFound = defineTemplate({
  data: z.object({
    firstName: z.string().min(1),
    raceName: z.string().min(1),
    raceSlug: z.string().min(1),
    bib: z.number().int().positive(),
    count: z.number().int().positive(),
    /** The photos the runner had found when they asked: more than none makes this the "more photos" e-mail. */
    seen: z.number().int().nonnegative().default(0),
  }),
  texts,
  render: (data, t, ctx) => {
    const more = data.seen > 0;
    const added = data.count - data.seen;
    return {
      subject: fill(more ? t.moreSubject : t.subject, { race: data.raceName, bib: data.bib }),
      heading: fill(more ? t.moreHeading : t.heading, { firstName: data.firstName }),
      blocks: [
        { kind: "p", text: fill(more ? t.moreIntro : t.intro, { race: data.raceName, bib: data.bib, count: data.count, added }, ctx.lang) },
        { kind: "button", label: t.button, url: ctx.url("race", { slug: data.raceSlug }, { n: data.bib }) },
        { kind: "small", text: t.more },
      ],
    };
  },
});
