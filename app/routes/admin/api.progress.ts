import { operatorContext } from "../../admin/operator-context.ts";
import { idParam } from "../../admin/outcome.ts";
import { servicesContext } from "../../context.ts";
import { api } from "../../.server/web/index.ts";
import type { Route } from "./+types/api.progress";

/** Photo counts and the watermarking queue of a race, polled by the upload screen. */
export function loader({ request, params, context }: Route.LoaderArgs) {
  const raceId = idParam(params.raceId);
  return api(request, () => context.get(servicesContext).admin.photos.progress(context.get(operatorContext), raceId));
}
