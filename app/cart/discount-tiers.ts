import type { DiscountTier } from "../domain/pricing.ts";

/** The discount file's URL; the version query lets a new file through any cache (SPEC §7). */
export const TIERS_URL = "/fake-api/descuentos.json?v=1";

export type TiersState = { readonly tiers: DiscountTier[]; readonly status: "idle" | "loading" | "ready" | "error" };

/** `[{ id, cantidad, descuento }]` → the pricing rules' tiers; anything malformed is dropped. */
export function parseTiers(body: unknown): DiscountTier[] {
  if (!Array.isArray(body)) throw new Error("descuentos.json is not a list");
  return body
    .filter((t): t is { cantidad: number; descuento: number } => Number.isFinite(t?.cantidad) && Number.isFinite(t?.descuento))
    .map((t) => ({ minQuantity: t.cantidad, percent: t.descuento }));
}

/**
 * The quantity-discount tiers, fetched once when the cart starts (SPEC §7). A
 * failed load is logged as the spec says and can be retried; until then the
 * cart simply shows no discount.
 */
export function createTiersStore(fetcher: (url: string) => Promise<Response> = (url) => fetch(url)) {
  let state: TiersState = { tiers: [], status: "idle" };
  const listeners = new Set<() => void>();
  const set = (next: TiersState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  let pending: Promise<DiscountTier[]> | undefined;

  return {
    getSnapshot: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Starts the load unless it ran or is running; `force` retries after a failure. */
    load(force = false): Promise<DiscountTier[]> {
      if (pending && !(force && state.status === "error")) return pending;
      set({ tiers: state.tiers, status: "loading" });
      pending = fetcher(TIERS_URL)
        .then(async (response) => {
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          const tiers = parseTiers(await response.json());
          set({ tiers, status: "ready" });
          return tiers;
        })
        .catch((error: unknown) => {
          console.error("Error fetching discounts", error);
          set({ tiers: state.tiers, status: "error" });
          return state.tiers;
        });
      return pending;
    },
  };
}

export type TiersStore = ReturnType<typeof createTiersStore>;
