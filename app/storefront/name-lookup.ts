import type { RunnersNamedView } from "../domain/api-contract.ts";

/** A look-up of a forgotten number by name, as the race page shows it: what it found, or why it could not look. */
export type NameLookup = RunnersNamedView & { problem?: "invalidName" | "tooMany" };

const PROBLEMS: Record<number, NameLookup["problem"]> = { 400: "invalidName", 429: "tooMany" };

/**
 * The runners `q` finds (the service on the server, the API in the browser);
 * less than a first and a last name, or too many look-ups from one address,
 * are told on the page beside the form, not as a failed page.
 */
export async function lookUpName(q: string, load: () => Promise<RunnersNamedView>): Promise<NameLookup> {
  try {
    return await load();
  } catch (error) {
    const problem = PROBLEMS[Number((error as { status?: unknown }).status)];
    if (!problem) throw error;
    return { q, corredores: [], more: false, near: false, problem };
  }
}
