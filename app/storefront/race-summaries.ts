import type { Lang } from "../i18n/langs.ts";
import type { RaceSummaryData } from "./race-data.ts";

// Races the visitor has already seen (on the home page, the races list or a race
// page), so a race page reached by a click can show its hero and title at once
// while its photos load.
const seen = new Map<string, RaceSummaryData>();

export function rememberRaces(lang: Lang, races: RaceSummaryData[]): void {
  for (const race of races) {
    seen.set(`${lang}:${race.slug}`, {
      id: race.id,
      slug: race.slug,
      nombre: race.nombre,
      subtitulo: race.subtitulo,
      logoUrl: race.logoUrl,
      imageUrl: race.imageUrl,
      fecha: race.fecha,
      estado: race.estado,
    });
  }
}

export function recallRace(lang: Lang, slug: string): RaceSummaryData | null {
  return seen.get(`${lang}:${slug}`) ?? null;
}
