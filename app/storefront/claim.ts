import type { Lang } from "../i18n/langs.ts";

/** What became of a runner's "this is me" (claims/claims.ts ClaimOutcome). */
export type ClaimAnswer = "pending" | "tagged" | "declined";
/** Why it was refused, as a page tells it after a plain form post (`?claim=`). */
export type ClaimRefusal = "number" | "unregistered" | "full" | "error";

const ANSWERS: readonly string[] = ["pending", "tagged", "declined"] satisfies ClaimAnswer[];
const REFUSALS: readonly string[] = ["number", "unregistered", "full", "error"] satisfies ClaimRefusal[];

export const claimAnswerOf = (value: string | null): ClaimAnswer | undefined => (value && ANSWERS.includes(value) ? (value as ClaimAnswer) : undefined);
export const claimRefusalOf = (value: string | null): ClaimRefusal | undefined => (value && REFUSALS.includes(value) ? (value as ClaimRefusal) : undefined);

export type ClaimResult = { ok: true; claim: ClaimAnswer; n: number } | { ok: false; message?: string };

/** POST /api/claim as JSON; a refusal carries the shop's message in the page's language. */
export async function sendClaim(input: { slug: string; photo: string; n: string }, lang: Lang): Promise<ClaimResult> {
  try {
    const response = await fetch(`/api/claim?lang=${lang}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ data: input }),
    });
    const body = (await response.json().catch(() => null)) as { data?: { status?: string; claim?: string; n?: number }; error?: { message?: string } } | null;
    const claim = claimAnswerOf(body?.data?.claim ?? null);
    if (response.ok && body?.data?.status === "success" && claim && typeof body.data.n === "number") return { ok: true, claim, n: body.data.n };
    return { ok: false, message: body?.error?.message };
  } catch {
    return { ok: false };
  }
}
