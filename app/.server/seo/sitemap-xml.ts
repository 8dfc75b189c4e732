import { href, type Params } from "../../i18n/href.ts";
import { LANGS } from "../../i18n/langs.ts";
import type { Screen } from "../../i18n/paths.ts";
import { HREFLANG } from "../../i18n/seo.ts";

export type SitemapPage = { screen: Screen; params?: Params; lastmod?: string };

const xml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Every page in every language, each entry listing its language siblings (Google's hreflang sitemap form). */
export function sitemapXml(pages: SitemapPage[], publicUrl: string): string {
  const base = publicUrl.replace(/\/$/, "");
  const entries: string[] = [];
  for (const page of pages) {
    const urls = LANGS.map((lang) => ({ lang, url: base + href(page.screen, lang, page.params) }));
    const siblings = [
      ...urls.map(({ lang, url }) => `    <xhtml:link rel="alternate" hreflang="${HREFLANG[lang]}" href="${xml(url)}"/>`),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${xml(urls[0].url)}"/>`,
    ].join("\n");
    for (const { url } of urls) {
      entries.push(
        ["  <url>", `    <loc>${xml(url)}</loc>`, ...(page.lastmod ? [`    <lastmod>${page.lastmod}</lastmod>`] : []), siblings, "  </url>"].join("\n"),
      );
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${entries.join("\n")}
</urlset>
`;
}
