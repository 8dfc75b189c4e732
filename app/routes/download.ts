import { Readable } from "node:stream";
import { servicesContext } from "../context.ts";
import { failureOf, shopWording } from "../.server/failure.ts";
import { apiLang } from "../.server/web/index.ts";
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
    const failure = failureOf(error, shopWording(apiLang(request)));
    if (!failure) throw error;
    return new Response(failure.message, {
      status: failure.status,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
}
