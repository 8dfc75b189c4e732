/**
 * Where a plain form says to go once it is done (its `back` or `next` field), as a path and query of
 * this shop with `notes` set in the query (an undefined note is left out); undefined for anything else.
 * Browsers read "//host" and "/\host" as another site, so the path starts with one slash followed by
 * none; our own links are percent-encoded ASCII, so spaces, control characters and backslashes are
 * refused rather than cleaned.
 */
export function shopPath(value: unknown, notes: Record<string, string | number | undefined> = {}): string | undefined {
  if (typeof value !== "string" || value.length > 2000 || !/^\/(?!\/)[!-[\]-~]*$/.test(value)) return undefined;
  const url = new URL(value, "http://shop.invalid");
  if (url.host !== "shop.invalid") return undefined;
  for (const [name, note] of Object.entries(notes)) if (note !== undefined) url.searchParams.set(name, String(note));
  return url.pathname + url.search;
}
