import { redirect, type MiddlewareFunction } from "react-router";
import { operatorContext } from "../admin/operator-context.ts";
import { servicesContext } from "../context.ts";
import { adminHref } from "../i18n/admin-href.ts";
import { langFromPath } from "../i18n/langs.ts";
import { ADMIN_MESSAGES } from "../i18n/messages/admin/index.ts";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/** JSON and CSV answers get a 401; pages send the visitor to the login form. */
const isResource = (pathname: string) => /\/admin\/(api|export|exportar)\//.test(pathname) || pathname.endsWith(".csv");

async function submittedToken(request: Request): Promise<string | null> {
  const header = request.headers.get("x-csrf-token");
  if (header) return header;
  const type = request.headers.get("content-type") ?? "";
  if (!type.includes("form")) return null;
  try {
    const value = (await request.clone().formData()).get("_csrf");
    return typeof value === "string" ? value : null;
  } catch {
    return null;
  }
}

/**
 * Guards every back-office route: a valid session or the login page (401 for
 * JSON/CSV), a matching CSRF token on anything that is not a read, and no
 * caching of operator pages anywhere.
 */
export const adminSession: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = new URL(request.url);
  const pathname = url.pathname.replace(/\.data$/, "");
  const lang = langFromPath(pathname);
  const { admin } = context.get(servicesContext);
  const op = await admin.auth.authenticate(request.headers.get("cookie"));
  if (!op) {
    if (isResource(pathname)) {
      throw new Response(ADMIN_MESSAGES[lang].login.title, { status: 401, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    }
    const back = SAFE.has(request.method) ? pathname + url.search : undefined;
    throw redirect(adminHref("adminLogin", lang, {}, { next: back }));
  }
  if (!SAFE.has(request.method) && !admin.auth.checkCsrf(op, await submittedToken(request))) {
    throw new Response(ADMIN_MESSAGES[lang].errors.csrf, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  context.set(operatorContext, op);
  const response = await next();
  response.headers.set("Cache-Control", "no-store");
  return response;
};
