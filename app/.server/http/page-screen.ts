import { matchPath } from "../../i18n/href.ts";
import type { Screen } from "../../i18n/paths.ts";

/**
 * The screen a request path shows, in any language, its loader data included
 * (React Router asks for `/carrera/x.data`, and `/_root.data` for the es home);
 * undefined for anything that is not a screen of the path table.
 */
export function screenOfPath(path: string): Screen | undefined {
  const page = path === "/_root.data" ? "/" : path.replace(/\.data$/, "");
  return matchPath(page)?.screen;
}
