import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { writeReadableStreamToWritable } from "@react-router/node";
import { REQUEST_ID_PLACEHOLDER } from "../../request-reference.ts";
import { bodyFor, cacheableUrl, cacheControlOf, isCacheable, isFresh, type CachedResponse, type PageCache } from "./page-cache.ts";
import { decodeFormPart, isCleanString, isCleanText, sendRefusal } from "./request-guard.ts";
import { refererLang } from "../web/index.ts";
import { contentSecurityPolicy, inlineScriptHashes } from "./security-headers.ts";
import { screenOfPath } from "./page-screen.ts";
import type { Screen } from "../../i18n/paths.ts";
import { isBackOfficeRequest, withoutBackOffice } from "./storefront-build.ts";
import { renderTurns } from "./render-turns.ts";

/**
 * React Router behind Express, in place of `@react-router/express`: the same
 * translation of request and response, plus what that adapter leaves to each
 * route. A body is read here, once, within a size limit, and refused when its
 * type is one the route cannot read or its text holds NUL bytes or lone
 * surrogates; a route's `request.formData()` or `request.json()` then never
 * meets a body it would choke on.
 */
export const BODY_LIMITS = {
  /** JSON and plain forms: a 2,000-photo cart is about 300 KB. */
  text: 1024 * 1024,
  /** The back office's multipart forms carry a logo, a banner or a timing file. */
  adminMultipart: 25 * 1024 * 1024,
  publicMultipart: 1024 * 1024,
};

const PAGE_METHODS = new Set(["GET", "HEAD", "POST"]);
/**
 * Screens the browser draws from what it stores (checkout's cart): their
 * scripts are their content, so they keep their preloads (Lighthouse with
 * three photos in the cart, side by side: TBT 52–155 ms with them, 42–231
 * without, medians 118 and 221).
 */
const DRAWN_BY_SCRIPT = new Set<Screen | undefined>(["checkout"]);
const FORM = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;
const JSON_TYPE = /^application\/(?:[\w.+-]*\+)?json\b/i;

type Refused = { status: number; key: string };

/** A JSON API body: labelled JSON, or (as some clients send it) text/plain or nothing. */
const readsAsJson = (type: string) => type === "" || JSON_TYPE.test(type) || /^text\/plain\b/i.test(type);

/**
 * Where a body may go: JSON APIs take JSON (readsAsJson), webhooks anything,
 * pages only forms: a page's action posted without a form body is refused
 * here, not left to fail in `formData()`.
 */
function acceptedBody(path: string, type: string): Refused | undefined {
  if (path.startsWith("/api/webhooks/")) return undefined;
  const api = path.startsWith("/api/") || path.startsWith("/admin/api/");
  if (api && (readsAsJson(type) || FORM.test(type))) return undefined;
  if (!api && FORM.test(type)) return undefined;
  return type === "" ? { status: 400, key: "badRequest" } : { status: 415, key: "unsupportedType" };
}

function limitFor(path: string, type: string): number {
  if (/^multipart\//i.test(type)) return /^\/(?:en\/|br\/)?admin\b/.test(path) ? BODY_LIMITS.adminMultipart : BODY_LIMITS.publicMultipart;
  return BODY_LIMITS.text;
}

/** NUL and lone surrogates can be written in JSON as escapes and in forms as percent-encoding. */
export function cleanBodyText(body: Buffer, type: string): boolean {
  if (/^multipart\//i.test(type)) return true; // files are binary; its text fields are checked once it parses (parsesAsForm)
  const text = body.toString("utf8");
  if (!isCleanString(text)) return false;
  if (readsAsJson(type)) {
    if (/\\u0000/i.test(text)) return false;
    // A high surrogate escape not followed by a low one, or a low one alone.
    if (/\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f][0-9a-f]{2})/i.test(text) || /(?<!\\ud[89ab][0-9a-f]{2})\\ud[c-f][0-9a-f]{2}/i.test(text)) return false;
  }
  // Percent-encoding is checked strictly here: the platform's form parser would quietly turn bad bytes into U+FFFD.
  if (/^application\/x-www-form-urlencoded/i.test(type)) return text.split("&").every((part) => isCleanText(part, decodeFormPart));
  return true;
}

