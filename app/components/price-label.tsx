import { priceTag, type SpecPrices } from "../cart/cart-item.ts";
import { formatMoney, type Currency } from "../domain/money.ts";
import { useMessages } from "../i18n/use-messages.ts";

/**
 * A photo's price: free, the sale price with the old one struck through, or the list price.
 * `split`: inside a wrapping flex row, the old price stays on the row and the sale price takes a line of its own.
 */
export function PriceLabel({ photo, currency, className = "", split = false }: { photo: SpecPrices; currency: Currency; className?: string; split?: boolean }) {
  const m = useMessages();
  const tag = priceTag(photo, currency);
  if (tag.free) return <span className={`font-bold text-emerald-700 ${className}`}>{m.race.free}</span>;
  const was = tag.onSale && <s className="text-xs font-normal tabular-nums opacity-70">{formatMoney(tag.list, currency)}</s>;
  const pay = formatMoney(tag.pay, currency);
  if (split && tag.onSale)
    return (
      <>
        {was}
        <strong className="basis-full text-right tabular-nums text-brand-700">{pay}</strong>
      </>
    );
  return (
    <span className={`inline-flex flex-wrap items-baseline justify-end gap-x-1.5 tabular-nums ${className}`}>
      {was}
      <strong className={tag.onSale ? "text-brand-700" : ""}>{pay}</strong>
    </span>
  );
}
