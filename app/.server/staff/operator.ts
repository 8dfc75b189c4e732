import { and, eq } from "drizzle-orm";
import { type Db, raceAssignments } from "../db/index.ts";
import { DomainError } from "../errors.ts";
import type { Role } from "./accounts.ts";

/** The logged-in person behind a back-office request. */
export type Operator = {
  id: number;
  email: string;
  name: string;
  role: Role;
  /** Hash of the session token: what logout and CSRF tokens hang on. */
  sessionId: string;
  csrfToken: string;
};

export const forbidden = () => new DomainError("Forbidden", "forbidden");

/** Sales, settings, operators and race editing are for admins only. */
export function requireAdmin(op: Operator): void {
  if (op.role !== "admin") throw forbidden();
}

/** A photographer works only in the races an admin assigned to them. */
export async function canUseRace(db: Db, op: Operator, raceId: number): Promise<boolean> {
  if (op.role === "admin") return true;
  const [row] = await db
    .select({ raceId: raceAssignments.raceId })
    .from(raceAssignments)
    .where(and(eq(raceAssignments.adminId, op.id), eq(raceAssignments.raceId, raceId)));
  return Boolean(row);
}

export async function requireRace(db: Db, op: Operator, raceId: number): Promise<void> {
  if (!(await canUseRace(db, op, raceId))) throw forbidden();
}
