import { invalid } from "../errors.ts";
import type { Lang } from "../../i18n/langs.ts";
import { api, json } from "./respond.ts";

/**
 * For calls the spec reads as `data.status` (contact, notify): like `api()`, and a
 * failure also carries `{ data: { status: "error" } }` beside its localized `error`.
 */
export async function statusApi(request: Request, run: (lang: Lang) => Promise<{ status: string }>): Promise<Response> {
  const response = await api(request, run);
  if (response.ok) return response;
  const body = (await response.json()) as Record<string, unknown>;
  return json({ data: { status: "error" }, ...body }, { status: response.status });
}

/** The `data` of a `{ data: {…} }` JSON body; malformed JSON is a 400, not a 500. */
export async function jsonData(request: Request): Promise<unknown> {
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    throw invalid();
  }
  if (typeof body !== "object" || body === null) throw invalid();
  return "data" in body ? (body as { data: unknown }).data : body;
}

/** The answer to a GET on a POST-only endpoint: 405 with a localized message, never a 500. */
export async function postOnly(request: Request): Promise<Response> {
  const response = await api(request, async () => {
    throw invalid("postOnly");
  });
  const body = (await response.json()) as Record<string, unknown>;
  return json({ ...body, error: { ...(body.error as object), code: "MethodNotAllowed" } }, { status: 405, headers: { Allow: "POST" } });
}
