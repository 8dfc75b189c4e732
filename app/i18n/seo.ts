import { href, matchPath } from "./href.ts";
import { HTML_LANG, LANGS, type Lang } from "./langs.ts";

/** Open Graph locales of the three languages. */
export const OG_LOCALE: Record<Lang, string> = { es: "es_AR", en: "en_US", br: "pt_BR" };

/** hreflang codes: the document languages, and x-default for visitors of any other language. */
export const HREFLANG: Record<Lang, string> = HTML_LANG;

/**
 * The path search engines should index for a URL: the race page keeps its page
 * and tag (different photos); a runner's search points to the race itself (no
 * page per bib in the index). Every other screen drops its query. Undefined for
 * paths that are not a screen.
 */
export function canonicalPath(url: string, lang?: Lang): string | undefined {
  const parsed = new URL(url, "http://x");
  const match = matchPath(parsed.pathname);
  if (!match) return undefined;
  let query: Record<string, string> | undefined;
  if (match.screen === "race") {
    const p = parsed.searchParams.get("p");
    query = { p: p && p !== "1" ? p : "", t: parsed.searchParams.get("t") ?? "" };
  }
  return href(match.screen, lang ?? match.lang, match.params, query);
}

export type Alternates = {
  canonical: string;
  /** One per language, then x-default (the es page). */
  links: { hreflang: string; href: string }[];
};

/** Canonical URL and hreflang alternates of a page, absolute under publicUrl. */
export function alternates(url: string, publicUrl: string): Alternates | undefined {
  const canonical = canonicalPath(url);
  if (canonical === undefined) return undefined;
  const base = publicUrl.replace(/\/$/, "");
  const links = LANGS.map((lang) => ({ hreflang: HREFLANG[lang], href: base + canonicalPath(url, lang) }));
  links.push({ hreflang: "x-default", href: base + canonicalPath(url, "es") });
  return { canonical: base + canonical, links };
}
