import { useCart } from "../cart/use-cart.ts";
import { useCartHidden } from "../cart/cart-visibility.ts";
import { formatMoney } from "../domain/money.ts";
import { fill } from "../i18n/messages/index.ts";
import { useLang, useMessages } from "../i18n/use-messages.ts";
import { CartIcon } from "./icons.tsx";

export const CART_PANEL_ID = "cart-panel";

/** The top bar's cart: currency and final price (or 0), photo count, and the panel toggle. */
export function CartButton() {
  const m = useMessages();
  const lang = useLang();
  const cart = useCart();
  if (useCartHidden()) return null;
  const total = formatMoney(cart.totals.total, cart.currency);
  const count = cart.items.length;
  return (
    <button
      type="button"
      onClick={() => cart.setOpen(!cart.open)}
      aria-expanded={cart.open}
      aria-controls={CART_PANEL_ID}
      data-testid="cart-button"
      className="relative ml-1 flex shrink-0 items-center gap-1.5 rounded-full bg-ink py-2 pl-2.5 pr-3 text-sm font-bold text-white hover:bg-ink/90 sm:gap-2 sm:pl-3 sm:pr-4"
    >
      <CartIcon />
      <span className="sr-only">{fill(m.cart.button, { count: fill(m.cart.count, { count }, lang), total })}</span>
      <span aria-hidden="true" className="whitespace-nowrap tabular-nums" data-testid="cart-button-total">
        {total}
      </span>
      {count > 0 && (
        <span
          aria-hidden="true"
          className="absolute -right-1 -top-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-500 px-1 text-xs font-black text-white ring-2 ring-white"
        >
          {count}
        </span>
      )}
    </button>
  );
}
