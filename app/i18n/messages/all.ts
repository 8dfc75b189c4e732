import type { Lang } from "../langs.ts";
import br from "./br.ts";
import en from "./en.ts";
import es from "./es.ts";
import { fill, type Messages } from "./index.ts";

/** Every language's storefront texts, for the server (and tests); browsers load one language through index.ts. */
export const MESSAGES: Record<Lang, Messages> = { es, en, br };

/** A message by dotted key, e.g. message("en", "errors.raceNotFound", { slug }). */
export function message(lang: Lang, key: string, params?: Record<string, string | number>): string {
  const value = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], MESSAGES[lang]);
  return typeof value === "string" ? fill(value, params, lang) : fill(MESSAGES[lang].errors.generic);
}
