export const LANGS = ["es", "en", "br"] as const;
export type Lang = (typeof LANGS)[number];

export const HTML_LANG: Record<Lang, string> = { es: "es", en: "en", br: "pt-BR" };

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGS as readonly string[]).includes(value);
}

/** The language a path belongs to: its first segment when it is en or br, else es. */
export function langFromPath(pathname: string): Lang {
  const first = pathname.split("/")[1];
  return first === "en" || first === "br" ? first : "es";
}
