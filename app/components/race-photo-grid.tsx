import type { Currency } from "../domain/money.ts";
import { useMessages } from "../i18n/use-messages.ts";
import type { RacePhotosView } from "../domain/api-contract.ts";
import { CameraIcon } from "./icons.tsx";
import { Lightbox } from "./lightbox.tsx";
import { Pagination } from "./pagination.tsx";
import { PhotoCard } from "./photo-card.tsx";

/**
 * A page of a race's photos as a visitor sees them, on the race page and in
 * the back office's preview: the grid (or the empty state), the pages, and the
 * viewer of the photo named in the address. The links are the caller's.
 */
export function RacePhotoGrid({
  race,
  currency,
  photoId,
  photoHref,
  pageHref,
  filtered = false,
}: {
  race: Pick<RacePhotosView, "slug" | "nombre" | "fotos" | "page" | "found_pages" | "found_rows" | "n" | "m">;
  currency: Currency;
  /** The photo open in the viewer (`?foto=`), if any. */
  photoId: string | null;
  photoHref: (id: string | null) => string;
  pageHref: (page: number) => string;
  /** Narrowed by a bib, a tag or a time: nothing found is the search's answer, not the race's. */
  filtered?: boolean;
}) {
  const m = useMessages();
  const lightboxIndex = photoId ? race.fotos.findIndex((f) => f.id === photoId) : -1;
  return (
    <>
      {race.fotos.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-3xl bg-white px-6 py-16 text-center ring-1 ring-slate-200" data-testid="empty-state">
          <CameraIcon className="h-14 w-14 text-slate-400" />
          <p className="max-w-sm font-semibold text-slate-700">{filtered || race.found_rows > 0 ? m.race.noResults : m.race.noPhotosYet}</p>
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5" data-testid="photo-grid">
          {race.fotos.map((photo, i) => (
            <PhotoCard key={photo.id} photo={photo} race={race.slug} raceName={race.nombre} currency={currency} to={photoHref(photo.id)} eager={i < 4} />
          ))}
        </ul>
      )}
      <Pagination page={race.page} pages={race.found_pages} hrefFor={pageHref} />
      {lightboxIndex >= 0 && (
        <Lightbox
          photos={race.fotos}
          index={lightboxIndex}
          race={race.slug}
          raceName={race.nombre}
          currency={currency}
          hrefFor={photoHref}
          // A runner's own photos are theirs already: the viewer asks "is this you?" everywhere else.
          claim={race.n === null || race.m ? { bib: race.n } : undefined}
        />
      )}
    </>
  );
}
