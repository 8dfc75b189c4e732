import { z } from "zod";
import { operatorContext } from "../../admin/operator-context.ts";
import { idParam } from "../../admin/outcome.ts";
import { servicesContext } from "../../context.ts";
import { api } from "../../.server/web/index.ts";
import type { Route } from "./+types/api.photo-tags";

const body = z.object({ bibs: z.array(z.number()), tagIds: z.array(z.number()) });

/** Saves one photo's bibs and tags from the keyboard tagging screen (JSON; CSRF token in a header). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const photoId = idParam(params.photoId);
  return api(request, async () => {
    const input = body.parse(await request.json().catch(() => ({})));
    return context.get(servicesContext).admin.photos.tag(context.get(operatorContext), photoId, input);
  });
}
