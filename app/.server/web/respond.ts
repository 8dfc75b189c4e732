import { langFromPath, isLang, type Lang } from "../../i18n/langs.ts";
import { redirect } from "react-router";
import { href } from "../../i18n/href.ts";
import { failureOf, shopWording, statusOf } from "../failure.ts";

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
    const failure = failureOf(error, shopWording(lang));
    if (!failure) throw error;
    const { status, ...described } = failure;
    return json({ error: described }, { status });
  }
}

/** A page's data, or home when what it shows does not exist (SPEC §8: an unknown purchase or pre-purchase goes home). */
export async function orHome<T>(lang: Lang, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (statusOf(error) === 404) throw redirect(href("home", lang));
    throw error;
  }
}
