import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { href } from "../i18n/href.ts";
import { LANGS } from "../i18n/langs.ts";
import { MESSAGES } from "../i18n/messages/all.ts";
import { fill, provideMessages } from "../i18n/messages/index.ts";
import type { RaceData } from "../storefront/race-data.ts";
import { UnregisteredNumber, unregistered } from "./unregistered-number.tsx";

const race = { slug: "trail-x", n: 1111, t: null, h: null, m: false, found_rows: 0, registered: false, near: [] } as unknown as RaceData;
const esc = (text: string) => text.replaceAll("&", "&amp;");

function render(lang: (typeof LANGS)[number], data: Partial<RaceData>): string {
  const shown = { ...race, ...data } as RaceData;
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[href("race", lang, { slug: shown.slug }, { n: shown.n })]}>
      <UnregisteredNumber race={shown} />
    </MemoryRouter>,
  );
}

describe("a number the start list does not have", () => {
  it("is told only for a search the list has no such number for and no photo shows", () => {
    expect(unregistered(race)).toBe(true);
    expect(unregistered({ ...race, registered: true })).toBe(false);
    // No start list: nothing to say.
    expect(unregistered({ ...race, registered: null })).toBe(false);
    // A photo tagged by hand with it: the photos, not a doubt.
    expect(unregistered({ ...race, found_rows: 2 })).toBe(false);
    expect(unregistered({ ...race, m: true })).toBe(false);
  });

  for (const lang of LANGS) {
    const m = MESSAGES[lang];
    provideMessages(lang, m);
    it(`says so and links the registered numbers one keystroke away that have photos (${lang})`, () => {
      const html = render(lang, {
        near: [
          { n: 111, fotos: 3 },
          { n: 1115, fotos: 1 },
        ],
      });
      expect(html).toContain(fill(m.race.unregistered, { n: 1111 }));
      expect(html).toContain(esc(m.race.unregisteredNear));
      expect(html).toContain(`href="${href("race", lang, { slug: "trail-x" }, { n: 111 })}"`);
      expect(html).toContain(`href="${href("race", lang, { slug: "trail-x" }, { n: 1115 })}"`);
      expect(html).toContain(fill(m.race.found, { count: 3 }, lang));
      expect(html).toContain(fill(m.race.found, { count: 1 }, lang));
    });

    it(`asks to check the bib when no registered number is near (${lang})`, () => {
      const html = render(lang, {});
      expect(html).toContain(esc(m.race.unregisteredCheck));
      expect(html).not.toContain("<a ");
    });
  }
});
