import { clientContext, servicesContext } from "../context.ts";
import { contactInput } from "../.server/contact/index.ts";
import { invalid } from "../.server/errors.ts";
import { jsonData, postOnly, statusApi } from "../.server/web/index.ts";
import type { Route } from "./+types/api.contact-email";

/** POST /api/contact_email `{ data: { name, email, phone, message } }` → `{ data: { status: "success" } }` (SPEC §7). */
export async function action({ request, context }: Route.ActionArgs) {
  return statusApi(request, async (lang) => {
    const parsed = contactInput.safeParse(await jsonData(request));
    if (!parsed.success) throw invalid("invalidContact");
    return context.get(servicesContext).contact.submit(parsed.data, { lang, ip: context.get(clientContext).ip });
  });
}

/** Only POST is served here. */
export const loader = ({ request }: Route.LoaderArgs) => postOnly(request);
