import { matchPattern, queryString, type Params, type Query } from "./href.ts";
import { langFromPath, type Lang } from "./langs.ts";
import { ADMIN_PATHS, ADMIN_SCREENS, type AdminScreen } from "./admin-paths.ts";

/** The localized path of a back-office screen, e.g. adminHref("adminRace", "en", { raceId: 4 }) → /en/admin/races/4. */
export function adminHref(screen: AdminScreen, lang: Lang, params: Params = {}, query?: Query): string {
  const pattern: string = ADMIN_PATHS[screen][lang];
  const path = pattern.replace(/:([a-zA-Z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === "") throw new Error(`adminHref(${screen}): missing param ${name}`);
    return encodeURIComponent(String(value));
  });
  return path + queryString(query);
}

/** The same back-office screen in another language (the dashboard when the path is unknown). */
export function translateAdminPath(url: string, toLang: Lang): string {
  const parsed = new URL(url, "http://x");
  const lang = langFromPath(parsed.pathname);
  const trimmed = parsed.pathname.replace(/\/+$/, "") || "/";
  // Static paths first, so "/admin/carreras/nueva" is not read as a race id.
  const ordered = [...ADMIN_SCREENS].sort((a, b) => Number(ADMIN_PATHS[a][lang].includes(":")) - Number(ADMIN_PATHS[b][lang].includes(":")));
  for (const screen of ordered) {
    const params = matchPattern(ADMIN_PATHS[screen][lang], trimmed);
    if (params) return adminHref(screen, toLang, params) + parsed.search;
  }
  return adminHref("adminDashboard", toLang);
}
