import { servicesContext } from "../context.ts";
import { json, openApiDocument } from "../.server/web/index.ts";
import type { Route } from "./+types/api.openapi";

/** GET /api/openapi.json: the public API described for scripts (OpenAPI 3.1). */
export async function loader({ context }: Route.LoaderArgs) {
  return json(openApiDocument(context.get(servicesContext).env.publicUrl), { headers: { "Cache-Control": "public, max-age=3600" } });
}
