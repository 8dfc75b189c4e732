import { Link } from "react-router";
import { href } from "../i18n/href.ts";
import { useLang, useMessages } from "../i18n/use-messages.ts";

export type RaceCardData = {
  slug: string;
  nombre: string;
  subtitulo: string;
  logoUrl: string;
  imageUrl: string;
  fecha: string | null;
  estado?: string;
  preventa_abierta?: boolean;
};

/** A race as a card: hero image, logo, name, subtitle and the see-photos action. */
export function RaceCard({ race, headingLevel = 3 }: { race: RaceCardData; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const lang = useLang();
  const m = useMessages();
  return (
    <article className="group overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-md">
      <Link to={href("race", lang, { slug: race.slug })} className="block">
        <div className="relative aspect-[12/5] bg-slate-200">
          {race.imageUrl && <img src={race.imageUrl} alt="" loading="lazy" width={1920} height={800} className="h-full w-full object-cover" />}
          {(race.preventa_abierta || race.estado === "preparing") && (
            <span className="absolute left-3 top-3 rounded-full bg-white/95 px-3 py-1 text-xs font-bold text-brand-700 shadow" data-testid="race-badge">
              {race.preventa_abierta ? m.common.preorderOpen : m.common.photosComing}
            </span>
          )}
          {race.logoUrl && (
            <img
              src={race.logoUrl}
              alt=""
              width={64}
              height={64}
              loading="lazy"
              className="absolute -bottom-6 left-4 h-14 w-14 rounded-full bg-white p-1 shadow ring-2 ring-white"
            />
          )}
        </div>
        <div className="px-4 pb-4 pt-8">
          <Heading className="text-lg font-bold leading-tight">{race.nombre}</Heading>
          <p className="mt-1 text-sm text-slate-600">{race.subtitulo}</p>
          <span className="mt-4 inline-block rounded-full bg-brand-700 px-4 py-2 text-sm font-bold text-white group-hover:bg-ink">{m.common.seePhotos}</span>
        </div>
      </Link>
    </article>
  );
}
