import { z } from "zod";
import { servicesContext } from "../context.ts";
import { isDomainError } from "../.server/errors.ts";
import { apiLang, json } from "../.server/http/respond.ts";
import { message } from "../i18n/messages/all.ts";
import { parsePreorder } from "../.server/orders/payloads.ts";
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
    if (isDomainError(error))
      return json({ status: "error", link: null, message: message(lang, `errors.${error.key}`, error.params) }, { status: error.status });
    if (error instanceof z.ZodError) return json({ status: "error", link: null, message: message(lang, "errors.invalid") }, { status: 400 });
    throw error;
  }
}
