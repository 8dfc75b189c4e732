import { servicesContext } from "../context.ts";
import { api } from "../.server/web/index.ts";
import type { Route } from "./+types/api.preparacion";

/** GET /api/preparacion/{slug}: whether a race's photos are still being prepared. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api(request, (lang) => context.get(servicesContext).races.preparation(params.slug, lang));
}
