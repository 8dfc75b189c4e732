import { eq } from "drizzle-orm";
import type { Currency } from "../../domain/money.ts";
import { inTransaction, type Db, adminUsers, payouts } from "../db/index.ts";
import { invalid, notFound } from "../errors.ts";
import { PERIOD, periodOverview, type Period } from "./statements.ts";

export type PayoutInput = { partnerId: number; period: Period; reference: string; paidBy: number };

/**
 * Marks what a partner earned in a month as paid, per currency, with the
 * transfer's reference: the amounts are the month's earnings now. A currency
 * already paid for that month, or with nothing owed, is left alone.
 */
export async function markPeriodPaid(db: Db, input: PayoutInput): Promise<{ currency: Currency; amount: number }[]> {
  const reference = input.reference.trim();
  if (!PERIOD.test(input.period)) throw invalid("payoutsPeriod");
  if (reference.length === 0 || reference.length > 120) throw invalid("payoutsReference");
  const [partner] = await db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.id, input.partnerId));
  if (!partner) throw notFound("payoutsPartner");
  return inTransaction(db, async (tx) => {
    const { partners } = await periodOverview(tx, input.period);
    const row = partners.find((p) => p.partnerId === input.partnerId);
    const owed = (["ARS", "USD"] as const)
      .map((currency) => ({ currency, amount: currency === "ARS" ? (row?.ars ?? 0) : (row?.usd ?? 0) }))
      .filter((o) => o.amount > 0 && !row?.paid[o.currency]);
    if (owed.length === 0) throw invalid("payoutsNothingDue");
    const written = await tx
      .insert(payouts)
      .values(owed.map((o) => ({ partnerId: input.partnerId, period: input.period, currency: o.currency, amount: o.amount, reference, paidBy: input.paidBy })))
      .onConflictDoNothing()
      .returning({ currency: payouts.currency, amount: payouts.amount });
    return written;
  });
}

/** The payout file of a month: one line per partner and currency still owed, with where to pay it. */
export async function payoutLines(db: Db, period: Period) {
  if (!PERIOD.test(period)) throw invalid("payoutsPeriod");
  const { partners } = await periodOverview(db, period);
  return partners.flatMap((p) =>
    (["ARS", "USD"] as const)
      .map((currency) => ({ currency, amount: currency === "ARS" ? p.ars : p.usd }))
      .filter((o) => o.amount > 0 && !p.paid[o.currency])
      .map((o) => ({ period, partnerId: p.partnerId, name: p.name, email: p.email, role: p.role, payoutDetails: p.payoutDetails, ...o })),
  );
}
