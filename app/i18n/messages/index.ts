import type { Lang } from "../langs.ts";
import br from "./br.ts";
import en from "./en.ts";
import es, { type Messages } from "./es.ts";

export type { Messages };

export const MESSAGES: Record<Lang, Messages> = { es, en, br };

/** Fills {name} placeholders. */
export function fill(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** A message by dotted key, e.g. message("en", "errors.raceNotFound", { slug }). */
export function message(lang: Lang, key: string, params?: Record<string, string | number>): string {
  const value = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], MESSAGES[lang]);
  return typeof value === "string" ? fill(value, params) : fill(MESSAGES[lang].errors.generic);
}
