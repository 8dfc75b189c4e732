import { and, asc, eq, inArray, ne, or } from "drizzle-orm";
import { z } from "zod";
import { type Db, adminSessions, adminUsers, inTransaction, raceAssignments, refuseUnique, races } from "../db/index.ts";
import { DomainError, invalid } from "../errors.ts";
import { dbId, emailField } from "../../domain/fields.ts";
import type { Role } from "./accounts.ts";
import { audit } from "./audit.ts";
import { requireAdmin, type Operator } from "./operator.ts";
import { generatePassword, hashPassword, verifyPassword } from "./passwords.ts";
import { closeSessionsOf } from "./sessions.ts";

export type OperatorRow = {
  id: number;
  email: string;
  name: string;
  role: Role;
  disabled: boolean;
  createdAt: Date;
  raceIds: number[];
  payoutDetails: string;
};

/** Where a partner is paid (bank, account, alias): free text for the payout file. */
const payoutDetails = z.string().trim().max(500).default("");

export const inviteSchema = z.object({
  email: emailField.transform((email) => email.toLowerCase()),
  name: z.string().trim().max(120).default(""),
  role: z.enum(["admin", "photographer", "organizer"]),
  raceIds: z.array(dbId).default([]),
  payoutDetails: payoutDetails,
});
export type InviteInput = z.input<typeof inviteSchema>;

export const updateOperatorSchema = z.object({
  name: z.string().trim().max(120).default(""),
  role: z.enum(["admin", "photographer", "organizer"]),
  raceIds: z.array(dbId).default([]),
  payoutDetails: payoutDetails,
  disabled: z.boolean().default(false),
});
export type UpdateOperatorInput = z.input<typeof updateOperatorSchema>;

export async function listOperators(db: Db, op: Operator): Promise<OperatorRow[]> {
  requireAdmin(op);
  const rows = await db.select().from(adminUsers).orderBy(asc(adminUsers.email));
  const assignments = await db.select().from(raceAssignments);
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    role: r.role,
    disabled: Boolean(r.disabledAt),
    createdAt: r.createdAt,
    raceIds: assignments.filter((a) => a.adminId === r.id).map((a) => a.raceId),
    payoutDetails: r.payoutDetails,
  }));
}

async function setAssignments(db: Db, adminId: number, raceIds: number[]): Promise<void> {
  await db.delete(raceAssignments).where(eq(raceAssignments.adminId, adminId));
  if (!raceIds.length) return;
  const known = await db.select({ id: races.id }).from(races).where(inArray(races.id, raceIds));
  if (known.length) await db.insert(raceAssignments).values(known.map((r) => ({ adminId, raceId: r.id })));
}

/** Creates an operator with a one-time password that the inviting admin passes on (or that is e-mailed). */
export async function inviteOperator(db: Db, op: Operator, input: InviteInput): Promise<{ id: number; email: string; password: string }> {
  requireAdmin(op);
  const data = inviteSchema.parse(input);
  const [existing] = await db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.email, data.email));
  const exists = () => new DomainError("Conflict", "operatorExists", { email: data.email });
  if (existing) throw exists();
  const password = generatePassword();
  const [row] = await db
    .insert(adminUsers)
    .values({ email: data.email, name: data.name, role: data.role, payoutDetails: data.payoutDetails, passwordHash: await hashPassword(password) })
    .returning({ id: adminUsers.id })
    // Invited twice at once (a double-clicked form): the second is told as the check would have.
    .catch(refuseUnique("admin_users_email_key", exists));
  await setAssignments(db, row.id, data.role === "photographer" ? data.raceIds : []);
  await audit(db, op, "operator.invite", { operatorId: row.id, email: data.email, role: data.role, raceIds: data.raceIds });
  return { id: row.id, email: data.email, password };
}

