import { servicesContext } from "../context.ts";
import { failureOf, shopWording } from "../.server/failure.ts";
import { apiLang, json } from "../.server/web/index.ts";
import { parsePreorder } from "../.server/orders/index.ts";
import type { Route } from "./+types/api.preventa";

/**
 * POST /api/preventa: answers `{ status, link }` outside the data envelope, as
 * the spec's pre-order form reads it; a refusal is `status: "error"` with a
 * localized `message` and its 4xx status.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const lang = apiLang(request);
  try {
    const input = parsePreorder(await request.json().catch(() => undefined), lang);
    const { id, link } = await context.get(servicesContext).preorders.create(input);
    return json({ status: "success", link, id });
  } catch (error) {
    const failure = failureOf(error, shopWording(lang));
    if (!failure) throw error;
    return json({ status: "error", link: null, message: failure.message }, { status: failure.status });
  }
}
