import { HTML_LANG, type Lang } from "../i18n/langs.ts";

// A photo's `fechahora` is the race's local wall clock, "YYYY-MM-DD HH:MM:SS"
// (SPEC §3): read it as written, never through the visitor's time zone.
const PATTERN = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})(?::(\d{2}))?$/;

/** "08:07" — what the grid shows under each photo. */
export function photoClock(fechahora: string): string {
  const m = PATTERN.exec(fechahora);
  return m ? `${m[4]}:${m[5]}` : "";
}

/** "15 de marzo de 2025, 08:07:40" — the lightbox caption's title. */
export function photoDateTime(fechahora: string, lang: Lang): string {
  const m = PATTERN.exec(fechahora);
  if (!m) return fechahora;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  const day = new Intl.DateTimeFormat(HTML_LANG[lang], { dateStyle: "long", timeZone: "UTC" }).format(date);
  return `${day}, ${m[4]}:${m[5]}:${m[6] ?? "00"}`;
}
