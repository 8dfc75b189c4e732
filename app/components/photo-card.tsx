import { Link } from "react-router";
import { priceTag } from "../cart/cart-item.ts";
import type { Currency } from "../domain/money.ts";
import { fill } from "../i18n/messages/index.ts";
import { useMessages } from "../i18n/use-messages.ts";
import type { PhotoData } from "../storefront/race-data.ts";
import { photoClock } from "../storefront/photo-time.ts";
import { CartToggle } from "./cart-toggle.tsx";
import { PriceLabel } from "./price-label.tsx";

/** One photo in the race grid: thumbnail opening the lightbox, SALE or free label, time, price and cart control. */
export function PhotoCard({
  photo,
  race,
  raceName,
  currency,
  to,
  eager,
}: {
  photo: PhotoData;
  race: string;
  raceName: string;
  currency: Currency;
  /** The lightbox's address for this photo. */
  to: string;
  eager: boolean;
}) {
  const m = useMessages();
  const tag = priceTag(photo, currency);
  const time = photoClock(photo.fechahora);
  // Each part of a card skips layout and paint until it nears the screen (`content-visibility`: the race page's
  // blocking time), and is skipped at the size it is drawn at: the photo's box by its aspect ratio, the text's by
  // its lines (64 px inside the padding; a sale price always on a second line, 84 px; only a card under 160 px,
  // on a phone narrower than 360 px, wraps more). Sized so, a row drawn late moves nothing under it: a pager
  // link just scrolled to stays under the finger.
  return (
    <li
      className="relative flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
      data-testid="photo"
      data-id={photo.id}
      data-free={tag.free ? "1" : "0"}
    >
      <Link
        id={`photo-${photo.id}`}
        to={to}
        preventScrollReset
        state={{ lightbox: true }}
        aria-label={fill(m.race.openPhoto, { time })}
        className="relative block aspect-[3/2] overflow-hidden bg-slate-200 [content-visibility:auto]"
      >
        <img
          src={photo.src_thumb}
          alt={fill(m.race.photoAlt, { id: photo.id_photo, race: raceName, time })}
          width={480}
          height={Math.round((480 * photo.height) / photo.width) || 320}
          loading={eager ? "eager" : "lazy"}
          // The first row starts at once but after the race's hero, the page's largest image, on a phone's thin line.
          fetchPriority={eager ? "low" : undefined}
          decoding="async"
          className="h-full w-full object-cover transition duration-300 hover:scale-105"
        />
      </Link>
      {tag.onSale && (
        <span
          className="pointer-events-none absolute left-2 top-2 rounded-md bg-red-700 px-2 py-0.5 text-xs font-black tracking-wider text-white shadow"
          data-testid="sale-badge"
        >
          {m.race.sale}
        </span>
      )}
      {tag.free && (
        <span
          className="pointer-events-none absolute left-2 top-2 rounded-md bg-emerald-700 px-2 py-0.5 text-xs font-black uppercase tracking-wider text-white shadow"
          data-testid="free-badge"
        >
          {m.race.free}
        </span>
      )}
      <div
        className={`flex flex-1 flex-col gap-2 p-2.5 [content-visibility:auto] ${tag.onSale ? "[contain-intrinsic-size:auto_84px]" : "[contain-intrinsic-size:auto_64px]"}`}
      >
        <p className="flex flex-wrap items-baseline justify-between gap-x-2 text-sm">
          <time className="text-slate-600" dateTime={photo.fechahora.replace(" ", "T")}>
            {time}
          </time>
          <PriceLabel photo={photo} currency={currency} split />
        </p>
        <div className="mt-auto">
          <CartToggle photo={photo} race={race} />
        </div>
      </div>
    </li>
  );
}
