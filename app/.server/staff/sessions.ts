import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { type Db, adminSessions, adminUsers } from "../db/index.ts";
import { readCookie, serializeCookie } from "./cookies.ts";
import type { Operator } from "./operator.ts";
import { randomToken, sha256, type Signer } from "./signing.ts";

export const SESSION_COOKIE = "dorsal_admin";
const LOGIN_COOKIE = "dorsal_login";
const SESSION_DAYS = 7;
// Touching last_seen_at on every request would write on every click.
const TOUCH_AFTER_MS = 60_000;

export type SessionDeps = { db: Db; signer: Signer; secure: boolean };

/** A new session row and the Set-Cookie header that carries it. */
export async function openSession({ db, signer, secure }: SessionDeps, adminId: number, ip: string, userAgent: string): Promise<string> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 86_400_000);
  await db.insert(adminSessions).values({ id: sha256(token), adminId, ip, userAgent: userAgent.slice(0, 300), expiresAt });
  // Old sessions of anyone are swept now and then, here where it costs nothing noticeable.
  await db.delete(adminSessions).where(lt(adminSessions.expiresAt, new Date()));
  return serializeCookie(SESSION_COOKIE, signer.sign(token), { maxAge: SESSION_DAYS * 86_400, secure });
}

/** The operator of a request's cookie, or undefined for no, forged, expired or disabled sessions. */
export async function readSession({ db, signer }: SessionDeps, cookieHeader: string | null | undefined): Promise<Operator | undefined> {
  const token = signer.unsign(readCookie(cookieHeader, SESSION_COOKIE));
  if (!token) return undefined;
  const id = sha256(token);
  const [row] = await db
    .select({ admin: adminUsers, lastSeenAt: adminSessions.lastSeenAt })
    .from(adminSessions)
    .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.adminId))
    .where(and(eq(adminSessions.id, id), gt(adminSessions.expiresAt, new Date()), isNull(adminUsers.disabledAt)));
  if (!row) return undefined;
  if (Date.now() - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await db.update(adminSessions).set({ lastSeenAt: sql`now()` }).where(eq(adminSessions.id, id));
  }
  return {
    id: row.admin.id,
    email: row.admin.email,
    name: row.admin.name,
    role: row.admin.role,
    sessionId: id,
    csrfToken: signer.mac(`csrf:${id}`),
  };
}

/** Ends the session and answers the Set-Cookie header that forgets it. */
export async function closeSession({ db, secure }: SessionDeps, sessionId: string): Promise<string> {
  await db.delete(adminSessions).where(eq(adminSessions.id, sessionId));
  return serializeCookie(SESSION_COOKIE, "", { maxAge: 0, secure });
}

/** Ends every session of an operator (password change, disabling). */
export async function closeSessionsOf(db: Db, adminId: number): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.adminId, adminId));
}

/**
 * The login form has no session yet: its CSRF token is derived from a random
 * nonce kept in a short-lived cookie, so only a page we served can post it.
 */
export function loginCsrf({ signer, secure }: SessionDeps, cookieHeader: string | null | undefined) {
  const existing = readCookie(cookieHeader, LOGIN_COOKIE);
  const nonce = existing && /^[\w-]{20,}$/.test(existing) ? existing : randomToken(18);
  return {
    token: signer.mac(`login:${nonce}`),
    setCookie: existing === nonce ? undefined : serializeCookie(LOGIN_COOKIE, nonce, { maxAge: 3600, secure }),
  };
}

export function checkLoginCsrf({ signer }: SessionDeps, cookieHeader: string | null | undefined, token: string | undefined): boolean {
  const nonce = readCookie(cookieHeader, LOGIN_COOKIE);
  return Boolean(nonce && token && signer.mac(`login:${nonce}`) === token);
}
