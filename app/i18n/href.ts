import { LANGS, langFromPath, type Lang } from "./langs.ts";
import { PATHS, SCREENS, type Screen } from "./paths.ts";

export type Params = Record<string, string | number>;
export type Query = Record<string, string | number | undefined | null>;

export function queryString(query?: Query): string {
  if (!query) return "";
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** The localized path of a screen, e.g. href("race", "en", { slug }, { n: 305 }) → /en/race/slug?n=305. */
export function href(screen: Screen, lang: Lang, params: Params = {}, query?: Query): string {
  const pattern: string = PATHS[screen][lang];
  const path = pattern.replace(/:([a-zA-Z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === "") throw new Error(`href(${screen}): missing param ${name}`);
    return encodeURIComponent(String(value));
  });
  return path + queryString(query);
}

export type Match = { screen: Screen; lang: Lang; params: Record<string, string> };

export function matchPattern(pattern: string, pathname: string): Record<string, string> | undefined {
  const want = pattern.split("/").filter(Boolean);
  const got = pathname.split("/").filter(Boolean);
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(":")) {
      try {
        params[want[i].slice(1)] = decodeURIComponent(got[i]);
      } catch {
        return undefined;
      }
    } else if (want[i] !== got[i]) return undefined;
  }
  return params;
}

/** Which screen a path shows, in which language, with which params. */
export function matchPath(pathname: string): Match | undefined {
  const lang = langFromPath(pathname);
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  for (const screen of SCREENS) {
    const params = matchPattern(PATHS[screen][lang], trimmed || "/");
    if (params) return { screen, lang, params };
  }
  return undefined;
}

/** The same screen, params and query in another language; an unknown path goes to that language's home. */
export function translatePath(url: string, toLang: Lang): string {
  const parsed = new URL(url, "http://x");
  const match = matchPath(parsed.pathname);
  if (!match) return href("home", toLang) + parsed.search;
  return href(match.screen, toLang, match.params) + parsed.search;
}

export { LANGS };
