import type { Lang } from "../../i18n/langs.ts";
import type { LocalizedText } from "../db/index.ts";

/** The text in a language, falling back to es. */
export function pick(text: LocalizedText | null | undefined, lang: Lang): string {
  if (!text) return "";
  return text[lang] || text.es || "";
}
