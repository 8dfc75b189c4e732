import { z } from "zod";
import { langFromPath, isLang, type Lang } from "../../i18n/langs.ts";
import { message } from "../../i18n/messages/all.ts";
import { isDomainError } from "../errors.ts";

/** The request's language: an explicit `lang` query, else the language of the page that called. */
export function apiLang(request: Request): Lang {
  const explicit = new URL(request.url).searchParams.get("lang");
  return isLang(explicit) ? explicit : refererLang(request.headers.get("referer"));
}

/** The language of the page a call came from (es when it does not say). */
export function refererLang(referer: string | null | undefined): Lang {
  if (referer) {
    try {
      return langFromPath(new URL(referer).pathname);
    } catch {}
  }
  return "es";
}

export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(body), { ...init, headers });
}

/** `{ data }` on success; typed failures become their status and a localized message; anything else stays a 500. */
export async function api(request: Request, run: (lang: Lang) => Promise<unknown>, init: ResponseInit = {}): Promise<Response> {
  const lang = apiLang(request);
  try {
    return json({ data: await run(lang) }, init);
  } catch (error) {
    if (isDomainError(error)) {
      return json({ error: { code: error.code, message: message(lang, `errors.${error.key}`, error.params) } }, { status: error.status });
    }
    if (error instanceof z.ZodError) {
      return json({ error: { code: "Invalid", message: message(lang, "errors.invalid"), issues: error.issues.map((i) => i.path.join(".")) } }, { status: 400 });
    }
    throw error;
  }
}
