import { redirect } from "react-router";
import { matchPath } from "../i18n/href.ts";
import type { Route } from "./+types/es-redirect";

/** /es and /es/… name the default language: send them to the es path itself, or home. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const rest = url.pathname.replace(/^\/es(?=\/|$)/, "") || "/";
  const match = matchPath(rest);
  return redirect(match?.lang === "es" ? rest + url.search : "/", 301);
}
