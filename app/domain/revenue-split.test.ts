import { describe, expect, it } from "vitest";
import {
  reverseLines,
  shareInForce,
  shareProblem,
  splitSale,
  spreadByWeight,
  type SharePercents,
  type ShareRecord,
  type SplitLine,
  type SplitPhoto,
} from "./revenue-split.ts";

const seventyThirty = { photographer: 70, organizer: 0, shop: 30 };
type Sale = { received: number; fee: number; shares: SharePercents; organizerId: number | null; photos: Omit<SplitPhoto, "shares" | "organizerId">[] };
/** One race's sale: every photo cut by the same shares. */
const split = ({ shares, organizerId, photos, ...money }: Sale) => splitSale({ ...money, photos: photos.map((p) => ({ ...p, shares, organizerId })) });
const partsAddUp = (lines: SplitLine[]) => lines.every((l) => l.photographerPart + l.organizerPart + l.shopPart === l.amount);
const total = (lines: SplitLine[]) => lines.reduce((sum, l) => sum + l.amount, 0);

describe("spreadByWeight", () => {
  it("always adds up to the total, giving left-over units to the largest fractions", () => {
    expect(spreadByWeight(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(spreadByWeight(10, [1, 2])).toEqual([3, 7]);
    for (const amount of [1, 7, 999, 123_457, 10_000_001]) {
      const weights = [150_000, 150_000, 99_999, 1, 0, 42];
      const parts = spreadByWeight(amount, weights);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(amount);
      expect(parts[4]).toBe(0);
    }
  });

  it("spreads equally when nothing has a weight (a pre-order's photos)", () => {
    expect(spreadByWeight(10, [0, 0, 0])).toEqual([4, 3, 3]);
  });

  it("keeps the sign of a negative total", () => {
    expect(spreadByWeight(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
  });
});

describe("splitSale", () => {
  it("spreads a bundle over its photos in proportion to their list prices", () => {
    // Three photos at 1,000 and 2,000 and 1,000 sold as a bundle for 3,400 (15 % off).
    const lines = split({
      received: 340_000,
      fee: 0,
      shares: seventyThirty,
      organizerId: null,
      photos: [
        { photoId: 1, weight: 100_000, free: false, photographerId: 7 },
        { photoId: 2, weight: 200_000, free: false, photographerId: 8 },
        { photoId: 3, weight: 100_000, free: false, photographerId: 7 },
      ],
    });
    expect(lines.map((l) => l.amount)).toEqual([85_000, 170_000, 85_000]);
    expect(lines.map((l) => l.photographerPart)).toEqual([59_500, 119_000, 59_500]);
    expect(lines.map((l) => l.shopPart)).toEqual([25_500, 51_000, 25_500]);
  });

  it("spreads a full set over every photo and the parts add up to the cent", () => {
    const photos = Array.from({ length: 7 }, (_, i) => ({ photoId: i + 1, weight: 150_000, free: false, photographerId: i % 2 ? 5 : 6 }));
    const lines = split({ received: 999_99, fee: 0, shares: { photographer: 65, organizer: 10, shop: 25 }, organizerId: 9, photos });
    expect(total(lines)).toBe(999_99);
    expect(partsAddUp(lines)).toBe(true);
    // Photographer and organiser round down; the shop takes what rounding leaves.
    for (const l of lines) {
      expect(l.photographerPart).toBe(Math.floor((l.amount * 65) / 100));
      expect(l.organizerPart).toBe(Math.floor((l.amount * 10) / 100));
      expect(l.organizerId).toBe(9);
    }
  });

  it("takes the provider's fee off before splitting", () => {
    const lines = split({
      received: 10_000,
      fee: 599,
      shares: seventyThirty,
      organizerId: null,
      photos: [{ photoId: 1, weight: 10_000, free: false, photographerId: 3 }],
    });
    expect(lines[0]).toMatchObject({ amount: 9_401, photographerPart: 6_580, shopPart: 2_821 });
  });

  it("gives the photographer's part of an unattributed photo, and an absent organiser's, to the shop", () => {
    const [line] = split({
      received: 1_000,
      fee: 0,
      shares: { photographer: 60, organizer: 0, shop: 40 },
      organizerId: null,
      photos: [{ photoId: 1, weight: 1, free: false, photographerId: null }],
    });
    expect(line).toMatchObject({ amount: 1_000, photographerPart: 0, organizerPart: 0, shopPart: 1_000 });
  });

  it("lets free photos earn nothing and counts them as downloads", () => {
    const lines = split({
      received: 2_000,
      fee: 0,
      shares: seventyThirty,
      organizerId: null,
      photos: [
        { photoId: 1, weight: 0, free: true, photographerId: 3 },
        { photoId: 2, weight: 2_000, free: false, photographerId: 3 },
      ],
    });
    expect(lines[0]).toMatchObject({ free: true, amount: 0, photographerPart: 0 });
    expect(lines[1]).toMatchObject({ free: false, amount: 2_000, photographerPart: 1_400 });
    const freeOrder = split({
      received: 0,
      fee: 0,
      shares: seventyThirty,
      organizerId: null,
      photos: [{ photoId: 1, weight: 0, free: true, photographerId: 3 }],
    });
    expect(freeOrder[0]).toMatchObject({ free: true, amount: 0 });
  });

  it("never lets a fee exceed what was received", () => {
    const lines = split({
      received: 100,
      fee: 500,
      shares: seventyThirty,
      organizerId: null,
      photos: [{ photoId: 1, weight: 1, free: false, photographerId: 1 }],
    });
    expect(lines[0].amount).toBe(0);
  });

  it("adds up in either currency, whatever the amount", () => {
    for (const received of [1, 3, 101, 33_333, 1_234_567]) {
      const lines = split({
        received,
        fee: 0,
        shares: { photographer: 33, organizer: 33, shop: 34 },
        organizerId: 2,
        photos: [1, 2, 3].map((photoId) => ({ photoId, weight: photoId * 333, free: false, photographerId: photoId })),
      });
      expect(total(lines)).toBe(received);
      expect(partsAddUp(lines)).toBe(true);
    }
  });
  it("cuts each photo of a cart by its own race's shares", () => {
    const lines = splitSale({
      received: 2_000,
      fee: 0,
      photos: [
        { photoId: 1, weight: 1_000, free: false, photographerId: 1, shares: seventyThirty, organizerId: null },
        { photoId: 2, weight: 1_000, free: false, photographerId: 2, shares: { photographer: 50, organizer: 20, shop: 30 }, organizerId: 9 },
      ],
    });
    expect(lines[0]).toMatchObject({ amount: 1_000, photographerPart: 700, organizerPart: 0, shopPart: 300, organizerId: null });
    expect(lines[1]).toMatchObject({ amount: 1_000, photographerPart: 500, organizerPart: 200, shopPart: 300, organizerId: 9 });
  });
});

describe("reverseLines", () => {
  it("undoes a refunded sale's parts exactly", () => {
    const sale = split({
      received: 12_345,
      fee: 45,
      shares: { photographer: 65, organizer: 5, shop: 30 },
      organizerId: 4,
      photos: [
        { photoId: 1, weight: 3, free: false, photographerId: 1 },
        { photoId: 2, weight: 4, free: false, photographerId: 2 },
      ],
    });
    const refund = reverseLines(sale);
    for (const key of ["amount", "photographerPart", "organizerPart", "shopPart"] as const) {
      expect(sale.reduce((s, l) => s + l[key], 0) + refund.reduce((s, l) => s + l[key], 0)).toBe(0);
    }
    expect(partsAddUp(refund)).toBe(true);
  });
});

describe("shareProblem", () => {
  it("accepts whole percents from 0 to 100 that add up to 100", () => {
    expect(shareProblem({ photographer: 70, organizer: 0, shop: 30 }, null)).toBeUndefined();
    expect(shareProblem({ photographer: 65, organizer: 10, shop: 25 }, 3)).toBeUndefined();
    expect(shareProblem({ photographer: 0, organizer: 0, shop: 100 }, null)).toBeUndefined();
  });

  it("names what is wrong", () => {
    expect(shareProblem({ photographer: 70.5, organizer: 0, shop: 29.5 }, null)).toBe("notWhole");
    expect(shareProblem({ photographer: 120, organizer: -20, shop: 0 }, 1)).toBe("outOfRange");
    expect(shareProblem({ photographer: 70, organizer: 10, shop: 30 }, 1)).toBe("notHundred");
    expect(shareProblem({ photographer: 60, organizer: 10, shop: 30 }, null)).toBe("organizerMissing");
  });
});

describe("shareInForce", () => {
  const at = (iso: string) => new Date(iso);
  const record = (id: number, raceId: number | null, createdAt: string, photographer: number): ShareRecord => ({
    id,
    raceId,
    organizerId: null,
    percents: { photographer, organizer: 0, shop: 100 - photographer },
    createdAt: at(createdAt),
  });
  const history = [
    record(1, null, "2000-01-01T00:00:00Z", 70),
    record(2, 8, "2026-03-01T12:00:00Z", 65),
    record(3, 8, "2026-03-10T12:00:00Z", 60),
    record(4, null, "2026-03-05T00:00:00Z", 75),
  ];

  it("applies a race's change mid-race only to sales paid after it", () => {
    expect(shareInForce(history, 8, at("2026-03-01T11:59:59Z"))?.id).toBe(1);
    expect(shareInForce(history, 8, at("2026-03-05T00:00:00Z"))?.id).toBe(2);
    expect(shareInForce(history, 8, at("2026-03-10T12:00:00Z"))?.id).toBe(3);
  });

  it("uses the shop-wide default of the moment for a race without its own", () => {
    expect(shareInForce(history, 9, at("2026-03-04T00:00:00Z"))?.id).toBe(1);
    expect(shareInForce(history, 9, at("2026-03-06T00:00:00Z"))?.id).toBe(4);
    expect(shareInForce(history, null, at("2026-04-01T00:00:00Z"))?.id).toBe(4);
  });

  it("falls back to the first default for a sale older than every setting", () => {
    expect(shareInForce(history, 8, at("1999-01-01T00:00:00Z"))?.id).toBe(1);
  });
});
