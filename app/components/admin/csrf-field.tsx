import { useAdmin } from "../../admin/use-admin.ts";

/** The hidden CSRF token every back-office form carries. */
export function CsrfField() {
  return <input type="hidden" name="_csrf" value={useAdmin().csrfToken} />;
}
