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
  intro: { one: "Ya hay una foto del número {bib} en {race}.", other: "Ya hay {count} fotos del número {bib} en {race}." },
  moreSubject: "¡Hay más fotos del #{bib} en {race}!",
  moreHeading: "{firstName}, aparecieron más fotos tuyas",
  moreIntro: {
    one: "Hay una foto nueva del número {bib} en {race}: ahora son {count}.",
    other: "Hay {added} fotos nuevas del número {bib} en {race}: ahora son {count}.",
  },
  button: "Ver mis fotos",
  more: "Si siguen apareciendo fotos tuyas, las vas a ver en la misma página. Este es el único e-mail que te mandamos por este aviso: para saber de más, pedilo de nuevo en esa página.",
};

const texts: Record<Lang, typeof es> = {
  es,
  en: {
    subject: "We found photos of #{bib} at {race}!",
    heading: "{firstName}, your photos turned up",
    intro: { one: "There is now one photo of number {bib} at {race}.", other: "There are now {count} photos of number {bib} at {race}." },
    moreSubject: "More photos of #{bib} at {race}!",
    moreHeading: "{firstName}, more photos of you turned up",
    moreIntro: {
      one: "There is one new photo of number {bib} at {race}: {count} in all now.",
      other: "There are {added} new photos of number {bib} at {race}: {count} in all now.",
    },
    button: "See my photos",
    more: "If more photos of you turn up, you will find them on the same page. This is the only e-mail we send you for this notice: to hear of more, ask again on that page.",
  },
  br: {
    subject: "Encontramos fotos do #{bib} em {race}!",
    heading: "{firstName}, suas fotos apareceram",
    intro: { one: "Já há uma foto do número {bib} em {race}.", other: "Já há {count} fotos do número {bib} em {race}." },
    moreSubject: "Há mais fotos do #{bib} em {race}!",
    moreHeading: "{firstName}, apareceram mais fotos suas",
    moreIntro: {
      one: "Há uma foto nova do número {bib} em {race}: agora são {count}.",
      other: "Há {added} fotos novas do número {bib} em {race}: agora são {count}.",
    },
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
    const intro = more ? (added === 1 ? t.moreIntro.one : t.moreIntro.other) : data.count === 1 ? t.intro.one : t.intro.other;
    return {
      subject: fill(more ? t.moreSubject : t.subject, { race: data.raceName, bib: data.bib }),
      heading: fill(more ? t.moreHeading : t.heading, { firstName: data.firstName }),
      blocks: [
        { kind: "p", text: fill(intro, { race: data.raceName, bib: data.bib, count: data.count, added }) },
        { kind: "button", label: t.button, url: ctx.url("race", { slug: data.raceSlug }, { n: data.bib }) },
        { kind: "small", text: t.more },
      ],
    };
  },
});
