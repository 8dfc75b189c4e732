import type { CRASH_POINTS, Env } from "./env.ts";

export type CrashPoint = (typeof CRASH_POINTS)[number];

/**
 * Named places where the crash tests kill the server, as a power cut or an
 * out-of-memory kill would: with `CRASH_AT=payment.before-commit` the process
 * SIGKILLs itself the first time it gets there (no cleanup, no reply). Unset,
 * as in every real deployment, a crash point does nothing.
 */
export function crashPoint(env: Pick<Env, "CRASH_AT">, name: CrashPoint): void {
  if (env.CRASH_AT === name) process.kill(process.pid, "SIGKILL");
}
