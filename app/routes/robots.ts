import { servicesContext } from "../context.ts";
import type { Route } from "./+types/robots";

/** GET /robots.txt: no API, back office, checkout or purchase pages; points to the sitemap. */
export async function loader({ context }: Route.LoaderArgs) {
  return new Response(context.get(servicesContext).seo.robots(), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
