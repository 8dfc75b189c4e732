import type { Lang } from "../i18n/langs.ts";
import { HTML_LANG } from "../i18n/langs.ts";

// The shop's own clock: operators in Argentina read times as they lived them.
import { SHOP_ZONE } from "../domain/shop-zone.ts";

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

/** "Noviembre de 2026" for "2026-11" ("nov 2026" when short): a month of partners' statements, as a label. */
export function formatPeriod(period: string, lang: Lang, short = false): string {
  const [year, month] = period.split("-").map(Number);
  if (!year || !month) return period;
  const text = new Intl.DateTimeFormat(HTML_LANG[lang], { timeZone: "UTC", month: short ? "short" : "long", year: "numeric" }).format(
    new Date(Date.UTC(year, month - 1, 15)),
  );
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The month before or after a "YYYY-MM" one. */
export function shiftPeriod(period: string, by: number): string {
  const [year, month] = period.split("-").map(Number);
  const d = new Date(Date.UTC(year, month - 1 + by, 15));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}
