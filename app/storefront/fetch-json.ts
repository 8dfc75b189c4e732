import type { RunnersNamedView } from "../domain/api-contract.ts";
import type { Lang } from "../i18n/langs.ts";
import type { RaceData, RaceSummaryData } from "./race-data.ts";
import { LoadError } from "./race-data.ts";
import type { RaceQuery } from "./race-query.ts";
import { rememberRaces } from "./race-summaries.ts";

async function getJson(url: string, signal?: AbortSignal): Promise<unknown> {
  const response = await fetch(url, { signal, headers: { Accept: "application/json" } });
  if (!response.ok) throw new LoadError(response.status);
  return response.json();
}

/** GET /api/fotos/{slug}?p=&n=&t= (SPEC §7), in the page's language. */
export async function fetchRacePhotos(slug: string, query: RaceQuery, lang: Lang, signal?: AbortSignal): Promise<RaceData> {
  const params = new URLSearchParams({ p: String(query.page) });
  if (query.bib !== undefined) params.set("n", String(query.bib));
  if (query.tag !== undefined) params.set("t", query.tag);
  if (query.around !== undefined) params.set("h", query.around);
  if (query.maybe) params.set("m", "1");
  params.set("lang", lang);
  const body = (await getJson(`/api/fotos/${encodeURIComponent(slug)}?${params}`, signal)) as { data: RaceData };
  rememberRaces(lang, [body.data]);
  return body.data;
}

/** GET /api/corredores/{slug}?q= (ours): the registered runners a name finds. */
export async function fetchRunnersNamed(slug: string, q: string, lang: Lang, signal?: AbortSignal): Promise<RunnersNamedView> {
  const params = new URLSearchParams({ q, lang });
  const body = (await getJson(`/api/corredores/${encodeURIComponent(slug)}?${params}`, signal)) as { data: RunnersNamedView };
  return body.data;
}

/** The races file (SPEC §7: a static file with a version query). */
export async function fetchRaces<T extends RaceSummaryData>(lang: Lang, signal?: AbortSignal): Promise<T[]> {
  const races = (await getJson(`/fake-api/carreras.json?v=1&lang=${lang}`, signal)) as T[];
  rememberRaces(lang, races);
  return races;
}
