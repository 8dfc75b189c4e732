import { servicesContext } from "../context.ts";
import type { Route } from "./+types/sitemap";

/** GET /sitemap.xml: every visible race and the static screens in es, en and br. */
export async function loader({ context }: Route.LoaderArgs) {
  const xml = await context.get(servicesContext).seo.sitemap();
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
