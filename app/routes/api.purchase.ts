import { servicesContext } from "../context.ts";
import { api } from "../.server/web/index.ts";
import { parsePurchase } from "../.server/orders/index.ts";
import type { Route } from "./+types/api.purchase";

/** POST /api/purchase (SPEC §7): a sale priced by the server; answers `{ data: { link, id } }`. */
export async function action({ request, context }: Route.ActionArgs) {
  return api(request, async (lang) => {
    const body = await request.json().catch(() => undefined);
    return context.get(servicesContext).purchases.create(parsePurchase(body, lang));
  });
}
