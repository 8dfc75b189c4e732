import { useCallback, useEffect, useMemo, useSyncExternalStore } from "react";
import type { Currency } from "../domain/money.ts";
import type { CartTotals, DiscountTier } from "../domain/pricing.ts";
import { currencyForLang } from "../domain/pricing.ts";
import { useLang } from "../i18n/use-messages.ts";
import { browserCart, browserTiers, SERVER_CART, SERVER_TIERS } from "./browser-cart.ts";
import { totalsIn, type CartItem } from "./cart-item.ts";

export type { CartItem } from "./cart-item.ts";

export type CartTotalsIn = CartTotals & { currency: Currency };

/**
 * The browser cart as React sees it (stable API, used by the storefront and the checkout pages):
 *
 * - `items`: the cart items (SPEC §3 fields `id, free, precio_arg, descuento_arg, precio_usd,
 *   descuento_usd`, plus display hints `id_photo, fechahora, src_thumb, width, height, race`),
 *   kept in `localStorage` under `cart`.
 * - `add(item)`: adds a photo and opens the cart panel; an id already present is ignored (→ false).
 * - `remove(id)`, `clear()` (empties the cart and its storage), `has(id)`.
 * - `totals`: `{ count, paidCount, subtotal, discountPercent, total, currency }` in the page
 *   language's currency (es → ARS, en/br → USD), amounts in minor units (format them with
 *   `formatMoney` from `domain/money.ts`); tiers from `/fake-api/descuentos.json`.
 * - `open`, `setOpen(open)`: the cart panel's state, persisted in `localStorage` (`cart_open`).
 *
 * Extras: `currency` (the page's), `totalsIn(currency)` (e.g. the checkout country's currency),
 * `tiers`, `tiersStatus` (`idle | loading | ready | error`) and `retryTiers()`.
 *
 * During server rendering and hydration the cart is empty and closed; the stored cart
 * appears right after hydration.
 */
export type Cart = {
  items: readonly CartItem[];
  add(item: CartItem): boolean;
  remove(id: string): void;
  clear(): void;
  has(id: string): boolean;
  totals: CartTotalsIn;
  open: boolean;
  setOpen(open: boolean): void;
  currency: Currency;
  totalsIn(currency: Currency): CartTotalsIn;
  tiers: DiscountTier[];
  tiersStatus: "idle" | "loading" | "ready" | "error";
  retryTiers(): void;
};

const subscribeCart = (listener: () => void) => browserCart().subscribe(listener);
const cartSnapshot = () => browserCart().getSnapshot();
const serverCart = () => SERVER_CART;
const subscribeTiers = (listener: () => void) => browserTiers().subscribe(listener);
const tiersSnapshot = () => browserTiers().getSnapshot();
const serverTiers = () => SERVER_TIERS;

export function useCart(): Cart {
  const lang = useLang();
  const { items, open } = useSyncExternalStore(subscribeCart, cartSnapshot, serverCart);
  const tierState = useSyncExternalStore(subscribeTiers, tiersSnapshot, serverTiers);

  useEffect(() => {
    void browserTiers().load();
  }, []);

  const currency = currencyForLang(lang);
  const totals = useMemo(() => totalsIn([...items], tierState.tiers, currency), [items, tierState.tiers, currency]);
  const totalsInCurrency = useCallback((c: Currency) => totalsIn([...items], tierState.tiers, c), [items, tierState.tiers]);
  const has = useCallback((id: string) => items.some((item) => item.id === id), [items]);

  return {
    items,
    add: (item) => browserCart().add(item),
    remove: (id) => browserCart().remove(id),
    clear: () => browserCart().clear(),
    has,
    totals,
    open,
    setOpen: (next) => browserCart().setOpen(next),
    currency,
    totalsIn: totalsInCurrency,
    tiers: tierState.tiers,
    tiersStatus: tierState.status,
    retryTiers: () => void browserTiers().load(true),
  };
}
