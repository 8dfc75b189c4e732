import { and, count, eq, gt } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { adminUsers, loginAttempts } from "../db/schema.ts";
import { DomainError } from "../errors.ts";
import { audit } from "./audit.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { openSession, type SessionDeps } from "./sessions.ts";

// Five wrong passwords lock an account, twenty lock an address, for a quarter of an hour.
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_IP = 20;

// Unknown e-mails are checked against this so they take as long as known ones.
let decoy: Promise<string> | undefined;

export type LoginInput = { email: string; password: string; ip: string; userAgent: string };

async function recentFailures(db: Db, column: typeof loginAttempts.ip | typeof loginAttempts.email, value: string): Promise<number> {
  const since = new Date(Date.now() - LOGIN_WINDOW_MS);
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(column, value), eq(loginAttempts.success, false), gt(loginAttempts.at, since)));
  return Number(row.n);
}

/** Checks the password and opens a session; answers the Set-Cookie header. */
export async function login(deps: SessionDeps, input: LoginInput): Promise<{ setCookie: string; role: "admin" | "photographer" }> {
  const { db } = deps;
  const email = input.email.trim().toLowerCase();
  if (
    (await recentFailures(db, loginAttempts.email, email)) >= MAX_FAILURES_PER_ACCOUNT ||
    (await recentFailures(db, loginAttempts.ip, input.ip)) >= MAX_FAILURES_PER_IP
  ) {
    throw new DomainError("TooMany", "tooManyLogins");
  }
  const [admin] = await db.select().from(adminUsers).where(eq(adminUsers.email, email));
  const ok = admin
    ? await verifyPassword(input.password, admin.passwordHash)
    : await verifyPassword(input.password, await (decoy ??= hashPassword("decoy-password"))).then(() => false);
  const allowed = ok && admin && !admin.disabledAt;
  await db.insert(loginAttempts).values({ ip: input.ip, email, success: Boolean(allowed) });
  if (!allowed || !admin) throw new DomainError("Invalid", "badLogin");
  await audit(db, admin, "login", { ip: input.ip });
  return { setCookie: await openSession(deps, admin.id, input.ip, input.userAgent), role: admin.role };
}
