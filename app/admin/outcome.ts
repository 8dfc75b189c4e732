import { isDbInt } from "../domain/ids.ts";
import { data } from "react-router";
import { z } from "zod";
import { isDomainError } from "../.server/errors.ts";
import type { Lang } from "../i18n/langs.ts";
import { fill } from "../i18n/messages/index.ts";
import { MESSAGES } from "../i18n/messages/all.ts";
import { ADMIN_MESSAGES } from "../i18n/messages/admin/index.ts";

/** The localized text of a service error: the back office's own first, then the shop's. */
export function errorText(lang: Lang, error: unknown): string {
  const admin = ADMIN_MESSAGES[lang];
  if (isDomainError(error)) {
    const own = (admin.errors as Record<string, string>)[error.key];
    const shop = (MESSAGES[lang].errors as Record<string, string>)[error.key];
    return fill(own ?? shop ?? admin.errors.generic, error.params);
  }
  if (error instanceof z.ZodError) return admin.errors.invalid;
  return admin.errors.generic;
}

/** Runs a loader's service call; a typed failure becomes its status and message (the error boundary shows it). */
export async function load<T>(lang: Lang, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isDomainError(error) || error instanceof z.ZodError) {
      throw data(errorText(lang, error), { status: isDomainError(error) ? error.status : 400 });
    }
    throw error;
  }
}

export type Failure = { ok: false; error: string; fields?: Record<string, string> };

/** Runs an action's service call; a typed failure comes back as a localized 4xx answer the form shows. */
export async function attempt<T>(lang: Lang, run: () => Promise<T>) {
  try {
    return { ok: true as const, value: await run() };
  } catch (error) {
    if (isDomainError(error) || error instanceof z.ZodError) {
      const status = isDomainError(error) ? error.status : 400;
      return { ok: false as const, response: data<Failure>({ ok: false, error: errorText(lang, error) }, { status }) };
    }
    throw error;
  }
}

/** A refused form with one message per field (keys are message keys under admin.fieldErrors). */
export function refused(lang: Lang, fields: Record<string, string>, status = 400) {
  const m = ADMIN_MESSAGES[lang];
  const texts = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, (m.fieldErrors as Record<string, string>)[v] ?? m.fieldErrors.invalid]));
  return data<Failure>({ ok: false, error: m.errors.invalid, fields: texts }, { status });
}

/** A form's fields as strings (files and repeated fields are read on purpose elsewhere). */
export function formFields(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && !(key in out)) out[key] = value;
  return out;
}

/** A positive integer route param, or a 404. */
export function idParam(value: string | undefined): number {
  const n = /^\d{1,10}$/.test(value ?? "") ? Number(value) : NaN;
  if (!isDbInt(n)) throw data(null, { status: 404 });
  return n;
}
