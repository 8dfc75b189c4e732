import { useRouteLoaderData } from "react-router";
import type { loader } from "../routes/admin/layout.tsx";

/** The logged-in operator and the CSRF token for forms, from the admin layout. */
export function useAdmin() {
  const value = useRouteLoaderData<typeof loader>("admin-layout");
  if (!value) throw new Error("useAdmin() outside the back office");
  return value;
}
