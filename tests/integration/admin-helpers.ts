import { RouterContextProvider } from "react-router";
import { servicesContext } from "../../app/context.ts";
import type { Operator, Role } from "../../app/.server/staff/index.ts";
import type { Services } from "../../app/.server/services.ts";

/** Logs an operator in through the real service and returns their session, as a request would carry it. */
export async function loginAs(services: Services, email: string, password: string, ip = "10.0.0.1"): Promise<{ cookie: string; op: Operator }> {
  const { setCookie } = await services.admin.auth.login({ email, password, ip, userAgent: "vitest" });
  const cookie = setCookie.split(";")[0];
  const op = await services.admin.auth.authenticate(cookie);
  if (!op) throw new Error("login did not open a session");
  return { cookie, op };
}

/** A router context like the server's, for calling middleware, loaders and actions directly. */
export function routerContext(services: Services): RouterContextProvider {
  return new RouterContextProvider(new Map([[servicesContext, services]]) as never);
}

/** An operator other than the first admin, created by the first admin. */
export async function invite(services: Services, admin: Operator, email: string, role: Role, raceIds: number[] = []) {
  const { password } = await services.admin.operators.invite(admin, { email, role, raceIds });
  return loginAs(services, email, password);
}
