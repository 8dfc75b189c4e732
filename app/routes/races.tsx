import { useEffect } from "react";
import { redirect } from "react-router";
import { Deferred } from "../components/deferred.tsx";
import { LoadFailed } from "../components/load-failed.tsx";
import { LoadingScreen } from "../components/loading-screen.tsx";
import { PageShell } from "../components/page-shell.tsx";
import { RaceCard } from "../components/race-card.tsx";
import { servicesContext } from "../context.ts";
import { langFromPath } from "../i18n/langs.ts";
import { pageMeta } from "../i18n/meta.ts";
import { useLang, useMessages } from "../i18n/use-messages.ts";
import { fetchRaces } from "../storefront/fetch-json.ts";
import type { RaceSummaryData } from "../storefront/race-data.ts";
import { raceSearchTarget } from "../storefront/race-query.ts";
import { rememberRaces } from "../storefront/race-summaries.ts";
import type { Route } from "./+types/races";

type RaceListItem = RaceSummaryData & { subtitulo: string };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  // The home search form posts here without JavaScript: forward to the chosen race.
  const target = raceSearchTarget(url, lang);
  if (target) throw redirect(target);
  const races: RaceListItem[] | Promise<RaceListItem[]> = await context.get(servicesContext).races.file(lang);
  return { races };
}

/** In the browser the list comes from the races file; the page shows a loading screen until it arrives. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const target = raceSearchTarget(url, lang);
  if (target) throw redirect(target);
  const races: RaceListItem[] | Promise<RaceListItem[]> = fetchRaces<RaceListItem>(lang, request.signal);
  return { races };
}

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location, (m) => m.races.title);

export default function Races({ loaderData }: Route.ComponentProps) {
  const m = useMessages();
  // SPEC §2: the list opens at the top.
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: "instant" });
  }, []);
  return (
    <PageShell>
      <section className="mx-auto max-w-7xl px-4 py-10">
        <h1 className="text-3xl font-black sm:text-4xl">{m.races.title}</h1>
        <Deferred value={loaderData.races} fallback={<LoadingScreen />} errorElement={<LoadFailed message={m.races.loadFailed} />}>
          {(races) => <RaceGrid races={races} />}
        </Deferred>
      </section>
    </PageShell>
  );
}

function RaceGrid({ races }: { races: RaceListItem[] }) {
  const lang = useLang();
  const m = useMessages();
  useEffect(() => {
    rememberRaces(lang, races);
  }, [lang, races]);
  if (races.length === 0) return <p className="mt-6 text-slate-600">{m.races.empty}</p>;
  return (
    <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="race-list">
      {races.map((race) => (
        <RaceCard key={race.slug} race={race} headingLevel={2} />
      ))}
    </div>
  );
}
