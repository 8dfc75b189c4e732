import { siteImageSrcSet } from "../domain/site-image.ts";
import type { RaceSummaryData } from "../storefront/race-data.ts";

/** The race page's hero: the race's image under its logo, name and subtitle; a quiet placeholder until they are known. */
export function RaceHero({ race }: { race: RaceSummaryData | null }) {
  return (
    <section className="relative isolate overflow-hidden bg-ink text-white" data-testid="race-hero">
      {race?.imageUrl && (
        <img
          src={race.imageUrl}
          srcSet={siteImageSrcSet(race.imageUrl)}
          sizes="100vw"
          alt=""
          width={1920}
          height={800}
          fetchPriority="high"
          className="absolute inset-0 -z-10 h-full w-full object-cover opacity-60"
        />
      )}
      <div className="absolute inset-0 -z-10 bg-gradient-to-t from-ink/90 via-ink/40 to-transparent" />
      <div className="mx-auto flex min-h-44 max-w-7xl items-end gap-4 px-4 pb-8 pt-16 sm:min-h-60">
        {race?.logoUrl && (
          <img src={race.logoUrl} alt="" width={80} height={80} className="h-16 w-16 shrink-0 rounded-full bg-white p-1 shadow-lg sm:h-20 sm:w-20" />
        )}
        {race ? (
          <div className="min-w-0">
            <h1 className="text-3xl font-black tracking-tight drop-shadow sm:text-5xl">{race.nombre}</h1>
            <p className="mt-1 text-white drop-shadow sm:text-lg">{race.subtitulo}</p>
          </div>
        ) : (
          <div className="w-full max-w-md animate-pulse space-y-3" aria-hidden="true">
            <div className="h-9 w-3/4 rounded bg-white/30" />
            <div className="h-5 w-1/2 rounded bg-white/20" />
          </div>
        )}
      </div>
    </section>
  );
}