/** The form parses, and none of its text fields (a multipart's included) holds NUL or a lone surrogate. */
async function parsesAsForm(body: Buffer, type: string): Promise<boolean> {
  try {
    const form = await new Response(new Uint8Array(body), { headers: { "content-type": type } }).formData();
    for (const value of form.values()) {
      if (typeof value === "string" && !isCleanString(value)) return false;
    }
    return true;
  } catch {
    return false;
  }
}

class BodyError extends Error {
  readonly refused: Refused;
  constructor(refused: Refused) {
    super(refused.key);
    this.refused = refused;
  }
}

function readBody(req: ExpressRequest, limit: number): Promise<Buffer> {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > limit) return Promise.reject(new BodyError({ status: 413, key: "tooLarge" }));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners("data");
        req.resume();
        reject(new BodyError({ status: 413, key: "tooLarge" }));
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/** The Fetch Request React Router reads (at `pathAndQuery`); aborted when the client goes away before the answer. */
function toRequest(req: ExpressRequest, res: ExpressResponse, body: Uint8Array<ArrayBuffer> | undefined, pathAndQuery: string): Request {
  // Host and forwarded headers were checked by the request guard.
  const url = new URL(`${req.protocol}://${req.get("x-forwarded-host") && req.app.enabled("trust proxy") ? req.hostname : req.get("host")}${pathAndQuery}`);
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  return new Request(url, { method: req.method, headers: headersOf(req), signal: controller.signal, body });
}

function headersOf(req: ExpressRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  return headers;
}

/**
 * A page without React Router's `<link rel="modulepreload">` list. Those links
 * sit at the top of the head, so a phone spent its first bandwidth on 28
 * scripts (135 KB) beside the hero photo and the stylesheet, and painted later
 * (Lighthouse on a slow 4G: race page LCP 2.5–3.2 s with them, 1.4 s without).
 * The page is whole without its scripts: the module script at the end of the
 * body still loads them, once the parser has reached it, so the page turns
 * interactive a few round trips later instead of painting later.
 */
function withoutModulePreloads(html: string): string {
  return html.replace(/<link rel="modulepreload"[^>]*>/g, "");
}

/** The policy of a finished page: its own inline scripts, by hash, and no other. */
function admitOwnScripts(html: string, headers: Headers, dev: boolean): void {
  headers.set("Content-Security-Policy", contentSecurityPolicy({ scriptHashes: inlineScriptHashes(html), dev }));
}

/**
 * React Router's answer to a Fetch request, finished as every page is: no
 * module preloads (save the screens drawn by script), the request's id in an
 * error page, the policy that admits the page's own inline scripts.
 */
function pageRenderer(build: ServerBuild | (() => Promise<ServerBuild>), mode: "development" | "production") {
  const handle = createRequestHandler(build, mode);
  const handleStorefront = typeof build === "function" ? handle : createRequestHandler(withoutBackOffice(build), mode);
  return async (request: Request, context: RouterContextProvider, requestId: string): Promise<Response> => {
    const { pathname } = new URL(request.url);
    const response = await (isBackOfficeRequest(pathname) ? handle : handleStorefront)(request, context);
    if (!/^text\/html/i.test(response.headers.get("content-type") ?? "") || !response.body) return response;
    const headers = new Headers(response.headers);
    let html = await response.text();
    if (!DRAWN_BY_SCRIPT.has(screenOfPath(pathname))) html = withoutModulePreloads(html);
    // An error page names its request (never cached: only 200 and 404 are).
    if (response.status >= 500) html = html.replaceAll(REQUEST_ID_PLACEHOLDER, requestId);
    admitOwnScripts(html, headers, mode === "development");
    return new Response(html, { status: response.status, statusText: response.statusText, headers });
  };
}

export type PageHandler = ((req: ExpressRequest, res: ExpressResponse, next: NextFunction) => Promise<void>) & {
  /**
   * Renders a public page or API answer (path and query, with the referer a
   * browser would send) into the cache as a visitor's request would, unless it
   * holds it already; for the page warmer. Nothing without a cache.
   */
  warm(pathAndQuery: string, referer?: string): Promise<void>;
};

