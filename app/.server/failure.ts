import { z } from "zod";
import type { Lang } from "../i18n/langs.ts";
import { message } from "../i18n/messages/all.ts";
import { isDomainError, type ErrorCode } from "./errors.ts";

/** A message key under `errors.` with its parameters, as text in one language. */
export type ErrorWording = (key: string, params?: Record<string, string | number>) => string;

/** What a page action or an API route answers a typed failure with. `issues`: the request's fields at fault. */
export type Failure = { status: number; code: ErrorCode; message: string; issues?: string[]; unavailable?: string[] };

/** The storefront's wording: the shop's `errors.` messages in `lang`. */
export const shopWording =
  (lang: Lang): ErrorWording =>
  (key, params) =>
    message(lang, `errors.${key}`, params);

/** The status a typed failure answers with (a DomainError's own, 400 for a failed schema); undefined for anything else, a bug. */
export function statusOf(error: unknown): number | undefined {
  if (isDomainError(error)) return error.status;
  if (error instanceof z.ZodError) return 400;
  return undefined;
}

/**
 * The one mapping from a typed failure to its answer: a service's
 * DomainError keeps its status and message key; a request that failed its
 * zod schema is Invalid (400) with the fields at fault. Anything else is a
 * bug: undefined, so it stays a 500 and is logged.
 */
export function failureOf(error: unknown, wording: ErrorWording): Failure | undefined {
  if (isDomainError(error))
    return { status: error.status, code: error.code, message: wording(error.key, error.params), ...(error.unavailable && { unavailable: error.unavailable }) };
  if (error instanceof z.ZodError) return { status: 400, code: "Invalid", message: wording("invalid"), issues: error.issues.map((i) => i.path.join(".")) };
  return undefined;
}
