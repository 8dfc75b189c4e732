import { servicesContext } from "../context.ts";
import { api } from "../.server/web/index.ts";
import type { Route } from "./+types/api.corredores";

/** GET /api/corredores/{slug}?q= (ours): the registered runners a first and last name find, to look a forgotten number up. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api(request, () => context.get(servicesContext).races.named(params.slug, new URL(request.url).searchParams.get("q") ?? ""));
}
