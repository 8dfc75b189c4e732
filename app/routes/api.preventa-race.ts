import { servicesContext } from "../context.ts";
import { api } from "../.server/web/index.ts";
import type { Route } from "./+types/api.preventa-race";

/** GET /api/preventa/{slug}: the race for the pre-order form; 404 when it takes no pre-orders. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api(request, (lang) => context.get(servicesContext).preorders.form(params.slug, lang));
}
