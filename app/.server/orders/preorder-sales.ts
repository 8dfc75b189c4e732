import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { parseRunnerNumber } from "../../domain/bibs.ts";
import { isPaidState, STATE } from "../../domain/order-states.ts";
import { COLLECTING, dniAsBib } from "../tagging/index.ts";
import { randomCode } from "../random-code.ts";
import { inTransaction, orderPhotos, orders, preorders } from "../db/index.ts";
import { isDomainError } from "../errors.ts";
import { findSellingRace, runnerPhotos, stillForSale } from "../pricing/index.ts";
import type { OrderDeps } from "./deps.ts";
import { queueDelivery } from "./jobs.ts";
import { moveOrder, movePreorder, recordCreated } from "./state-machine.ts";

export type ConversionReport = {
  /** Sales created now. */
  converted: number;
  /** Paid pre-orders whose runner has no published photo yet. */
  waiting: number;
  /** Photos added to sales made earlier (tagged after them). */
  added: number;
};

/**
 * One runner's paid pre-orders of one race and their photos, made to agree:
 * a pre-order without a sale gets one (every visible photo of the bib, at 0,
 * already paid for) which becomes its `codigo_venta` and is delivered by
 * e-mail once; a pre-order with a sale gets the photos tagged since added to
 * that same sale. Safe to run any number of times, also two at once.
 */
export async function syncPreorderBib(deps: OrderDeps, raceId: number, bib: number): Promise<ConversionReport> {
  const report: ConversionReport = { converted: 0, waiting: 0, added: 0 };
  let race;
  try {
    race = await findSellingRace(deps.db, raceId);
  } catch (error) {
    // Not on sale yet: publishing the race runs this for every pre-order.
    if (isDomainError(error)) return report;
    throw error;
  }
  const collecting = await deps.db
    .select({ id: preorders.id, orderId: preorders.orderId })
    .from(preorders)
    .where(and(eq(preorders.raceId, race.id), inArray(preorders.state, COLLECTING), eq(dniAsBib, String(bib))));
  if (collecting.length === 0) return report;
  const list = await runnerPhotos(deps.db, race.id, bib);
  if (list.length === 0) {
    report.waiting += collecting.filter((p) => p.orderId === null).length;
    return report;
  }
  for (const { id } of collecting) {
    await inTransaction(deps.db, async (tx) => {
      const [preorder] = await tx.select().from(preorders).where(eq(preorders.id, id)).for("update");
      if (!preorder) return;
      // A photo deleted or hidden since the list was read is left out; the rest cannot be deleted until this commits.
      const selling = await stillForSale(
        tx,
        list.map((photo) => photo.id),
      );
      const photosNow = list.filter((photo) => selling.has(photo.id));
      if (photosNow.length === 0) return;
      if (preorder.orderId === null) {
        if (preorder.state !== STATE.paid) return;
        const [order] = await tx
          .insert(orders)
          .values({
            publicId: randomCode(16),
            customerId: preorder.customerId,
            kind: "fullset",
            raceId: race.id,
            fullsetBib: bib,
            currency: preorder.currency,
            subtotal: 0,
            total: 0,
            provider: "preorder",
            cartHash: `preorder:${preorder.publicId}`,
            lang: preorder.lang,
          })
          .returning();
        await tx.insert(orderPhotos).values(photosNow.map((photo) => ({ orderId: order.id, photoId: photo.id, price: 0 })));
        await recordCreated(tx, { orderId: order.id }, { code: "fromPreorder", preorder: preorder.publicId });
        // Linked before it is paid: its partners' split takes the pre-payment as what was received.
        await tx.update(preorders).set({ orderId: order.id }).where(eq(preorders.id, preorder.id));
        await moveOrder(tx, order.id, STATE.paid, { code: "paidByPreorder", preorder: preorder.publicId });
        await movePreorder(tx, preorder.id, STATE.closed, { code: "sale", order: order.publicId });
        // The delivery job e-mails the runner the link, once per sale.
        await queueDelivery(tx, order.id);
        report.converted++;
        return;
      }
      const [order] = await tx.select().from(orders).where(eq(orders.id, preorder.orderId)).for("update");
      // A sale refunded or cancelled by hand gets nothing more.
      if (!order || !isPaidState(order.state)) return;
      const added = await tx
        .insert(orderPhotos)
        .values(photosNow.map((photo) => ({ orderId: order.id, photoId: photo.id, price: 0 })))
        .onConflictDoNothing()
        .returning({ photoId: orderPhotos.photoId });
      if (added.length === 0) return;
      // A zip made before these photos lacks them: the next request builds a new one.
      await tx.update(orders).set({ zipKey: null, zipProgress: null, updatedAt: new Date() }).where(eq(orders.id, order.id));
      report.added += added.length;
    });
  }
  return report;
}

/**
 * Every paid pre-order of a race, synced bib by bib (when the race is
 * published, and by the back office): see `syncPreorderBib`.
 */
export async function convertPaidPreorders(deps: OrderDeps, raceId: number): Promise<ConversionReport> {
  const race = await findSellingRace(deps.db, raceId);
  const rows = await deps.db
    .select({ dni: preorders.dni, orderId: preorders.orderId })
    .from(preorders)
    .where(and(eq(preorders.raceId, race.id), inArray(preorders.state, COLLECTING)));
  const total: ConversionReport = { converted: 0, waiting: 0, added: 0 };
  const bibs = new Set<number>();
  for (const row of rows) {
    const bib = parseRunnerNumber(row.dni);
    // An ID number that is no bib: nothing to find by it (the back office can still sell by hand).
    if (bib === undefined) {
      if (row.orderId === null) total.waiting++;
      continue;
    }
    bibs.add(bib);
  }
  for (const bib of bibs) {
    const report = await syncPreorderBib(deps, race.id, bib);
    total.converted += report.converted;
    total.waiting += report.waiting;
    total.added += report.added;
  }
  return total;
}

const syncPayload = z.object({ raceId: z.number().int(), bib: z.number().int().positive() });

export const preorderSyncJob = (deps: OrderDeps) => async (payload: unknown) => {
  const { raceId, bib } = syncPayload.parse(payload);
  await syncPreorderBib(deps, raceId, bib);
};
