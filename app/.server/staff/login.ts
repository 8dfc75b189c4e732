import type { Role } from "./accounts.ts";
import { and, count, desc, eq, gt, max, sql } from "drizzle-orm";
import { inTransaction, type Db, adminUsers, loginAttempts } from "../db/index.ts";
import { DomainError } from "../errors.ts";
import { audit } from "./audit.ts";
import { hashPassword, needsRehash, verifyPassword } from "./passwords.ts";
import { openSession, type SessionDeps } from "./sessions.ts";

/**
 * Login limits that slow an attacker without locking the real operator out:
 * - one address, one account: 5 failures in 15 minutes stop that pair;
 * - one address, any account: 20 failures stop that address;
 * - one account, from anywhere: after 5 failures each further try from an
 *   address that never logged into it waits longer (1 s, 2 s, 4 s … up to a
 *   minute). The operator's own, known addresses are never slowed by others.
 * Every try is written down before its password is checked, under a lock per
 * account, so parallel guesses are counted one by one.
 */
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_PAIR = 5;
export const MAX_FAILURES_PER_IP = 20;
export const ACCOUNT_FAILURES_BEFORE_DELAY = 5;
export const MAX_ACCOUNT_DELAY_S = 60;
/** How long an address that logged in stays "known" to its account. */
const KNOWN_ADDRESS_MS = 90 * 24 * 3600_000;

// Unknown e-mails are checked against this so they take as long as known ones.
let decoy: Promise<string> | undefined;

export type LoginInput = { email: string; password: string; ip: string; userAgent: string };

const tooMany = (retryAfter?: number) => new DomainError("TooMany", "tooManyLogins", retryAfter ? { retryAfter } : {});

/** Counts this try against the limits, or refuses it; answers the attempt's id. */
async function admitAttempt(db: Db, email: string, ip: string): Promise<number> {
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:${email}`}))`);
    const since = new Date(Date.now() - LOGIN_WINDOW_MS);
    const failed = and(eq(loginAttempts.success, false), gt(loginAttempts.at, since));
    const [pair] = await tx
      .select({ n: count() })
      .from(loginAttempts)
      .where(and(failed, eq(loginAttempts.email, email), eq(loginAttempts.ip, ip)));
    const [address] = await tx
      .select({ n: count() })
      .from(loginAttempts)
      .where(and(failed, eq(loginAttempts.ip, ip)));
    if (Number(pair.n) >= MAX_FAILURES_PER_PAIR || Number(address.n) >= MAX_FAILURES_PER_IP) throw tooMany();
    const [account] = await tx
      .select({ n: count(), last: max(loginAttempts.at) })
      .from(loginAttempts)
      .where(and(failed, eq(loginAttempts.email, email)));
    const failures = Number(account.n);
    if (failures >= ACCOUNT_FAILURES_BEFORE_DELAY && !(await isKnownAddress(tx, email, ip))) {
      const delay = Math.min(MAX_ACCOUNT_DELAY_S, 2 ** (failures - ACCOUNT_FAILURES_BEFORE_DELAY));
      const waited = (Date.now() - new Date(account.last ?? 0).getTime()) / 1000;
      if (waited < delay) throw tooMany(Math.ceil(delay - waited));
    }
    const [row] = await tx.insert(loginAttempts).values({ ip, email, success: false }).returning({ id: loginAttempts.id });
    return row.id;
  });
}

async function isKnownAddress(db: Db, email: string, ip: string): Promise<boolean> {
  const [row] = await db
    .select({ id: loginAttempts.id })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.email, email),
        eq(loginAttempts.ip, ip),
        eq(loginAttempts.success, true),
        gt(loginAttempts.at, new Date(Date.now() - KNOWN_ADDRESS_MS)),
      ),
    )
    .orderBy(desc(loginAttempts.at))
    .limit(1);
  return Boolean(row);
}

/** Checks the password and opens a session; answers the Set-Cookie header. */
export async function login(deps: SessionDeps, input: LoginInput): Promise<{ setCookie: string; role: Role }> {
  const { db } = deps;
  const email = input.email.trim().toLowerCase().slice(0, 254);
  const attempt = await admitAttempt(db, email, input.ip);
  const [admin] = await db.select().from(adminUsers).where(eq(adminUsers.email, email));
  const ok = admin
    ? await verifyPassword(input.password, admin.passwordHash)
    : await verifyPassword(input.password, await (decoy ??= hashPassword("decoy-password"))).then(() => false);
  const allowed = ok && admin && !admin.disabledAt;
  if (!allowed || !admin) throw new DomainError("Invalid", "badLogin");
  await db.update(loginAttempts).set({ success: true }).where(eq(loginAttempts.id, attempt));
  // A hash made with older, weaker parameters is replaced now that we hold the password.
  if (needsRehash(admin.passwordHash))
    await db
      .update(adminUsers)
      .set({ passwordHash: await hashPassword(input.password) })
      .where(eq(adminUsers.id, admin.id));
  await audit(db, admin, "login", { ip: input.ip });
  return { setCookie: await openSession(deps, admin.id, input.ip, input.userAgent), role: admin.role };
}
