import { Link } from "react-router";
import { href } from "../i18n/href.ts";
import { fill } from "../i18n/messages/index.ts";
import { useLang, useMessages } from "../i18n/use-messages.ts";
import type { RaceData } from "../storefront/race-data.ts";

/** Whether the runner's search is of a number the race's start list does not have, which no photo shows. */
export const unregistered = (race: RaceData) => race.n !== null && !race.m && race.registered === false && race.found_rows === 0;

/**
 * Above the empty grid (the spec's no-results state stays), a searched number
 * the race's start list does not have and no photo shows (`unregistered`):
 * most often a typo. Says so, and offers the registered numbers one keystroke
 * away that photos show, as plain links (no JavaScript needed).
 */
export function UnregisteredNumber({ race }: { race: RaceData }) {
  const lang = useLang();
  const m = useMessages();
  if (race.n === null) return null;
  return (
    <section className="rounded-3xl bg-amber-50 p-5 ring-1 ring-amber-200 sm:p-6" data-testid="unregistered-number">
      <h2 className="text-lg font-black text-ink">{fill(m.race.unregistered, { n: race.n })}</h2>
      <p className="mt-1 text-sm text-slate-700">{race.near.length ? m.race.unregisteredNear : m.race.unregisteredCheck}</p>
      {race.near.length > 0 && (
        <ul className="mt-4 flex flex-wrap gap-2">
          {race.near.map((near) => (
            <li key={near.n}>
              <Link
                to={href("race", lang, { slug: race.slug }, { n: near.n })}
                className="inline-flex items-baseline gap-2 rounded-xl bg-white px-4 py-2.5 font-black text-ink ring-1 ring-amber-300 hover:ring-2 hover:ring-brand-500"
                data-testid="near-number"
              >
                #{near.n}
                <span className="text-sm font-semibold text-slate-600">{fill(m.race.found, { count: near.fotos }, lang)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
