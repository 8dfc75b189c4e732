import { servicesContext } from "../context.ts";
import { api } from "../.server/web/index.ts";
import { notFound } from "../.server/errors.ts";
import { publicIdSchema } from "../.server/orders/index.ts";
import type { Route } from "./+types/api.purchase-detail";

/** GET /api/purchase/{id} (SPEC §3 purchase response). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api(request, async (lang) => {
    const id = publicIdSchema.safeParse(params.id);
    if (!id.success) throw notFound("purchaseNotFound");
    return context.get(servicesContext).purchases.view(id.data, lang);
  });
}
