import { eq } from "drizzle-orm";
import type { SharePercents } from "../../domain/revenue-split.ts";
import { type Db, adminUsers } from "../db/index.ts";
import { DomainError } from "../errors.ts";
import {
  markPeriodPaid,
  organizerOptions,
  partnerStatement,
  statementLines,
  payoutLines,
  PERIOD,
  periodOverview,
  saveShares,
  shareSettings,
  type Period,
} from "../partners/index.ts";
import { type Operator, audit, forbidden, requireAdmin } from "../staff/index.ts";
import { raceHeader } from "./races.ts";
import { SHOP_ZONE } from "../../domain/shop-zone.ts";

/** This month of the shop's calendar, "YYYY-MM". */
export function currentPeriod(now = new Date()): Period {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone: SHOP_ZONE, year: "numeric", month: "2-digit" }).formatToParts(now);
  return `${parts.find((p) => p.type === "year")!.value}-${parts.find((p) => p.type === "month")!.value}`;
}

/** The shares screen of a race, or of the shop when `raceId` is null: what is in force, its history, the organisers to pick from. */
export async function sharesScreen(db: Db, op: Operator, raceId: number | null) {
  requireAdmin(op);
  const race = raceId === null ? null : await raceHeader(db, op, raceId);
  const history = await shareSettings(db, raceId);
  const shopDefault = raceId === null ? history : await shareSettings(db, null);
  return { race, history, inForce: history[0] ?? shopDefault[0] ?? null, ownSetting: history.length > 0, organizers: await organizerOptions(db) };
}

export async function setShares(db: Db, op: Operator, raceId: number | null, input: { organizerId: number | null; percents: SharePercents }) {
  requireAdmin(op);
  if (raceId !== null) await raceHeader(db, op, raceId);
  const id = await saveShares(db, { raceId, organizerId: input.organizerId, percents: input.percents, setBy: op.id });
  await audit(db, op, "shares.set", { raceId, organizerId: input.organizerId, ...input.percents });
  return id;
}

/**
 * A partner's statement. Photographers and organisers see only their own
 * (asking for another's is refused); admins see anyone's.
 */
export async function statementScreen(db: Db, op: Operator, partnerId: number | undefined) {
  const id = partnerId ?? op.id;
  if (op.role !== "admin" && id !== op.id) throw forbidden();
  const [partner] = await db
    .select({ id: adminUsers.id, email: adminUsers.email, name: adminUsers.name, role: adminUsers.role, payoutDetails: adminUsers.payoutDetails })
    .from(adminUsers)
    .where(eq(adminUsers.id, id));
  if (!partner) throw new DomainError("NotFound", "payoutsPartner");
  return { partner, ...(await partnerStatement(db, id)) };
}

/** A statement's lines by month and race, for its CSV (the same access as the statement). */
export async function statementCsv(db: Db, op: Operator, partnerId: number | undefined) {
  const { partner } = await statementScreen(db, op, partnerId);
  return statementLines(db, partner.id);
}

/** Every partner's month, for admins. */
export async function overviewScreen(db: Db, op: Operator, period: Period) {
  requireAdmin(op);
  if (!PERIOD.test(period)) throw new DomainError("Invalid", "payoutsPeriod");
  return { period, ...(await periodOverview(db, period)) };
}

export async function markPaid(db: Db, op: Operator, input: { partnerId: number; period: Period; reference: string }) {
  requireAdmin(op);
  const paid = await markPeriodPaid(db, { ...input, paidBy: op.id });
  await audit(db, op, "payout.mark", { ...input, paid });
  return paid;
}

export async function payoutFile(db: Db, op: Operator, period: Period) {
  requireAdmin(op);
  const lines = await payoutLines(db, period);
  await audit(db, op, "payouts.export", { period, lines: lines.length });
  return lines;
}
