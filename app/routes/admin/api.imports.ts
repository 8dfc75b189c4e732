import { operatorContext } from "../../admin/operator-context.ts";
import { servicesContext } from "../../context.ts";
import { api } from "../../.server/web/index.ts";
import type { Route } from "./+types/api.imports";

/** The latest folder imports and their progress, polled by the races screen while one runs. */
export function loader({ request, context }: Route.LoaderArgs) {
  return api(request, () => context.get(servicesContext).admin.races.imports(context.get(operatorContext)));
}
