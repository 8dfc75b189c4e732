import { z } from "zod";
import { operatorContext } from "../../admin/operator-context.ts";
import { adminWording, idParam } from "../../admin/outcome.ts";
import { servicesContext } from "../../context.ts";
import { failureOf } from "../../.server/failure.ts";
import { apiLang } from "../../.server/web/index.ts";
import type { Route } from "./+types/api.bib-crop";

const width = z.coerce.number().int().min(120).max(720).catch(360);

/** The picture of a recognized bib for the review queue, cut from the private original: operators of that race only. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const suggestionId = idParam(params.suggestionId);
  const query = new URL(request.url).searchParams;
  const w = width.parse(query.get("w") ?? undefined);
  // of=evidence: the frame of the same burst that proved a burst suggestion.
  const evidence = query.get("of") === "evidence";
  try {
    const jpeg = await context.get(servicesContext).admin.bibs.crop(context.get(operatorContext), suggestionId, w, { evidence });
    return new Response(new Uint8Array(jpeg), { headers: { "Content-Type": "image/jpeg", "Content-Length": String(jpeg.length) } });
  } catch (error) {
    const failure = failureOf(error, adminWording(apiLang(request)));
    if (!failure) throw error;
    return new Response(failure.message, { status: failure.status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
}
