import { z } from "zod";
import { servicesContext } from "../context.ts";
import { parseRunnerNumber } from "../domain/bibs.ts";
import { invalid } from "../.server/errors.ts";
import { api } from "../.server/web/index.ts";
import { readClockTime } from "../domain/around-time.ts";
import type { Route } from "./+types/api.fotos";

const query = z.object({
  p: z
    .string()
    .regex(/^\d{1,6}$/)
    .transform(Number)
    .refine((p) => p >= 1)
    .optional(),
  n: z.string().optional(),
  t: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/)
    .optional(),
  // Ours, beyond the spec: photos taken around this time of the race's clock.
  h: z
    .string()
    .transform((v, ctx) => readClockTime(v) ?? (ctx.addIssue({ code: "custom", message: "time" }), z.NEVER))
    .optional(),
  // Ours: with n, the photos that might be the runner's instead of those tagged with the number.
  m: z.literal("1").optional(),
});

/** GET /api/fotos/{slug}?p=&n=&t= (SPEC §7), h=HH:MM for the photos taken around then, and m=1 (with n) for those that might be the runner's. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api(request, async (lang) => {
    const search = Object.fromEntries(new URL(request.url).searchParams);
    const parsed = query.safeParse({
      p: search.p || undefined,
      n: search.n || undefined,
      t: search.t || undefined,
      h: search.h || undefined,
      m: search.m || undefined,
    });
    if (!parsed.success) {
      const field = parsed.error.issues[0].path[0];
      throw invalid(field === "p" ? "invalidPage" : field === "h" ? "invalidTime" : field === "m" ? "invalidMaybe" : "invalidTag");
    }
    const bib = parsed.data.n === undefined ? undefined : parseRunnerNumber(parsed.data.n);
    if (parsed.data.n !== undefined && bib === undefined) throw invalid("invalidRunner");
    const maybe = parsed.data.m === "1";
    if (maybe && bib === undefined) throw invalid("invalidMaybe");
    return context
      .get(servicesContext)
      .races.photos({ slug: params.slug, page: parsed.data.p ?? 1, bib, tag: parsed.data.t, around: parsed.data.h, maybe, lang });
  });
}
