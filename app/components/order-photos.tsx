import type { ReactNode } from "react";
import { priceTag, type SpecPrices } from "../cart/cart-item.ts";
import type { Currency } from "../domain/money.ts";
import { fill } from "../i18n/messages/index.ts";
import { useMessages } from "../i18n/use-messages.ts";
import { photoClock } from "../storefront/photo-time.ts";
import { PriceLabel } from "./price-label.tsx";

export type OrderPhoto = SpecPrices & { id: string; id_photo?: string; fechahora?: string; src_thumb?: string; width?: number; height?: number };

/** The photos of a checkout or purchase as plain thumbnails (no lightbox), each with an optional action. */
export function OrderPhotoGrid({
  photos,
  currency,
  showPrice = true,
  action,
  label,
}: {
  photos: readonly OrderPhoto[];
  currency: Currency;
  showPrice?: boolean;
  action?: (photo: OrderPhoto) => ReactNode;
  label: string;
}) {
  const m = useMessages();
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="order-photos">
      {photos.map((photo) => {
        const time = photoClock(photo.fechahora ?? "");
        return (
          <li key={photo.id} className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200" data-testid="order-photo" data-id={photo.id}>
            <div className="relative aspect-[3/2] bg-slate-200">
              {photo.src_thumb && (
                <img
                  src={photo.src_thumb}
                  alt={fill(m.checkoutPage.photoAlt, { id: photo.id_photo ?? photo.id, time })}
                  width={photo.width ? 480 : undefined}
                  height={photo.width && photo.height ? Math.round((480 * photo.height) / photo.width) : undefined}
                  loading="lazy"
                  decoding="async"
                  className="h-full w-full object-cover"
                />
              )}
              {priceTag(photo, currency).free && (
                <span className="absolute left-2 top-2 rounded-md bg-emerald-700 px-2 py-0.5 text-xs font-black uppercase text-white">{m.race.free}</span>
              )}
            </div>
            <div className="flex flex-wrap items-center justify-between gap-2 p-2 text-sm">
              <span className="text-slate-600">{time}</span>
              {showPrice && <PriceLabel photo={photo} currency={currency} split />}
              {action && <div className="w-full">{action(photo)}</div>}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** SPEC §2's list of the images in the purchase: frame name, time and price. */
export function OrderImageList({ photos, currency }: { photos: readonly OrderPhoto[]; currency: Currency }) {
  const m = useMessages();
  return (
    <section aria-labelledby="image-list" className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <h2 id="image-list" className="font-black text-ink">
        {m.checkoutPage.imageList}
      </h2>
      <ol className="mt-2 divide-y divide-slate-100 text-sm" data-testid="image-list">
        {photos.map((photo, i) => (
          <li key={photo.id} className="flex items-center justify-between gap-3 py-1.5">
            <span className="truncate">
              <span className="mr-2 tabular-nums text-slate-500">{i + 1}.</span>
              <span className="font-mono">{photo.id_photo ?? photo.id}</span>
              {photo.fechahora && <span className="ml-2 text-slate-500">{photoClock(photo.fechahora)}</span>}
            </span>
            <PriceLabel photo={photo} currency={currency} />
          </li>
        ))}
      </ol>
    </section>
  );
}
