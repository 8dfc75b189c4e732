import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { href } from "../i18n/href.ts";
import { LANGS } from "../i18n/langs.ts";
import { MESSAGES } from "../i18n/messages/all.ts";
import { fill, provideMessages } from "../i18n/messages/index.ts";
import { NotifyForm } from "./notify-form.tsx";

/** As React writes text into markup. */
const esc = (text: string) => text.replaceAll("&", "&amp;").replaceAll("'", "&#x27;").replaceAll('"', "&quot;");

const race = { slug: "trail-x", categories: ["General", "Master A"] };

function render(lang: (typeof LANGS)[number], bib?: number, query = "", seen?: number): string {
  const path = href("race", lang, { slug: race.slug }) + query;
  const router = createMemoryRouter([{ path: "*", element: <NotifyForm race={race} bib={bib} seen={seen} /> }], { initialEntries: [path] });
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

describe("the notify form", () => {
  for (const lang of LANGS) {
    const m = MESSAGES[lang];
    provideMessages(lang, m);

    it(`asks a preparing race's runner for their category and number (${lang})`, () => {
      const html = render(lang);
      expect(html).toContain(esc(m.notify.heading));
      expect(html).toContain('name="category"');
      expect(html).toMatch(/<input id="notify-runner-number"[^>]*name="runnerNumber"/);
      expect(html).not.toContain('name="watch"');
    });

    it(`asks a runner without photos only who they are, for the number they searched (${lang})`, () => {
      const html = render(lang, 214, "?n=214");
      expect(html).toContain(esc(fill(m.notify.watchHeading, { n: 214 })));
      expect(html).toContain(esc(m.notify.watchIntro));
      expect(html).not.toContain('name="category"');
      expect(html).toContain('<input type="hidden" name="runnerNumber" value="214"/>');
      expect(html).toContain('<input type="hidden" name="watch" value="1"/>');
      expect(html).toContain('action="/api/notify"');
      expect(html).toContain('name="email"');
    });

    it(`offers a runner who found photos to hear of more, in a box closed until opened (${lang})`, () => {
      const html = render(lang, 214, "?n=214", 3);
      expect(html).toMatch(/^<details id="notify" data-testid="watch-more" class="[^"]*">/);
      expect(html).toContain(esc(fill(m.notify.watchMoreHeading, { n: 214 })));
      expect(html).toContain(esc(m.notify.watchMoreIntro));
      expect(html).toContain('<input type="hidden" name="photosSeen" value="3"/>');
      expect(html).toContain('<input type="hidden" name="runnerNumber" value="214"/>');
      expect(html).not.toContain(esc(fill(m.notify.watchHeading, { n: 214 })));
      // Open, with its answer, when a plain post came back.
      const back = render(lang, 214, "?n=214&notify=ok", 3);
      expect(back).toMatch(/^<details id="notify" data-testid="watch-more" open=""/);
      expect(back).toContain(esc(fill(m.notify.watchMoreSuccess, { n: 214 })));
      // None found: the open form, which says nothing of photos seen.
      expect(render(lang, 214, "?n=214", 0)).not.toContain('name="photosSeen"');
    });

    it(`confirms without JavaScript when the post came back (${lang})`, () => {
      expect(render(lang, 214, "?n=214&notify=ok")).toContain(esc(fill(m.notify.watchSuccess, { n: 214 })));
      expect(render(lang, undefined, "?notify=ok")).toContain(esc(m.notify.success));
      expect(render(lang, 214, "?n=214&notify=error")).toContain(esc(m.notify.error));
    });
  }
});
