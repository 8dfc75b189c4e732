import { Form, Link } from "react-router";
import { PageShell } from "../components/page-shell.tsx";
import { RaceCard } from "../components/race-card.tsx";
import { servicesContext } from "../context.ts";
import { href } from "../i18n/href.ts";
import { langFromPath } from "../i18n/langs.ts";
import { pageMeta } from "../i18n/meta.ts";
import { useLang, useMessages } from "../i18n/use-messages.ts";
import type { Route } from "./+types/home";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const lang = langFromPath(new URL(request.url).pathname);
  const [races, banners] = await Promise.all([services.races.file(lang), services.shop.banners()]);
  return { races, banners };
}

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location, (m) => m.brand.title);

export default function Home({ loaderData }: Route.ComponentProps) {
  const lang = useLang();
  const m = useMessages();
  const { races, banners } = loaderData;
  return (
    <PageShell contactFooter>
      <section className="relative isolate overflow-hidden bg-ink">
        {banners[0] && <img src={banners[0].img} alt="" className="absolute inset-0 -z-10 h-full w-full object-cover opacity-60" />}
        <div className="mx-auto max-w-3xl px-4 py-20 text-center text-white">
          <h1 className="text-4xl font-black tracking-tight sm:text-5xl">{m.home.heading}</h1>
          <p className="mt-3 text-lg text-slate-100">{m.brand.tagline}</p>
          <RaceSearch races={races} />
        </div>
      </section>
      <section className="mx-auto max-w-7xl px-4 py-12">
        <h2 className="text-2xl font-black">{m.home.latestRaces}</h2>
        <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {races.slice(0, 6).map((race) => (
            <RaceCard key={race.slug} race={race} />
          ))}
        </div>
        <div className="mt-8 text-center">
          <Link to={href("races", lang)} className="inline-block rounded-full border-2 border-ink px-6 py-3 font-bold hover:bg-ink hover:text-white">
            {m.common.allRaces}
          </Link>
        </div>
      </section>
    </PageShell>
  );
}

/** Without JavaScript: a plain select and a number field posting to the race page via GET. */
function RaceSearch({ races }: { races: { slug: string; nombre: string }[] }) {
  const lang = useLang();
  const m = useMessages();
  return (
    <Form method="get" action={href("races", lang)} className="mx-auto mt-8 flex max-w-xl flex-col gap-3 rounded-2xl bg-white p-3 text-ink shadow-xl sm:flex-row">
      <label className="sr-only" htmlFor="race">{m.home.pickRace}</label>
      <select id="race" name="race" className="flex-1 rounded-xl border border-slate-300 px-3 py-3" defaultValue={races[0]?.slug}>
        {races.map((r) => (
          <option key={r.slug} value={r.slug}>{r.nombre}</option>
        ))}
      </select>
      <label className="sr-only" htmlFor="bib">{m.home.bibLabel}</label>
      <input id="bib" name="n" inputMode="numeric" pattern="\+?[0-9]*" placeholder={m.home.bibPlaceholder} className="rounded-xl border border-slate-300 px-3 py-3 sm:w-32" />
      <button type="submit" className="rounded-xl bg-brand-500 px-6 py-3 font-bold text-white hover:bg-brand-600">{m.home.search}</button>
    </Form>
  );
}
