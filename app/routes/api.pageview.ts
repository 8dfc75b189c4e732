import { clientContext, servicesContext } from "../context.ts";
import { pageViewInput } from "../.server/analytics/index.ts";
import { postOnly } from "../.server/web/index.ts";
import type { Route } from "./+types/api.pageview";

/** POST /api/pageview `{ data: { path, lang } }` from the page's beacon; first-party analytics, always 204. */
export async function action({ request, context }: Route.ActionArgs) {
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    return new Response(null, { status: 400 });
  }
  const parsed = pageViewInput.safeParse((body as { data?: unknown } | null)?.data ?? body);
  if (!parsed.success) return new Response(null, { status: 400 });
  await context.get(servicesContext).analytics.recordPageView(parsed.data, {
    userAgent: request.headers.get("user-agent") ?? "",
    ip: context.get(clientContext).ip,
  });
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}

/** Only POST is served here. */
export const loader = ({ request }: Route.LoaderArgs) => postOnly(request);
