import type { DiscountTier } from "../domain/pricing.ts";
import { fill } from "../i18n/messages/index.ts";
import { useMessages } from "../i18n/use-messages.ts";
import { InfoIcon, TagIcon, UploadIcon } from "./icons.tsx";

/** The race page's banners (SPEC §2): photos still uploading, the quantity discounts from the real tiers, and what a buyer gets. */
export function RaceBanners({ uploading, tiers }: { uploading: boolean; tiers: DiscountTier[] }) {
  const m = useMessages();
  const sorted = [...tiers].sort((a, b) => a.minQuantity - b.minQuantity);
  return (
    <div className="grid gap-3 md:grid-cols-2">
      {uploading && (
        <p
          className="flex items-start gap-3 rounded-2xl bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-200 md:col-span-2"
          role="status"
          data-testid="uploading-banner"
        >
          <UploadIcon className="mt-0.5 h-5 w-5 shrink-0" />
          {m.race.uploading}
        </p>
      )}
      {sorted.length > 0 && (
        <div className="flex items-start gap-3 rounded-2xl bg-brand-50 p-4 text-brand-700 ring-1 ring-brand-100" data-testid="promo-banner">
          <TagIcon className="mt-0.5 h-5 w-5 shrink-0" />
          <div>
            <p className="font-black">{m.race.promoTitle}</p>
            <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm font-semibold">
              {sorted.map((tier) => (
                <li key={tier.minQuantity}>{fill(m.race.promoTier, { count: tier.minQuantity, percent: tier.percent })}</li>
              ))}
            </ul>
          </div>
        </div>
      )}
      <p className="flex items-start gap-3 rounded-2xl bg-sky-50 p-4 text-sm text-sky-900 ring-1 ring-sky-100" data-testid="info-banner">
        <InfoIcon className="mt-0.5 h-5 w-5 shrink-0" />
        {m.race.infoText}
      </p>
    </div>
  );
}
