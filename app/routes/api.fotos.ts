import { z } from "zod";
import { servicesContext } from "../context.ts";
import { parseRunnerNumber } from "../domain/bibs.ts";
import { invalid } from "../.server/errors.ts";
import { api } from "../.server/http/respond.ts";
import type { Route } from "./+types/api.fotos";

const query = z.object({
  p: z.string().regex(/^\d{1,6}$/).transform(Number).refine((p) => p >= 1).optional(),
  n: z.string().optional(),
  t: z.string().regex(/^[a-z0-9-]{1,64}$/).optional(),
});

/** GET /api/fotos/{slug}?p=&n=&t= (SPEC §7). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api(request, async (lang) => {
    const search = Object.fromEntries(new URL(request.url).searchParams);
    const parsed = query.safeParse({ p: search.p || undefined, n: search.n || undefined, t: search.t || undefined });
    if (!parsed.success) {
      const field = parsed.error.issues[0].path[0];
      throw invalid(field === "p" ? "invalidPage" : "invalidTag");
    }
    const bib = parsed.data.n === undefined ? undefined : parseRunnerNumber(parsed.data.n);
    if (parsed.data.n !== undefined && bib === undefined) throw invalid("invalidRunner");
    return context.get(servicesContext).races.photos({ slug: params.slug, page: parsed.data.p ?? 1, bib, tag: parsed.data.t, lang });
  });
}
