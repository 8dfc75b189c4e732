import { redirect } from "react-router";
import { PageShell } from "../components/page-shell.tsx";
import { RaceCard } from "../components/race-card.tsx";
import { servicesContext } from "../context.ts";
import { parseRunnerNumber } from "../domain/bibs.ts";
import { href } from "../i18n/href.ts";
import { langFromPath } from "../i18n/langs.ts";
import { pageMeta } from "../i18n/meta.ts";
import { useMessages } from "../i18n/use-messages.ts";
import type { Route } from "./+types/races";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  // The home search form posts here without JavaScript: forward to the chosen race.
  const chosen = url.searchParams.get("race");
  if (chosen && /^[a-z0-9-]{1,100}$/.test(chosen)) {
    throw redirect(href("race", lang, { slug: chosen }, { n: parseRunnerNumber(url.searchParams.get("n")) }));
  }
  return { races: await context.get(servicesContext).races.file(lang) };
}

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location, (m) => m.races.title);

export default function Races({ loaderData }: Route.ComponentProps) {
  const m = useMessages();
  return (
    <PageShell>
      <section className="mx-auto max-w-7xl px-4 py-10">
        <h1 className="text-3xl font-black">{m.races.title}</h1>
        {loaderData.races.length === 0 ? (
          <p className="mt-6 text-slate-600">{m.races.empty}</p>
        ) : (
          <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {loaderData.races.map((race) => (
              <RaceCard key={race.slug} race={race} />
            ))}
          </div>
        )}
      </section>
    </PageShell>
  );
}
