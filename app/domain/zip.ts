import { STATE, type StateId } from "./order-states.ts";

/** A purchase offers one zip of its photos from this many (SPEC §5). */
export const ZIP_MIN_PHOTOS = 10;

/** Whether a purchase page shows the zip section: enough photos, paid, and the sale paid or closed (SPEC §5). */
export function zipOffered(purchase: { photos: number; paid: boolean; state: number }): boolean {
  const open: readonly StateId[] = [STATE.paid, STATE.closed];
  return purchase.photos >= ZIP_MIN_PHOTOS && purchase.paid && open.includes(purchase.state as StateId);
}
