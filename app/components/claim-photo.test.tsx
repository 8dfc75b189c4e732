import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { href } from "../i18n/href.ts";
import { LANGS } from "../i18n/langs.ts";
import { MESSAGES } from "../i18n/messages/all.ts";
import { fill, provideMessages } from "../i18n/messages/index.ts";
import { ClaimPhoto } from "./claim-photo.tsx";

/** As React writes text into markup. */
const esc = (text: string) => text.replaceAll("&", "&amp;").replaceAll("'", "&#x27;").replaceAll('"', "&quot;");

function render(lang: (typeof LANGS)[number], bib: number | null, query = ""): string {
  const path = href("race", lang, { slug: "trail-x" }) + query;
  const router = createMemoryRouter([{ path: "*", element: <ClaimPhoto slug="trail-x" photoId="AbC123" bib={bib} /> }], { initialEntries: [path] });
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

describe("the photo viewer's 'is this you?'", () => {
  for (const lang of LANGS) {
    const m = MESSAGES[lang];
    provideMessages(lang, m);

    it(`asks for the runner's number in a closed box that posts without JavaScript (${lang})`, () => {
      const html = render(lang, null, "?h=09:15&foto=AbC123");
      expect(html).toMatch(/<details class="[^"]*" data-testid="claim-photo">/);
      expect(html).toContain(esc(m.lightbox.claimOpen));
      expect(html).toContain(esc(m.lightbox.claimIntro));
      expect(html).toContain('action="/api/claim"');
      expect(html).toContain('<input type="hidden" name="photo" value="AbC123"/>');
      expect(html).toContain(`<input type="hidden" name="lang" value="${lang}"/>`);
      // A refusal comes back to this very photo.
      expect(html).toContain(`<input type="hidden" name="back" value="${href("race", lang, { slug: "trail-x" })}?h=09%3A15&amp;foto=AbC123"/>`);
      expect(html).toMatch(/name="n"[^>]*value=""/);
    });

    it(`starts with the number the runner searched (${lang})`, () => {
      expect(render(lang, 214, "?n=214&m=1&foto=AbC123")).toMatch(/name="n"[^>]*value="214"/);
    });

    it(`tells why a plain post was refused, open, with the number typed (${lang})`, () => {
      const html = render(lang, null, "?foto=AbC123&claim=unregistered&claimed=999");
      expect(html).toMatch(/<details class="[^"]*" open="" data-testid="claim-photo">/);
      expect(html).toContain(esc(fill(m.errors.claimNotRegistered, { n: "999" })));
      expect(html).toMatch(/name="n"[^>]*value="999"/);
      // The box posts again to the photo without the old answer.
      expect(html).toContain('name="back" value="' + href("race", lang, { slug: "trail-x" }) + '?foto=AbC123"');
      expect(render(lang, null, "?foto=AbC123&claim=number")).toContain(esc(m.errors.invalidRunner));
      expect(render(lang, null, "?foto=AbC123&claim=full")).toContain(esc(m.errors.claimsFull));
      expect(render(lang, null, "?foto=AbC123&claim=error")).toContain(esc(m.lightbox.claimFailed));
      expect(render(lang, null, "?foto=AbC123&claim=pending")).not.toContain('role="alert"');
    });
  }
});