export function pageHandler({
  build,
  mode,
  getLoadContext,
  cache,
  origin,
}: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "development" | "production";
  getLoadContext: (ip: string) => RouterContextProvider;
  /** Rendered storefront responses (page-cache.ts); none in development. */
  cache?: PageCache;
  /** The shop's public origin, for the requests `warm` makes up. */
  origin: string;
}): PageHandler {
  const renderPage = pageRenderer(build, mode);
  const turns = renderTurns(1);
  const handler = async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    // Pages and the JSON API read (GET, HEAD) and submit (POST); nothing here takes PUT, PATCH, DELETE or OPTIONS.
    if (!PAGE_METHODS.has(req.method)) {
      res.setHeader("Allow", [...PAGE_METHODS].join(", "));
      sendRefusal(req, res, 405, "methodNotAllowed");
      return;
    }
    try {
      let body: Uint8Array<ArrayBuffer> | undefined;
      if (req.method !== "GET" && req.method !== "HEAD") {
        const type = (req.get("content-type") ?? "").trim();
        const refused = acceptedBody(req.path, type);
        if (refused) throw new BodyError(refused);
        const read = await readBody(req, limitFor(req.path, type));
        // A payment provider's notification is checked by its signature, byte for byte, not by us.
        if (!req.path.startsWith("/api/webhooks/") && !cleanBodyText(read, type)) throw new BodyError({ status: 400, key: "badRequest" });
        // A form the platform cannot parse (a broken multipart) is the client's error, found here once.
        if (FORM.test(type) && !(await parsesAsForm(read, type))) throw new BodyError({ status: 400, key: "badRequest" });
        body = new Uint8Array(read);
      }
      const cacheable = cache !== undefined && isCacheable(req);
      // A cacheable screen is rendered as it is kept: without the visitor's tracking parameters.
      const url = cacheable ? cacheableUrl(req.originalUrl) : req.originalUrl;
      // Built only when React Router is asked (a cached page needs no Request), in its turn; a visitor who left meanwhile costs no render.
      const render = () =>
        turns.run(async () =>
          req.socket.destroyed
            ? new Response(null, { status: 499 })
            : renderPage(toRequest(req, res, body, url), getLoadContext(req.ip ?? ""), String(res.locals.requestId ?? "")),
        );
      if (cacheable) {
        const answer = await cache.get(cacheKey(req.path, url, req.get("referer")), await cache.version(), render);
        if (answer instanceof Response) await send(res, answer);
        else sendCached(req, res, answer);
        return;
      }
      await send(res, await render());
    } catch (error) {
      if (error instanceof BodyError) {
        if (!res.headersSent) sendRefusal(req, res, error.refused.status, error.refused.key);
        return;
      }
      next(error);
    }
  };
  const warm = async (pathAndQuery: string, referer?: string) => {
    if (!cache) return;
    const url = new URL(pathAndQuery, origin);
    const key = cacheKey(url.pathname, pathAndQuery, referer);
    const version = await cache.version();
    if (cache.has(key, version)) return;
    const request = new Request(url, { headers: referer ? { referer } : {} });
    const answer = await cache.get(key, version, () => renderPage(request, getLoadContext(""), ""), { warm: true });
    // Not kept (an error): its body is let go, so nothing waits on it.
    if (answer instanceof Response) await answer.body?.cancel();
  };
  return Object.assign(handler, { warm });
}

/** The JSON API may answer in the calling page's language (`apiLang`): that page's language is part of the key. */
function cacheKey(path: string, url: string, referer: string | undefined): string {
  if (!/^\/(?:api|fake-api)\//.test(path)) return url;
  return `${url}|${refererLang(referer)}`;
}

function sendCached(req: ExpressRequest, res: ExpressResponse, entry: CachedResponse): void {
  for (const [key, value] of entry.headers) res.setHeader(key, value);
  res.setHeader("ETag", entry.etag);
  res.setHeader("Cache-Control", cacheControlOf(entry));
  res.setHeader("Vary", "Accept-Encoding");
  if (isFresh(entry, req.get("if-none-match"))) {
    res.status(304).end();
    return;
  }
  const { body, encoding } = bodyFor(entry, req.get("accept-encoding"));
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", String(body.length));
  res.status(entry.status);
  if (req.method === "HEAD") res.end();
  else res.end(body);
}

async function send(res: ExpressResponse, response: globalThis.Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  // The page's own headers replace the defaults set earlier (one CSP, not two); cookies add up.
  for (const [key, value] of response.headers.entries()) {
    if (key === "set-cookie") res.append(key, value);
    else res.setHeader(key, value);
  }
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
