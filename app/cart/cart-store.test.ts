import { describe, expect, it, vi } from "vitest";
import type { CartItem } from "./cart-item.ts";
import { totalsIn } from "./cart-item.ts";
import { CART_KEY, CART_OPEN_KEY, createCartStore, type StorageLike } from "./cart-store.ts";
import { createTiersStore, parseTiers } from "./discount-tiers.ts";

/** A Map-backed stand-in for window.localStorage. */
function fakeStorage(initial: Record<string, string> = {}): StorageLike & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, String(value)),
    removeItem: (key) => void data.delete(key),
  };
}

const photo = (id: string, over: Partial<CartItem> = {}): CartItem => ({
  id,
  free: "0",
  precio_arg: 5000,
  descuento_arg: 0,
  precio_usd: 5,
  descuento_usd: 0,
  ...over,
});

const TIERS = [
  { minQuantity: 3, percent: 15 },
  { minQuantity: 5, percent: 20 },
  { minQuantity: 8, percent: 25 },
];

describe("cart store", () => {
  it("adds a photo, saves it and opens the panel", () => {
    const storage = fakeStorage();
    const cart = createCartStore(storage);
    expect(cart.add(photo("a"))).toBe(true);
    expect(cart.getSnapshot().items.map((i) => i.id)).toEqual(["a"]);
    expect(cart.getSnapshot().open).toBe(true);
    expect(JSON.parse(storage.data.get(CART_KEY)!)).toEqual([expect.objectContaining({ id: "a", free: "0", precio_arg: 5000 })]);
    expect(storage.data.get(CART_OPEN_KEY)).toBe("1");
  });

  it("ignores an id that is already in the cart", () => {
    const cart = createCartStore(fakeStorage());
    cart.add(photo("a"));
    const before = cart.getSnapshot();
    expect(cart.add(photo("a", { precio_arg: 1 }))).toBe(false);
    expect(cart.getSnapshot()).toBe(before);
    expect(cart.getSnapshot().items).toHaveLength(1);
  });

  it("removes by id and tells its listeners", () => {
    const storage = fakeStorage();
    const cart = createCartStore(storage);
    cart.add(photo("a"));
    cart.add(photo("b"));
    const listener = vi.fn();
    cart.subscribe(listener);
    cart.remove("a");
    expect(cart.getSnapshot().items.map((i) => i.id)).toEqual(["b"]);
    expect(cart.has("a")).toBe(false);
    expect(cart.has("b")).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(JSON.parse(storage.data.get(CART_KEY)!).map((i: CartItem) => i.id)).toEqual(["b"]);
    cart.remove("missing");
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("clear empties the cart and its storage", () => {
    const storage = fakeStorage();
    const cart = createCartStore(storage);
    cart.add(photo("a"));
    cart.clear();
    expect(cart.getSnapshot().items).toEqual([]);
    expect(storage.data.has(CART_KEY)).toBe(false);
  });

  it("persists items and the panel state across visits", () => {
    const storage = fakeStorage();
    const first = createCartStore(storage);
    first.add(photo("a", { free: 1 }));
    first.add(photo("b", { src_thumb: "/t.webp", race: "tetra" }));
    first.setOpen(false);
    const second = createCartStore(storage);
    expect(second.getSnapshot().items.map((i) => [i.id, i.free])).toEqual([
      ["a", 1],
      ["b", "0"],
    ]);
    expect(second.getSnapshot().items[1]).toMatchObject({ src_thumb: "/t.webp", race: "tetra" });
    expect(second.getSnapshot().open).toBe(false);
    second.setOpen(true);
    expect(createCartStore(storage).getSnapshot().open).toBe(true);
  });

  it("survives broken storage content and a storage that throws", () => {
    expect(createCartStore(fakeStorage({ [CART_KEY]: "{not json" })).getSnapshot().items).toEqual([]);
    const junk = JSON.stringify([{ id: "" }, { id: "x", free: "1" }, photo("ok"), photo("ok")]);
    expect(
      createCartStore(fakeStorage({ [CART_KEY]: junk }))
        .getSnapshot()
        .items.map((i) => i.id),
    ).toEqual(["ok"]);
    const throwing: StorageLike = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => {},
    };
    const cart = createCartStore(throwing);
    expect(cart.add(photo("a"))).toBe(true);
    expect(cart.has("a")).toBe(true);
    expect(createCartStore(undefined).getSnapshot()).toEqual({ items: [], open: false });
  });
});

describe("cart totals", () => {
  it("applies the 15 % tier at 3 paid photos, in pesos and in dollars", () => {
    const items = [photo("a"), photo("b"), photo("c", { descuento_arg: 3500, descuento_usd: 3 })];
    const ars = totalsIn(items, TIERS, "ARS");
    expect(ars).toMatchObject({ count: 3, paidCount: 3, discountPercent: 15, subtotal: 1_350_000, currency: "ARS" });
    expect(ars.total).toBe(1_147_500); // 13.500 − 15 % = 11.475
    const usd = totalsIn(items, TIERS, "USD");
    expect(usd).toMatchObject({ subtotal: 1300, discountPercent: 15, total: 1100 }); // 13 − 15 % = 11.05 → 11
  });

  it("does not count free photos towards a tier", () => {
    const items = [photo("a"), photo("b"), photo("f", { free: "1" }), photo("g", { free: 1 })];
    const totals = totalsIn(items, TIERS, "ARS");
    expect(totals).toMatchObject({ count: 4, paidCount: 2, discountPercent: 0, subtotal: 1_000_000, total: 1_000_000 });
  });

  it("uses the highest tier met", () => {
    const items = ["a", "b", "c", "d", "e"].map((id) => photo(id));
    expect(totalsIn(items, TIERS, "USD")).toMatchObject({ discountPercent: 20, subtotal: 2500, total: 2000 });
    expect(totalsIn([], TIERS, "ARS")).toMatchObject({ count: 0, total: 0, discountPercent: 0 });
  });
});

describe("discount tiers", () => {
  it("reads the spec's file shape", () => {
    expect(parseTiers([{ id: 1, cantidad: 3, descuento: 15 }, { id: 2 }])).toEqual([{ minQuantity: 3, percent: 15 }]);
    expect(() => parseTiers({})).toThrow();
  });

  it("loads once, logs a failure and retries on demand", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    let calls = 0;
    const store = createTiersStore(async () => {
      calls++;
      if (calls === 1) throw new TypeError("network down");
      return new Response(JSON.stringify([{ id: 1, cantidad: 3, descuento: 15 }]));
    });
    await store.load();
    expect(store.getSnapshot().status).toBe("error");
    expect(error).toHaveBeenCalledWith("Error fetching discounts", expect.any(TypeError));
    await store.load();
    expect(calls).toBe(1);
    await store.load(true);
    expect(store.getSnapshot()).toEqual({ tiers: [{ minQuantity: 3, percent: 15 }], status: "ready" });
    await store.load(true);
    expect(calls).toBe(2);
    error.mockRestore();
  });
});

describe("price tags and cart items", async () => {
  const { priceTag, cartItemOf } = await import("./cart-item.ts");
  it("shows the sale price with the list price struck through, and free photos as free", () => {
    expect(priceTag(photo("a", { descuento_arg: 3500 }), "ARS")).toEqual({ free: false, pay: 350_000, list: 500_000, onSale: true });
    expect(priceTag(photo("a", { descuento_arg: 3500 }), "USD")).toEqual({ free: false, pay: 500, list: 500, onSale: false });
    expect(priceTag(photo("f", { free: "1", descuento_usd: 3 }), "USD")).toMatchObject({ free: true, pay: 0, onSale: false });
  });
  it("keeps the spec fields and the display hints of a photo", () => {
    const item = cartItemOf(
      { ...photo("a"), id_photo: "IMG_1", fechahora: "2025-03-15 08:00:00", src_thumb: "/t.webp", width: 480, height: 320, free: "0" },
      "tetra",
    );
    expect(item).toEqual({ ...photo("a"), id_photo: "IMG_1", fechahora: "2025-03-15 08:00:00", src_thumb: "/t.webp", width: 480, height: 320, race: "tetra" });
  });
});
