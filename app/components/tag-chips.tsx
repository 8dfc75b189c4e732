import { Link } from "react-router";
import { href } from "../i18n/href.ts";
import { useLang, useMessages } from "../i18n/use-messages.ts";

/** 'All' plus the race's tags in the page's language, as links that keep the runner number (or the time browsed) and restart at page 1. */
export function TagChips({
  slug,
  tags,
  current,
  n,
  h = null,
}: {
  slug: string;
  tags: { slug: string; nombre: string }[];
  current: string | null;
  n: number | null;
  h?: string | null;
}) {
  const lang = useLang();
  const m = useMessages();
  if (tags.length === 0) return null;
  const chips = [{ slug: null, nombre: m.race.all }, ...tags];
  return (
    <nav aria-label={m.race.tagsLabel} data-testid="tag-chips">
      {/* Relative, so the chips' screen-reader prefixes scroll with them and do not widen the page. */}
      <ul className="relative -mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0">
        {chips.map((tag) => {
          const active = tag.slug === current;
          return (
            <li key={tag.slug ?? ""} className="shrink-0">
              <Link
                to={href("race", lang, { slug }, { n, t: tag.slug, h })}
                preventScrollReset
                aria-current={active ? "page" : undefined}
                className={`inline-block rounded-full px-4 py-2 text-sm font-bold ring-1 transition ${
                  active ? "bg-ink text-white ring-ink" : "bg-white text-ink ring-slate-300 hover:ring-ink"
                }`}
              >
                <span className="sr-only">{m.race.tagChipPrefix} </span>
                {tag.nombre}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
