import type { Lang } from "../i18n/langs.ts";
import { HTML_LANG } from "../i18n/langs.ts";

/** The shop's own clock: operators in Argentina read times as they lived them. */
export const SHOP_ZONE = "America/Argentina/Buenos_Aires";

const formatters = new Map<string, Intl.DateTimeFormat>();

/** "23/11/2026 08:30" in the page's language, on the shop's clock; empty for no date. */
export function formatWhen(value: Date | string | null | undefined, lang: Lang): string {
  if (!value) return "";
  const date = typeof value === "string" ? new Date(value) : value;
  let format = formatters.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(HTML_LANG[lang], { timeZone: SHOP_ZONE, dateStyle: "short", timeStyle: "short" });
    formatters.set(lang, format);
  }
  return format.format(date);
}
