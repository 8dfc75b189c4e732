import { createCartStore, CART_KEY, CART_OPEN_KEY, type CartSnapshot, type CartStore } from "./cart-store.ts";
import { createTiersStore, type TiersState, type TiersStore } from "./discount-tiers.ts";

// One cart and one tier list per browser tab, created on first use. On the
// server there is no local storage: pages render an empty, closed cart and the
// browser fills it in after hydration.

let cart: CartStore | undefined;
let tiers: TiersStore | undefined;

function localStorageOrUndefined(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // blocked by privacy settings
  }
}

export function browserCart(): CartStore {
  if (!cart) {
    cart = createCartStore(localStorageOrUndefined());
    // Another tab changed the cart: follow it.
    window.addEventListener("storage", (event) => {
      if (event.key === CART_KEY || event.key === CART_OPEN_KEY || event.key === null) cart?.reload();
    });
  }
  return cart;
}

export function browserTiers(): TiersStore {
  tiers ??= createTiersStore();
  return tiers;
}

export const SERVER_CART: CartSnapshot = { items: [], open: false };
export const SERVER_TIERS: TiersState = { tiers: [], status: "idle" };
