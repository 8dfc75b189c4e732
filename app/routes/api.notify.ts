import { redirect } from "react-router";
import { clientContext, servicesContext } from "../context.ts";
import { parseRunnerNumber } from "../domain/bibs.ts";
import { href } from "../i18n/href.ts";
import { isLang } from "../i18n/langs.ts";
import { invalid } from "../.server/errors.ts";
import { statusOf } from "../.server/failure.ts";
import { notifyInput } from "../.server/notify/index.ts";
import { jsonData, postOnly, statusApi } from "../.server/web/index.ts";
import type { Route } from "./+types/api.notify";

/**
 * POST /api/notify: the preparing-race form, and a published race's "tell me
 * when photos of my number turn up" (the same fields, no category). JSON `{ data: { firstName, lastName,
 * email, category, runnerNumber, slug } }` answers `{ data: { status } }`; a plain
 * form post (no JavaScript) comes back to the race page with `?notify=ok|error`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { ip } = context.get(clientContext);
  if (!(request.headers.get("content-type") ?? "").includes("application/x-www-form-urlencoded")) {
    return statusApi(request, async (lang) => {
      const parsed = notifyInput.safeParse(await jsonData(request));
      if (!parsed.success) throw invalid("invalidNotify");
      return services.notify.signup(parsed.data, { lang, ip });
    });
  }
  const form = Object.fromEntries(await request.formData());
  const lang = isLang(form.lang) ? form.lang : "es";
  const parsed = notifyInput.safeParse(form);
  // A runner watching their number comes back to it (the form's `watch`).
  const n = form.watch === "1" ? parseRunnerNumber(String(form.runnerNumber ?? "")) : undefined;
  if (!parsed.success) {
    const slug = typeof form.slug === "string" && /^[a-z0-9-]{1,100}$/.test(form.slug) ? form.slug : undefined;
    return redirect(slug ? `${href("race", lang, { slug }, { n, notify: "error" })}#notify` : href("home", lang));
  }
  let outcome = "ok";
  try {
    await services.notify.signup(parsed.data, { lang, ip });
  } catch (error) {
    const status = statusOf(error);
    if (status === undefined) throw error;
    if (status === 404) return redirect(href("home", lang));
    outcome = "error";
  }
  return redirect(`${href("race", lang, { slug: parsed.data.slug }, { n, notify: outcome })}#notify`);
}

/** Only POST is served here. */
export const loader = ({ request }: Route.LoaderArgs) => postOnly(request);
