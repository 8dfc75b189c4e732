import { Readable } from "node:stream";
import { servicesContext } from "../context.ts";
import { isDomainError } from "../.server/errors.ts";
import { apiLang } from "../.server/http/respond.ts";
import { message } from "../i18n/messages/all.ts";
import type { Route } from "./+types/download";

/** GET /download/{token}: the sold file behind a signed link, as an attachment (`foto-{id}.jpg` or the zip). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  try {
    const file = await context.get(servicesContext).purchases.openFile(params.token);
    return new Response(Readable.toWeb(file.stream) as ReadableStream, {
      headers: {
        "Content-Type": file.contentType,
        "Content-Disposition": `attachment; filename="${file.fileName}"`,
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return new Response(message(apiLang(request), `errors.${error.key}`, error.params), {
      status: error.status,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
}
