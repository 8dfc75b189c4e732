import { z } from "zod";
import { operatorContext } from "../../admin/operator-context.ts";
import { adminWording } from "../../admin/outcome.ts";
import { servicesContext } from "../../context.ts";
import { failureOf } from "../../.server/failure.ts";
import { apiLang, json } from "../../.server/web/index.ts";
import type { Route } from "./+types/api.bib-review";

const body = z.discriminatedUnion("action", [
  z.object({ action: z.literal("accept"), suggestionId: z.number().int().positive() }),
  z.object({ action: z.literal("reject"), suggestionId: z.number().int().positive() }),
  z.object({ action: z.literal("correct"), suggestionId: z.number().int().positive(), bib: z.number().int().positive().max(999_999) }),
  z.object({ action: z.literal("undoAuto"), photoId: z.number().int().positive(), bib: z.number().int().positive() }),
]);

/**
 * The review queue's keystrokes (JSON; CSRF token in a header): accept, correct
 * or reject a suggestion, or undo an automatic tag. Errors come back in the
 * back office's words, with their status.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const lang = apiLang(request);
  const { admin } = context.get(servicesContext);
  const op = context.get(operatorContext);
  try {
    const input = body.parse(await request.json().catch(() => ({})));
    const done =
      input.action === "undoAuto"
        ? await admin.bibs.undoAuto(op, input.photoId, input.bib)
        : await admin.bibs.decide(op, input.suggestionId, input.action === "correct" ? { action: "correct", bib: input.bib } : { action: input.action });
    return json({ data: done });
  } catch (error) {
    const failure = failureOf(error, adminWording(lang));
    if (!failure) throw error;
    return json({ error: { code: failure.code, message: failure.message } }, { status: failure.status });
  }
}
