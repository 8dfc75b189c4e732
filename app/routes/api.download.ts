import { servicesContext } from "../context.ts";
import { api } from "../.server/web/index.ts";
import { downloadPayload } from "../.server/orders/index.ts";
import type { Route } from "./+types/api.download";

/** POST /api/download `{ data: { id, id_photo } }` → `{ data: { img } }`: a short-lived link to the sold file. */
export async function action({ request, context }: Route.ActionArgs) {
  return api(request, async () => {
    const { data } = downloadPayload.parse(await request.json().catch(() => undefined));
    return context.get(servicesContext).purchases.download(data.id, data.id_photo);
  });
}