export async function updateOperator(db: Db, op: Operator, id: number, input: UpdateOperatorInput): Promise<void> {
  requireAdmin(op);
  const data = updateOperatorSchema.parse(input);
  // An admin cannot lock themselves out by accident.
  if (id === op.id && (data.disabled || data.role !== "admin")) throw invalid("cannotDemoteSelf");
  const before = await inTransaction(db, async (tx) => {
    // The admins and this operator locked, in id order: two saves of one operator take turns (its races are one
    // save's list, whole), and two admins demoting each other at once cannot leave the shop without one.
    const locked = await tx
      .select()
      .from(adminUsers)
      .where(or(eq(adminUsers.role, "admin"), eq(adminUsers.id, id)))
      .orderBy(asc(adminUsers.id))
      .for("update");
    if ((data.role !== "admin" || data.disabled) && !locked.some((a) => a.role === "admin" && a.id !== id)) throw invalid("lastAdmin");
    const row = locked.find((a) => a.id === id);
    if (!row) throw new DomainError("NotFound", "notFound");
    await tx
      .update(adminUsers)
      .set({ name: data.name, role: data.role, payoutDetails: data.payoutDetails, disabledAt: data.disabled ? (row.disabledAt ?? new Date()) : null })
      .where(eq(adminUsers.id, id));
    await setAssignments(tx, id, data.role === "photographer" ? data.raceIds : []);
    return row;
  });
  if (data.disabled) await closeSessionsOf(db, id);
  await audit(db, op, "operator.update", { operatorId: id, email: before.email, ...data });
}

/** A new one-time password for an operator who lost theirs; their open sessions end. */
export async function resetOperatorPassword(db: Db, op: Operator, id: number): Promise<{ email: string; password: string }> {
  requireAdmin(op);
  const [row] = await db.select().from(adminUsers).where(eq(adminUsers.id, id));
  if (!row) throw new DomainError("NotFound", "notFound");
  const password = generatePassword();
  await db
    .update(adminUsers)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(adminUsers.id, id));
  await closeSessionsOf(db, id);
  await audit(db, op, "operator.resetPassword", { operatorId: id, email: row.email });
  return { email: row.email, password };
}

export const passwordChangeSchema = z
  .object({ current: z.string().min(1), next: z.string().min(10).max(200), confirm: z.string() })
  .refine((v) => v.next === v.confirm, { path: ["confirm"], message: "mismatch" });

/** Every operator may change their own password (the one-time one first of all). */
export async function changeOwnPassword(db: Db, op: Operator, input: z.input<typeof passwordChangeSchema>): Promise<void> {
  const data = passwordChangeSchema.parse(input);
  const [row] = await db.select().from(adminUsers).where(eq(adminUsers.id, op.id));
  if (!row || !(await verifyPassword(data.current, row.passwordHash))) throw invalid("wrongPassword");
  await db
    .update(adminUsers)
    .set({ passwordHash: await hashPassword(data.next) })
    .where(eq(adminUsers.id, op.id));
  // Whoever else held this account (a lost phone, a shared login) is signed out; this session stays.
  await db.delete(adminSessions).where(and(eq(adminSessions.adminId, op.id), ne(adminSessions.id, op.sessionId)));
  await audit(db, op, "operator.changePassword", {});
}

/** Where the logged-in partner wants their earnings paid; admins see it on the payout file. */
export async function ownPayoutDetails(db: Db, op: Operator): Promise<string> {
  const [row] = await db.select({ payoutDetails: adminUsers.payoutDetails }).from(adminUsers).where(eq(adminUsers.id, op.id));
  return row?.payoutDetails ?? "";
}

/** Every operator may say where their own earnings go; the change is in the audit log with the old value, for the admin who pays. */
export async function setOwnPayoutDetails(db: Db, op: Operator, text: string): Promise<void> {
  const parsed = payoutDetails.safeParse(text);
  if (!parsed.success) throw invalid("payoutDetailsTooLong");
  const before = await ownPayoutDetails(db, op);
  await db.update(adminUsers).set({ payoutDetails: parsed.data }).where(eq(adminUsers.id, op.id));
  await audit(db, op, "operator.payoutDetails", { before, after: parsed.data });
}
