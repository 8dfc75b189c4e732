import { PassThrough } from "node:stream";
import type { EntryContext, RouterContextProvider } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { LANGS } from "./i18n/langs.ts";
import { MESSAGES } from "./i18n/messages/all.ts";
import { provideMessages } from "./i18n/messages/index.ts";

// The server renders every language: all three are at hand (a browser loads only its page's).
for (const lang of LANGS) provideMessages(lang, MESSAGES[lang]);

// React Router's default Node entry, rendering whole pages (the page's inline scripts are admitted by their hashes: .server/http/security-headers.ts).
export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status: responseStatusCode, headers: responseHeaders });

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // Every page is read whole before it leaves (its inline scripts' hashes go into its policy:
    // .server/http/page-handler.ts), so streaming the shell first gains nothing: each is rendered whole.
    // Streamed (browsers were, crawlers not), the router's data came after the shell in hidden blocks
    // moved by one more inline script (a bib search 3 % larger), and the page cache kept whichever form
    // the first visitor's user agent got.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      onAllReady() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
  });
}
