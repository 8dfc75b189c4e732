import { toCartItem, type CartItem } from "./cart-item.ts";

/** The storage key of the cart list (SPEC §3) and of the panel's open state. */
export const CART_KEY = "cart";
export const CART_OPEN_KEY = "cart_open";

export type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** What components read: replaced as a whole on every change, so React can compare by identity. */
export type CartSnapshot = { readonly items: readonly CartItem[]; readonly open: boolean };

export type CartStore = {
  getSnapshot(): CartSnapshot;
  subscribe(listener: () => void): () => void;
  /** Adds the photo and opens the panel; an id already in the cart is ignored (returns false). */
  add(item: CartItem): boolean;
  remove(id: string): void;
  /** Empties the cart and removes it from storage. */
  clear(): void;
  has(id: string): boolean;
  setOpen(open: boolean): void;
  /** Re-reads storage (another tab changed it). */
  reload(): void;
};

function readItems(storage: StorageLike | undefined): CartItem[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(CART_KEY) ?? "[]");
    if (!Array.isArray(parsed)) return [];
    const seen = new Set<string>();
    return parsed.map(toCartItem).filter((item): item is CartItem => {
      if (!item || seen.has(item.id)) return false;
      seen.add(item.id);
      return true;
    });
  } catch {
    return [];
  }
}

/**
 * The cart kept in local storage. Every change is written at once, so a reload,
 * another page or another visit sees the same cart and the same panel state.
 * Storage may be missing or full (private mode): the cart then lives in memory.
 */
export function createCartStore(storage: StorageLike | undefined): CartStore {
  let snapshot: CartSnapshot = { items: readItems(storage), open: storage?.getItem(CART_OPEN_KEY) === "1" };
  const listeners = new Set<() => void>();

  const write = (key: string, value: string | null) => {
    try {
      if (value === null) storage?.removeItem(key);
      else storage?.setItem(key, value);
    } catch {
      // Quota or privacy mode: keep going in memory.
    }
  };
  const update = (next: Partial<CartSnapshot>) => {
    snapshot = { ...snapshot, ...next };
    if (next.items) write(CART_KEY, next.items.length ? JSON.stringify(next.items) : null);
    if (next.open !== undefined) write(CART_OPEN_KEY, next.open ? "1" : "0");
    for (const listener of listeners) listener();
  };

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    add(item) {
      const clean = toCartItem(item);
      if (!clean || snapshot.items.some((i) => i.id === clean.id)) return false;
      update({ items: [...snapshot.items, clean], open: true });
      return true;
    },
    remove(id) {
      if (!snapshot.items.some((i) => i.id === id)) return;
      update({ items: snapshot.items.filter((i) => i.id !== id) });
    },
    clear() {
      update({ items: [] });
    },
    has: (id) => snapshot.items.some((i) => i.id === id),
    setOpen(open) {
      if (open !== snapshot.open) update({ open });
    },
    reload() {
      snapshot = { items: readItems(storage), open: storage?.getItem(CART_OPEN_KEY) === "1" };
      for (const listener of listeners) listener();
    },
  };
}
