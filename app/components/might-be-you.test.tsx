import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { href } from "../i18n/href.ts";
import { LANGS } from "../i18n/langs.ts";
import { MESSAGES } from "../i18n/messages/all.ts";
import { fill, provideMessages } from "../i18n/messages/index.ts";
import type { RaceData } from "../storefront/race-data.ts";
import { MightBeYouHeading, MightBeYouLink } from "./might-be-you.tsx";

const race = { slug: "trail-x", n: 214, t: null, h: null, m: false, maybe: 2, found_rows: 1 } as unknown as RaceData;

function render(lang: (typeof LANGS)[number], data: Partial<RaceData>): string {
  const shown = { ...race, ...data } as RaceData;
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[href("race", lang, { slug: shown.slug }, { n: shown.n })]}>
      <MightBeYouLink race={shown} />
      <MightBeYouHeading race={shown} />
    </MemoryRouter>,
  );
}

describe("the photos that might be a runner's", () => {
  for (const lang of LANGS) {
    const m = MESSAGES[lang];
    provideMessages(lang, m);
    it(`are offered below the runner's own with a plain link, and headed with the way back (${lang})`, () => {
      const offered = render(lang, {});
      expect(offered).toContain(fill(m.race.maybeTitle, { count: 2 }, lang));
      expect(offered).toContain(`href="${href("race", lang, { slug: "trail-x" }, { n: 214, m: 1 }).replaceAll("&", "&amp;")}"`);
      expect(offered).not.toContain(m.race.maybeBack);
      // Nothing of their own found: not "also" nor "more".
      expect(render(lang, { found_rows: 0 })).toContain(fill(m.race.maybeTitleNone, { count: 2 }, lang));

      const shown = render(lang, { m: true, found_rows: 2 });
      expect(shown).toContain(fill(m.race.maybeHeading, { n: 214 }));
      expect(shown).toContain(`href="${href("race", lang, { slug: "trail-x" }, { n: 214 })}"`);
      expect(shown).not.toContain(m.race.maybeLink);
    });

    it(`are not offered when there are none, or without a runner (${lang})`, () => {
      expect(render(lang, { maybe: 0 })).toBe("");
      expect(render(lang, { n: null, maybe: 0 })).toBe("");
    });
  }
});
