import { Link } from "react-router";
import { href } from "../i18n/href.ts";
import { fill } from "../i18n/messages/index.ts";
import { useLang, useMessages } from "../i18n/use-messages.ts";
import { type RaceData, searchQuery } from "../storefront/race-data.ts";
import { SearchIcon } from "./icons.tsx";

/**
 * Below a runner's own photos: the photos recognition thought might be theirs
 * without being sure (a digit covered or cut, a blurred number), which wait
 * for a person at the shop. A runner whose number was not read finds them
 * here rather than not at all. A plain link, so it works without JavaScript.
 */
export function MightBeYouLink({ race }: { race: RaceData }) {
  const lang = useLang();
  const m = useMessages();
  if (race.n === null || race.m || race.maybe === 0) return null;
  return (
    <section className="rounded-3xl bg-brand-50 p-5 ring-1 ring-brand-100 sm:p-6" data-testid="might-be-you">
      <h2 className="flex items-center gap-2 text-lg font-black">
        <SearchIcon className="h-5 w-5 shrink-0 text-brand-700" />
        {fill(race.found_rows > 0 ? m.race.maybeTitle : m.race.maybeTitleNone, { count: race.maybe }, lang)}
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-slate-700">{m.race.maybeText}</p>
      <Link
        to={href("race", lang, { slug: race.slug }, { ...searchQuery(race), m: 1 })}
        className="mt-4 inline-block rounded-xl bg-ink px-5 py-3 font-black text-white hover:bg-brand-700"
        data-testid="might-be-you-link"
      >
        {m.race.maybeLink}
      </Link>
    </section>
  );
}

/** The heading of the "might be you" photos, with the way back to the runner's own. */
export function MightBeYouHeading({ race }: { race: RaceData }) {
  const lang = useLang();
  const m = useMessages();
  if (race.n === null || !race.m) return null;
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <h2 className="text-2xl font-black sm:text-3xl" data-testid="might-be-you-heading">
          {fill(m.race.maybeHeading, { n: race.n })}
        </h2>
        <Link
          to={href("race", lang, { slug: race.slug }, searchQuery(race))}
          className="text-sm font-bold text-brand-700 underline underline-offset-2 hover:text-ink"
        >
          {m.race.maybeBack}
        </Link>
      </div>
      <p className="max-w-2xl text-sm text-slate-600">{m.race.maybeNote}</p>
    </div>
  );
}
