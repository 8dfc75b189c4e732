import type { MetaDescriptor } from "react-router";
import { href, matchPath } from "./href.ts";
import { LANGS, langFromPath, type Lang } from "./langs.ts";
import { fill, messagesOf, type Messages } from "./messages/index.ts";
import { OG_LOCALE } from "./seo.ts";

/**
 * A localized <title>, description, Open Graph and Twitter card tags for a
 * screen's `meta` export. The description is the screen's own (`seo.<screen>`,
 * filled with `params`), else the brand's. Canonical and hreflang links are
 * added for every page by the root layout.
 */
export function pageMeta(location: { pathname: string }, pick: (m: Messages) => string, params: Record<string, string | number> = {}) {
  const lang: Lang = langFromPath(location.pathname);
  const m = messagesOf(lang);
  const title = fill(pick(m), params);
  const fullTitle = title === m.brand.title ? title : `${title} · ${m.brand.name}`;
  const screen = matchPath(location.pathname)?.screen;
  const own = screen ? (m.seo as Record<string, string>)[screen] : undefined;
  const description = own ? fill(own, params) : m.brand.description;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: m.brand.name },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:locale", content: OG_LOCALE[lang] },
    ...LANGS.filter((l) => l !== lang).map((l) => ({ property: "og:locale:alternate", content: OG_LOCALE[l] })),
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
  ] satisfies MetaDescriptor[];
}

/** Adds a share image (absolute URL) to `pageMeta`'s tags: Open Graph, and a large Twitter card. */
export function withShareImage(tags: MetaDescriptor[], imageUrl: string, alt: string): MetaDescriptor[] {
  if (!imageUrl) return tags;
  return [
    ...tags.filter((t) => !("name" in t && t.name === "twitter:card")),
    { property: "og:image", content: imageUrl },
    { property: "og:image:alt", content: alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:image", content: imageUrl },
    { name: "twitter:image:alt", content: alt },
  ];
}

export type EventRace = { nombre: string; subtitulo: string; imageUrl: string; fecha: string | null; slug: string };

/** schema.org SportsEvent for a race page, as a JSON-LD meta descriptor. */
export function raceStructuredData(race: EventRace, url: string, description: string): MetaDescriptor {
  return {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": "SportsEvent",
      name: race.nombre,
      description,
      url,
      ...(race.fecha ? { startDate: race.fecha } : {}),
      ...(race.imageUrl ? { image: [race.imageUrl] } : {}),
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      ...(race.subtitulo ? { location: { "@type": "Place", name: race.subtitulo, address: race.subtitulo } } : {}),
    },
  };
}

/** The shop's public URL as the root loader gives it to `meta` functions (through `matches`). */
export function publicUrlOf(matches: readonly unknown[]): string | undefined {
  const root = matches.find((match) => (match as { id?: string } | undefined)?.id === "root") as { loaderData?: { publicUrl?: string } } | undefined;
  return root?.loaderData?.publicUrl;
}

/** A race page's share image (its hero) and its SportsEvent structured data, added to `pageMeta`'s tags. */
export function raceMeta(tags: MetaDescriptor[], race: EventRace, location: { pathname: string }, matches: readonly unknown[]): MetaDescriptor[] {
  const lang = langFromPath(location.pathname);
  const description = tags.find((t): t is { name: string; content: string } => "name" in t && t.name === "description")?.content ?? "";
  const publicUrl = publicUrlOf(matches);
  const withImage = withShareImage(tags, race.imageUrl, race.nombre);
  if (!publicUrl) return withImage;
  return [...withImage, raceStructuredData(race, `${publicUrl}${href("race", lang, { slug: race.slug })}`, description)];
}
