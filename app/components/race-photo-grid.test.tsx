import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "../i18n/messages/all.ts";
import { provideMessages } from "../i18n/messages/index.ts";
import { LANGS } from "../i18n/langs.ts";
import { href } from "../i18n/href.ts";
import { RacePhotoGrid } from "./race-photo-grid.tsx";

// An empty race still has one page, as the API answers it.
const emptyRace = { slug: "trail-x", nombre: "Trail X", fotos: [], page: 1, found_pages: 1, found_rows: 0, n: null, m: false };

function emptyGrid(lang: (typeof LANGS)[number], filtered?: boolean, race = emptyRace): string {
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[href("race", lang, { slug: race.slug })]}>
      <RacePhotoGrid race={race} currency="ARS" photoId={null} photoHref={() => "#"} pageHref={() => "#"} filtered={filtered} />
    </MemoryRouter>,
  );
}

describe("a race page with no photos to show", () => {
  for (const lang of LANGS) {
    const m = MESSAGES[lang];
    provideMessages(lang, m);
    it(`says a race without photos has none yet, and that a search or a page found none (${lang})`, () => {
      expect(emptyGrid(lang)).toContain(m.race.noPhotosYet);
      expect(emptyGrid(lang)).not.toContain(m.race.noResults);
      expect(emptyGrid(lang, true)).toContain(m.race.noResults);
      expect(emptyGrid(lang, true)).not.toContain(m.race.noPhotosYet);
      // A page past the last of a race that has photos: not "no photos yet".
      expect(emptyGrid(lang, false, { ...emptyRace, page: 9, found_pages: 2, found_rows: 30 })).toContain(m.race.noResults);
    });
  }
});
