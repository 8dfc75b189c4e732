import { redirect } from "react-router";
import { operatorContext } from "../../admin/operator-context.ts";
import { servicesContext } from "../../context.ts";
import { adminHref } from "../../i18n/admin-href.ts";
import { langFromPath } from "../../i18n/langs.ts";
import type { Route } from "./+types/logout";

/** Logout is a POST (with the CSRF token, checked by the layout): a link could log people out from elsewhere. */
export async function action({ request, context }: Route.ActionArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  const setCookie = await context.get(servicesContext).admin.auth.logout(context.get(operatorContext));
  throw redirect(adminHref("adminLogin", lang, {}, { out: 1 }), { headers: { "Set-Cookie": setCookie } });
}

export function loader({ request }: Route.LoaderArgs) {
  throw redirect(adminHref("adminDashboard", langFromPath(new URL(request.url).pathname)));
}
