import { servicesContext } from "../context.ts";
import { api } from "../.server/web/index.ts";
import { zipPayload } from "../.server/orders/index.ts";
import type { Route } from "./+types/api.create-zip";

/** POST /api/create_zip `{ data: { id } }` → `zip_file` when ready, else `status: "processing"` and the progress. */
export async function action({ request, context }: Route.ActionArgs) {
  return api(request, async () => {
    const { data } = zipPayload.parse(await request.json().catch(() => undefined));
    return context.get(servicesContext).purchases.requestZip(data.id);
  });
}
