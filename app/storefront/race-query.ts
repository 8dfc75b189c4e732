import { readClockTime } from "../domain/around-time.ts";
import { parseRunnerNumber } from "../domain/bibs.ts";
import { href } from "../i18n/href.ts";
import type { Lang } from "../i18n/langs.ts";

/**
 * `around`: "HH:MM" on the race's clock, to browse the photos taken then (the runner's way out when a search finds too little).
 * `maybe`: the photos that might be runner `bib`'s (m=1), instead of those tagged with the number.
 * `name`: a name to look a forgotten number up by (q), as typed; the photos do not depend on it.
 */
export type RaceQuery = { page: number; bib?: number; tag?: string; around?: string; maybe?: boolean; name?: string };

const TAG = /^[a-z0-9-]{1,64}$/;

/** No race has a million photos; a larger page number shows the empty last page, not a database error. */
export const MAX_PAGE = 99_999;

/**
 * The race page's query (SPEC §2: p, n, t; and ours, h: photos around a time, m: those that might be the runner's, q: a name)
 * read the same way on the server and in the browser. A zero or unclean runner number sends the visitor to the page
 * without it (SPEC §5): `redirectTo` then says where.
 */
export function readRaceQuery(url: URL, lang: Lang, slug: string): RaceQuery & { redirectTo?: string } {
  const rawN = url.searchParams.get("n");
  const bib = parseRunnerNumber(rawN);
  if (rawN !== null && bib === undefined) {
    const rest = new URLSearchParams(url.searchParams);
    rest.delete("n");
    return { page: 1, redirectTo: href("race", lang, { slug }) + (rest.size ? `?${rest}` : "") };
  }
  const page = Math.min(MAX_PAGE, Math.max(1, Number.parseInt(url.searchParams.get("p") ?? "1", 10) || 1));
  const tag = url.searchParams.get("t") ?? "";
  const maybe = bib !== undefined && url.searchParams.get("m") === "1" ? true : undefined;
  const name = url.searchParams.get("q")?.trim() || undefined;
  return { page, bib, tag: TAG.test(tag) ? tag : undefined, around: readClockTime(url.searchParams.get("h")), maybe, name };
}

/** The home search form without JavaScript GETs the races list with `race` and `n`: where it should land. */
export function raceSearchTarget(url: URL, lang: Lang): string | undefined {
  const chosen = url.searchParams.get("race");
  if (!chosen || !/^[a-z0-9-]{1,100}$/.test(chosen)) return undefined;
  return href("race", lang, { slug: chosen }, { n: parseRunnerNumber(url.searchParams.get("n")) });
}

/** The URL without the lightbox's `foto`, to tell a photo change from a new search. */
export function withoutPhoto(search: string): string {
  const params = new URLSearchParams(search);
  params.delete("foto");
  return params.toString();
}
