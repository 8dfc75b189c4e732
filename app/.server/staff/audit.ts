import { and, desc, eq, ilike, lt, or, sql } from "drizzle-orm";
import { type Db, adminUsers, auditLog } from "../db/index.ts";
import type { Operator } from "./operator.ts";

/** One line in the audit log: who did what to which thing. */
export async function audit(db: Db, op: Pick<Operator, "id"> | null, action: string, details: Record<string, unknown> = {}): Promise<void> {
  await db.insert(auditLog).values({ adminId: op?.id ?? null, action, details });
}

export type AuditEntry = { id: number; at: Date; email: string | null; action: string; details: unknown };

export const AUDIT_PAGE = 100;

/** Newest first; `before` pages back, `q` matches the action or the operator's e-mail. */
export async function listAudit(db: Db, { q, before }: { q?: string; before?: number }): Promise<AuditEntry[]> {
  const conditions = [];
  if (before) conditions.push(lt(auditLog.id, before));
  if (q) conditions.push(or(ilike(auditLog.action, `%${q}%`), ilike(adminUsers.email, `%${q}%`), sql`${auditLog.details}::text ilike ${`%${q}%`}`));
  return db
    .select({ id: auditLog.id, at: auditLog.at, email: adminUsers.email, action: auditLog.action, details: auditLog.details })
    .from(auditLog)
    .leftJoin(adminUsers, eq(adminUsers.id, auditLog.adminId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(AUDIT_PAGE);
}
