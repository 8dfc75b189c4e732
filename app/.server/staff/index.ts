import type { Db } from "../db/index.ts";
import type { Env } from "../env.ts";
import { safeEqual } from "../safe-equal.ts";
import { audit, listAudit } from "./audit.ts";
import { login, type LoginInput } from "./login.ts";
import { requireAdmin, type Operator } from "./operator.ts";
import {
  changeOwnPassword,
  inviteOperator,
  listOperators,
  ownPayoutDetails,
  resetOperatorPassword,
  setOwnPayoutDetails,
  updateOperator,
  type InviteInput,
  type UpdateOperatorInput,
} from "./operators.ts";
import { loadSessionSecret } from "./session-secret.ts";
import { checkLoginCsrf, closeSession, loginCsrf, readSession, type SessionDeps } from "./sessions.ts";
import { createSigner } from "./signing.ts";

// The shop's staff: accounts and roles, passwords, sessions, who may do what, and the audit log.
export { createAdmin, ensureFirstAdmin } from "./accounts.ts";
export type { Role } from "./accounts.ts";
export { hashPassword, verifyPassword, generatePassword } from "./passwords.ts";
export { audit } from "./audit.ts";
export type { AuditEntry } from "./audit.ts";
export { canUseRace, forbidden, requireAdmin, requireRace } from "./operator.ts";
export type { Operator } from "./operator.ts";
export type { OperatorRow } from "./operators.ts";
export { ACCOUNT_FAILURES_BEFORE_DELAY, LOGIN_WINDOW_MS, MAX_FAILURES_PER_IP, MAX_FAILURES_PER_PAIR } from "./login.ts";

/** Logging in and out, sessions, operators' accounts and the audit log, for the back office's services. */
export function createStaffServices({ db, env }: { db: Db; env: Env }) {
  const session: SessionDeps = { db, signer: createSigner(loadSessionSecret(env)), secure: env.publicUrl.startsWith("https://") };
  /** The operator behind a Cookie header, or undefined. */
  const authenticate = (cookieHeader: string | null | undefined) => readSession(session, cookieHeader);

  return {
    authenticate,
    auth: {
      login: (input: LoginInput) => login(session, input),
      async logout(op: Operator) {
        await audit(db, op, "logout");
        return closeSession(session, op.sessionId);
      },
      authenticate,
      /** Whether a submitted CSRF token belongs to this operator's session. */
      checkCsrf: (op: Operator, token: string | null | undefined) => Boolean(token) && safeEqual(String(token), op.csrfToken),
      loginCsrf: (cookieHeader: string | null | undefined) => loginCsrf(session, cookieHeader),
      checkLoginCsrf: (cookieHeader: string | null | undefined, token: string | undefined) => checkLoginCsrf(session, cookieHeader, token),
    },
    operators: {
      list: (op: Operator) => listOperators(db, op),
      invite: (op: Operator, input: InviteInput) => inviteOperator(db, op, input),
      update: (op: Operator, id: number, input: UpdateOperatorInput) => updateOperator(db, op, id, input),
      resetPassword: (op: Operator, id: number) => resetOperatorPassword(db, op, id),
      changeOwnPassword: (op: Operator, input: { current: string; next: string; confirm: string }) => changeOwnPassword(db, op, input),
      payoutDetails: (op: Operator) => ownPayoutDetails(db, op),
      setPayoutDetails: (op: Operator, text: string) => setOwnPayoutDetails(db, op, text),
    },
    audit: {
      async list(op: Operator, query: { q?: string; before?: number }) {
        requireAdmin(op);
        return listAudit(db, query);
      },
    },
  };
}
