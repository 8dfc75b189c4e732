import { useRouteLoaderData } from "react-router";
import type { Operator } from "../.server/staff/index.ts";

/** What the admin layout gives every back-office screen: who is logged in and the CSRF token for forms. */
export type AdminFrame = { operator: Pick<Operator, "id" | "email" | "name" | "role">; csrfToken: string };

/** The admin layout's data for a logged-in operator (its loader). */
export function adminFrame(op: Operator): AdminFrame {
  return { operator: { id: op.id, email: op.email, name: op.name, role: op.role }, csrfToken: op.csrfToken };
}

/** The logged-in operator and the CSRF token for forms, from the admin layout. */
export function useAdmin(): AdminFrame {
  const value = useRouteLoaderData<AdminFrame>("admin-layout");
  if (!value) throw new Error("useAdmin() outside the back office");
  return value;
}
