import { useEffect } from "react";
import { Link } from "react-router";
import { HeroBanners } from "../components/hero-banners.tsx";
import { LoadFailed } from "../components/load-failed.tsx";
import { PageShell } from "../components/page-shell.tsx";
import { PresaleBanner } from "../components/presale-banner.tsx";
import { RaceCard } from "../components/race-card.tsx";
import { RaceSearch } from "../components/race-search.tsx";
import { Tutorial } from "../components/tutorial.tsx";
import { servicesContext } from "../context.ts";
import { href } from "../i18n/href.ts";
import { langFromPath } from "../i18n/langs.ts";
import { pageMeta } from "../i18n/meta.ts";
import { useLang, useMessages } from "../i18n/use-messages.ts";
import { rememberRaces } from "../storefront/race-summaries.ts";
import type { Route } from "./+types/home";

/** SPEC §9: the home page shows the first 6 races. */
const HOME_RACES = 6;

export async function loader({ request, context }: Route.LoaderArgs) {
  return context.get(servicesContext).storefront.home(langFromPath(new URL(request.url).pathname));
}

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location, (m) => m.brand.title);

export default function Home({ loaderData }: Route.ComponentProps) {
  const lang = useLang();
  const m = useMessages();
  const { races, banners, presale, heroHidden, failed } = loaderData;
  const current = races.filter((r) => r.estado !== "archived");
  const previous = races.filter((r) => r.estado === "archived");

  useEffect(() => {
    rememberRaces(lang, races);
  }, [lang, races]);

  return (
    <PageShell contactFooter>
      {heroHidden ? (
        <h1 className="sr-only">{m.home.heading}</h1>
      ) : (
        <section className="relative isolate px-4 pb-14 pt-16 text-center text-white sm:pb-20 sm:pt-24" data-testid="hero">
          <HeroBanners banners={banners} />
          <h1 className="mx-auto max-w-4xl text-4xl font-black tracking-tight drop-shadow sm:text-6xl">{m.home.heading}</h1>
          <p className="mx-auto mt-3 max-w-xl text-lg text-white drop-shadow sm:text-xl">{m.home.lead}</p>
          {races.length > 0 ? <RaceSearch races={races} /> : <p className="mt-8 font-semibold">{m.home.noRaces}</p>}
        </section>
      )}

      {failed.length > 0 && <LoadFailed message={m.home.partFailed} />}

      {presale && <PresaleBanner race={presale} />}

      {current.length > 0 && (
        <section className="mx-auto max-w-7xl px-4 pt-12" aria-labelledby="latest-races">
          <h2 id="latest-races" className="text-2xl font-black sm:text-3xl">
            {m.home.latestRaces}
          </h2>
          <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="latest-races">
            {current.slice(0, HOME_RACES).map((race) => (
              <RaceCard key={race.slug} race={race} />
            ))}
          </div>
          <div className="mt-8 text-center">
            <Link to={href("races", lang)} className="inline-block rounded-full border-2 border-ink px-6 py-3 font-bold hover:bg-ink hover:text-white">
              {m.common.allRaces}
            </Link>
          </div>
        </section>
      )}

      {previous.length > 0 && (
        <section className="mx-auto max-w-7xl px-4 pt-14" aria-labelledby="previous-races">
          <h2 id="previous-races" className="text-2xl font-black sm:text-3xl">
            {m.home.previousRaces}
          </h2>
          <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="previous-races">
            {previous.map((race) => (
              <RaceCard key={race.slug} race={race} />
            ))}
          </div>
        </section>
      )}

      <Tutorial />
    </PageShell>
  );
}
