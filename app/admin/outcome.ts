import { isDbInt } from "../domain/ids.ts";
import { data } from "react-router";
import { failureOf, type ErrorWording } from "../.server/failure.ts";
import type { Lang } from "../i18n/langs.ts";
import { fill } from "../i18n/messages/index.ts";
import { MESSAGES } from "../i18n/messages/all.ts";
import { ADMIN_MESSAGES } from "../i18n/messages/admin/index.ts";

/** The back office's wording of an error key: its own message first, then the shop's. */
export const adminWording =
  (lang: Lang): ErrorWording =>
  (key, params) => {
    const admin = ADMIN_MESSAGES[lang];
    const own = (admin.errors as Record<string, string>)[key];
    const shop = (MESSAGES[lang].errors as Record<string, string>)[key];
    return fill(own ?? shop ?? admin.errors.generic, params);
  };

/** Runs a loader's service call; a typed failure becomes its status and message (the error boundary shows it). */
export async function load<T>(lang: Lang, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const failure = failureOf(error, adminWording(lang));
    if (failure) throw data(failure.message, { status: failure.status });
    throw error;
  }
}

export type Failure = { ok: false; error: string; fields?: Record<string, string> };

/** Runs an action's service call; a typed failure comes back as a localized 4xx answer the form shows. */
export async function attempt<T>(lang: Lang, run: () => Promise<T>) {
  try {
    return { ok: true as const, value: await run() };
  } catch (error) {
    const failure = failureOf(error, adminWording(lang));
    if (!failure) throw error;
    return { ok: false as const, response: data<Failure>({ ok: false, error: failure.message }, { status: failure.status }) };
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
