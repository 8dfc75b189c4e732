import { redirect } from "react-router";
import { servicesContext } from "../context.ts";
import { parseRunnerNumber } from "../domain/bibs.ts";
import { href } from "../i18n/href.ts";
import { isLang } from "../i18n/langs.ts";
import { isDomainError } from "../.server/errors.ts";
import { statusOf } from "../.server/failure.ts";
import { jsonData, postOnly, shopPath, statusApi } from "../.server/web/index.ts";
import type { ClaimRefusal } from "../storefront/claim.ts";
import type { Route } from "./+types/api.claim";

/** The refusals a page tells apart after a plain form post (`?claim=`); any other is "error". */
const CLAIM_REFUSALS: Record<string, ClaimRefusal> = { invalidRunner: "number", claimNotRegistered: "unregistered", claimsFull: "full" };

/**
 * POST /api/claim: a runner's "this is me" on a photo. JSON `{ data: { slug,
 * photo, n } }` answers `{ data: { status, claim, n } }` (claim: pending,
 * tagged or declined). A plain form post (no JavaScript) goes on to the
 * runner's photos that might be theirs (their own, when the photo already is
 * or a person said no), or back to the photo with the refusal's reason in
 * `?claim=` (storefront/claim.ts ClaimRefusal).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  if (!(request.headers.get("content-type") ?? "").includes("application/x-www-form-urlencoded")) {
    return statusApi(request, async () => services.claims.claim(await jsonData(request)));
  }
  const form = Object.fromEntries(await request.formData());
  const lang = isLang(form.lang) ? form.lang : "es";
  const slug = typeof form.slug === "string" && /^[a-z0-9-]{1,100}$/.test(form.slug) ? form.slug : undefined;
  if (!slug) return redirect(href("home", lang));
  try {
    const { claim, n } = await services.claims.claim({ slug, photo: String(form.photo ?? ""), n: String(form.n ?? "") });
    return redirect(href("race", lang, { slug }, { n, m: claim === "pending" ? 1 : undefined, claim }));
  } catch (error) {
    if (statusOf(error) === undefined) throw error;
    const reason = (isDomainError(error) && CLAIM_REFUSALS[error.key]) || "error";
    const n = parseRunnerNumber(String(form.n ?? ""));
    return redirect(shopPath(form.back, { claim: reason, claimed: n }) ?? href("race", lang, { slug }, { n, claim: reason }));
  }
}

/** Only POST is served here. */
export const loader = ({ request }: Route.LoaderArgs) => postOnly(request);
