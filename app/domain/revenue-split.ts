/**
 * How a paid sale is shared between partners (issue 20), in minor units, so
 * the parts always add up to what was received:
 *
 * 1. The provider's fee, when it reports one, comes off first (never more than was received).
 * 2. What is left is spread over the sale's photos in proportion to their
 *    list prices (weights), by largest remainder: each photo gets the whole
 *    minor units of its exact share, and the units left over go one each to
 *    the photos with the largest fractions (the earlier photo on a tie).
 *    Free photos weigh nothing: they earn nothing and count as downloads.
 * 3. Each photo's slice is cut by the shares in force when the sale was paid:
 *    the photographer's and the organiser's parts are rounded down to the
 *    minor unit and the shop's part is what remains. A photo nobody took (no
 *    photographer on record), or a race without organiser, leaves that part to the shop.
 *
 * Pure: the server stores what this returns (partners/settle.ts).
 */

/** Whole percents that add up to 100. */
export type SharePercents = { photographer: number; organizer: number; shop: number };

/** One photo of a sale, with the shares in force for its race when the sale was paid. */
export type SplitPhoto = {
  photoId: number;
  weight: number;
  free: boolean;
  photographerId: number | null;
  shares: SharePercents;
  organizerId: number | null;
};

export type SplitLine = {
  photoId: number;
  photographerId: number | null;
  organizerId: number | null;
  free: boolean;
  amount: number;
  photographerPart: number;
  organizerPart: number;
  shopPart: number;
};

export type ShareProblem = "notWhole" | "outOfRange" | "notHundred" | "organizerMissing";

/** Why a set of percents cannot be stored, or undefined when it can. */
export function shareProblem(shares: SharePercents, organizerId: number | null): ShareProblem | undefined {
  const values = [shares.photographer, shares.organizer, shares.shop];
  if (!values.every(Number.isInteger)) return "notWhole";
  if (!values.every((v) => v >= 0 && v <= 100)) return "outOfRange";
  if (values[0] + values[1] + values[2] !== 100) return "notHundred";
  if (shares.organizer > 0 && organizerId === null) return "organizerMissing";
  return undefined;
}

/** Spreads `total` over the weights by largest remainder; the result always adds up to `total`. */
export function spreadByWeight(total: number, weights: number[]): number[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + Math.max(0, b), 0);
  // Nothing to weigh by (a sale of photos without a price, like a pre-order's): equal slices.
  const w = sum > 0 ? weights.map((x) => Math.max(0, x)) : weights.map(() => 1);
  const whole = sum > 0 ? sum : weights.length;
  const sign = total < 0 ? -1 : 1;
  const abs = Math.abs(total);
  // Exact integer arithmetic: abs * w stays below 2^53 for any amount an order can hold.
  const base = w.map((x) => Math.floor((abs * x) / whole));
  const fractions = w.map((x, i) => ({ i, rest: (abs * x) % whole }));
  let left = abs - base.reduce((a, b) => a + b, 0);
  fractions.sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of fractions) {
    if (left === 0) break;
    if (w[i] === 0) continue;
    base[i]++;
    left--;
  }
  return base.map((x) => sign * x);
}

/** A paid sale's lines: `received` minus `fee`, spread over its photos and cut by each photo's shares. */
export function splitSale(input: { received: number; fee: number; photos: SplitPhoto[] }): SplitLine[] {
  const net = input.received - Math.min(Math.max(0, input.fee), input.received);
  const slices = spreadByWeight(
    net,
    input.photos.map((p) => (p.free ? 0 : p.weight)),
  );
  return input.photos.map((photo, i) => {
    const amount = slices[i];
    const photographerPart = photo.photographerId === null ? 0 : Math.floor((amount * photo.shares.photographer) / 100);
    const organizerPart = photo.organizerId === null ? 0 : Math.floor((amount * photo.shares.organizer) / 100);
    return {
      photoId: photo.photoId,
      photographerId: photo.photographerId,
      organizerId: photo.organizerId,
      // Given away: a free photo, or one without a price that brought nothing.
      free: photo.free || (photo.weight === 0 && amount === 0),
      amount,
      photographerPart,
      organizerPart,
      shopPart: amount - photographerPart - organizerPart,
    };
  });
}

/** A refund undoes exactly the parts its sale was split into. */
export function reverseLines(lines: SplitLine[]): SplitLine[] {
  return lines.map((l) => ({
    ...l,
    amount: -l.amount,
    photographerPart: -l.photographerPart,
    organizerPart: -l.organizerPart,
    shopPart: -l.shopPart,
  }));
}

export type ShareRecord = { id: number; raceId: number | null; organizerId: number | null; percents: SharePercents; createdAt: Date };

/**
 * The shares a sale paid at `at` is split by: the race's latest setting made
 * by then, else the shop-wide default of that moment. A change never reaches
 * back to sales paid before it.
 */
export function shareInForce(history: ShareRecord[], raceId: number | null, at: Date): ShareRecord | undefined {
  const latest = (rows: ShareRecord[]) =>
    rows
      .filter((r) => r.createdAt.getTime() <= at.getTime())
      .reduce<ShareRecord | undefined>(
        (best, r) =>
          !best || r.createdAt.getTime() > best.createdAt.getTime() || (r.createdAt.getTime() === best.createdAt.getTime() && r.id > best.id) ? r : best,
        undefined,
      );
  const defaults = history.filter((r) => r.raceId === null);
  return (
    (raceId === null ? undefined : latest(history.filter((r) => r.raceId === raceId))) ??
    latest(defaults) ??
    // A sale older than every default (data from before shares existed) takes the first one.
    defaults.reduce<ShareRecord | undefined>((first, r) => (!first || r.createdAt < first.createdAt ? r : first), undefined)
  );
}
