import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { href } from "../i18n/href.ts";
import { LANGS } from "../i18n/langs.ts";
import { MESSAGES } from "../i18n/messages/all.ts";
import { fill, provideMessages } from "../i18n/messages/index.ts";
import type { NameLookup } from "../storefront/name-lookup.ts";
import { FindByName } from "./find-by-name.tsx";

/** As React writes text into markup. */
const esc = (text: string) => text.replaceAll("&", "&amp;").replaceAll("'", "&#x27;");

function render(lang: (typeof LANGS)[number], named: NameLookup | null, q?: string): string {
  const path = href("race", lang, { slug: "trail-x" }) + (q ? `?q=${encodeURIComponent(q)}` : "");
  const router = createMemoryRouter([{ path: "*", element: <FindByName slug="trail-x" named={named} /> }], { initialEntries: [path] });
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

const found: NameLookup = {
  q: "ana garcia",
  corredores: [
    { n: 214, nombre: "Ana García", distancia: "21K", equipo: "Corre Neuquén", fotos: 3 },
    { n: 530, nombre: "Ana María García", distancia: "10K", equipo: "", fotos: 0 },
  ],
  more: true,
  near: false,
};

describe("looking a forgotten number up by name", () => {
  for (const lang of LANGS) {
    const m = MESSAGES[lang];
    provideMessages(lang, m);

    it(`offers a closed plain GET form until a name is typed (${lang})`, () => {
      const html = render(lang, null);
      expect(html).toContain(esc(m.race.nameTitle));
      expect(html).toMatch(/<details(?![^>]*open)/);
      expect(html).toContain(`action="${href("race", lang, { slug: "trail-x" })}"`);
      expect(html).toContain('name="q"');
    });

    it(`lists the runners found, open, each linking to their photos with the count (${lang})`, () => {
      const html = render(lang, found, "ana garcia");
      expect(html).toMatch(/<details[^>]*open/);
      expect(html).toContain('value="ana garcia"');
      expect(html).toContain(esc(fill(m.race.nameFound, { q: "ana garcia" })));
      expect(html).toContain(`href="${href("race", lang, { slug: "trail-x" }, { n: 214 })}"`);
      expect(html).toContain(`href="${href("race", lang, { slug: "trail-x" }, { n: 530 })}"`);
      expect(html).toContain(`21K · Corre Neuquén · ${fill(m.race.namePhotos, { count: 3 }, lang)}`);
      expect(html).toContain(`10K · ${fill(m.race.namePhotos, { count: 0 }, lang)}`);
      expect(html).toContain(esc(m.race.nameMore));
      expect(html).not.toContain(esc(fill(m.race.nameNear, { q: "ana garcia" })));
    });

    it(`says when the runners listed are one slip off the name typed (${lang})`, () => {
      const html = render(lang, { ...found, q: "ana garsia", near: true }, "ana garsia");
      expect(html).toContain(esc(fill(m.race.nameNear, { q: "ana garsia" })));
      expect(html).toContain(`href="${href("race", lang, { slug: "trail-x" }, { n: 214 })}"`);
    });

    it(`says when nobody is registered under the name, and why a name was refused (${lang})`, () => {
      expect(render(lang, { q: "zoe paz", corredores: [], more: false, near: false }, "zoe paz")).toContain(esc(fill(m.race.nameNone, { q: "zoe paz" })));
      const refused = render(lang, { q: "zoe", corredores: [], more: false, near: false, problem: "invalidName" }, "zoe");
      expect(refused).toContain(esc(m.errors.invalidName));
      expect(refused).toContain('role="alert"');
      expect(render(lang, { q: "zoe paz", corredores: [], more: false, near: false, problem: "tooMany" }, "zoe paz")).toContain(esc(m.errors.tooMany));
    });
  }
});
