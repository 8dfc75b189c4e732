import { useSyncExternalStore } from "react";
import { cartItemOf } from "../cart/cart-item.ts";
import { useCart } from "../cart/use-cart.ts";
import { fill } from "../i18n/messages/index.ts";
import { useMessages } from "../i18n/use-messages.ts";
import type { PhotoData } from "../storefront/race-data.ts";
import { photoClock } from "../storefront/photo-time.ts";
import { CheckIcon, PlusIcon, TrashIcon } from "./icons.tsx";

const never = () => () => {};

/** A photo's cart control (SPEC §2): add to cart, or — once in the cart — 'in cart' with a remove button. */
export function CartToggle({ photo, race, dark = false }: { photo: PhotoData; race: string; dark?: boolean }) {
  const m = useMessages();
  const cart = useCart();
  const time = photoClock(photo.fechahora);
  // The cart lives in the browser: a tap before the page is hydrated would be lost, so the button is disabled until then.
  const hydrated = useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
  if (!cart.has(photo.id)) {
    return (
      <button
        type="button"
        disabled={!hydrated}
        onClick={() => cart.add(cartItemOf(photo, race))}
        aria-label={fill(m.race.addLabel, { time })}
        data-testid="add-to-cart"
        className={`flex w-full items-center justify-center gap-1.5 rounded-full px-3 py-2 text-sm font-bold ${dark ? "bg-brand-500 text-ink hover:bg-white" : "text-brand-700 ring-2 ring-inset ring-brand-700 hover:bg-brand-700 hover:text-white"}`}
      >
        <PlusIcon />
        {m.race.add}
      </button>
    );
  }
  return (
    <div className="flex w-full items-center gap-1" data-testid="in-cart">
      <span
        className={`flex flex-1 items-center justify-center gap-1 rounded-full px-2 py-2 text-sm font-bold ${dark ? "bg-emerald-500 text-ink" : "bg-emerald-100 text-emerald-800"}`}
      >
        <CheckIcon />
        {m.race.inCart}
      </span>
      <button
        type="button"
        onClick={() => cart.remove(photo.id)}
        aria-label={fill(m.race.removeLabel, { time })}
        title={m.race.remove}
        data-testid="remove-from-cart"
        className={`rounded-full p-2.5 ${dark ? "text-white hover:bg-white/20" : "text-slate-600 hover:bg-red-50 hover:text-red-700"}`}
      >
        <TrashIcon />
      </button>
    </div>
  );
}
