import { servicesContext } from "../context.ts";
import { notFound } from "../.server/errors.ts";
import { api } from "../.server/web/index.ts";
import { publicIdSchema } from "../.server/orders/index.ts";
import type { Route } from "./+types/api.prepurchase";

/** GET /api/prepurchase/{id} (SPEC §3 pre-purchase response). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api(request, async (lang) => {
    const id = publicIdSchema.safeParse(params.id);
    if (!id.success) throw notFound("prepurchaseNotFound");
    return context.get(servicesContext).preorders.view(id.data, lang);
  });
}
