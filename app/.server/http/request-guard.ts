import type { NextFunction, Request, Response } from "express";
import { langFromPath } from "../../i18n/langs.ts";
import { message } from "../../i18n/messages/all.ts";

/**
 * The first gate every request passes: what no route can answer sensibly is
 * refused here with a short 4xx, before a router, a decoder or the database
 * can turn it into a 500. Bad percent-encoding, NUL bytes and lone surrogates
 * (PostgreSQL rejects both in text), odd methods, malformed host headers and
 * overlong URLs.
 */
export const ALLOWED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
export const MAX_URL_LENGTH = 4096;

const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
const PROTO = /^https?$/i;

/** A host name or address, with a port a URL can hold. */
function isHost(value: string): boolean {
  if (!HOST.test(value)) return false;
  const port = /:(\d+)$/.exec(value)?.[1];
  return port === undefined || Number(port) <= 65535;
}

/** Text PostgreSQL can store: no NUL, no lone surrogate. */
export const isCleanString = (text: string) => !text.includes("\0") && text.isWellFormed();

/** True when a path or query part decodes to clean text. */
export function isCleanText(raw: string, decode: (s: string) => string = decodeURIComponent): boolean {
  try {
    return isCleanString(decode(raw));
  } catch {
    return false;
  }
}

/** A query string's or a plain form's `name=value` part, as both encode it. */
export const decodeFormPart = (s: string) => decodeURIComponent(s.replace(/\+/g, " "));

/** Why a request is refused, or undefined when it may go on. */
export type Refusal = { status: number; reason: string; key: string };

export function refusal(req: { method: string; url: string; headers: Record<string, string | string[] | undefined> }): Refusal | undefined {
  const bad = (reason: string): Refusal => ({ status: 400, reason, key: "badRequest" });
  if (!ALLOWED_METHODS.has(req.method)) return { status: 405, reason: "method not allowed", key: "methodNotAllowed" };
  if (req.url.length > MAX_URL_LENGTH) return { status: 414, reason: "URL too long", key: "uriTooLong" };
  const host = req.headers.host;
  if (typeof host !== "string" || !isHost(host)) return bad("bad Host header");
  const fwdHost = req.headers["x-forwarded-host"];
  if (fwdHost !== undefined && !(typeof fwdHost === "string" && fwdHost.split(",").every((h) => isHost(h.trim())))) {
    return bad("bad X-Forwarded-Host header");
  }
  const fwdProto = req.headers["x-forwarded-proto"];
  if (fwdProto !== undefined && !(typeof fwdProto === "string" && fwdProto.split(",").every((p) => PROTO.test(p.trim())))) {
    return bad("bad X-Forwarded-Proto header");
  }
  const q = req.url.indexOf("?");
  const path = q === -1 ? req.url : req.url.slice(0, q);
  if (!path.startsWith("/")) return bad("bad path");
  if (!isCleanText(path)) return bad("bad path encoding");
  // An encoded slash or backslash would let one segment pose as several (path traversal): it names nothing here.
  if (/%2f|%5c/i.test(path)) return { status: 404, reason: "encoded slash in path", key: "notFound" };
  if (q !== -1) {
    for (const part of req.url.slice(q + 1).split(/[&;]/)) {
      if (part && !isCleanText(part, decodeFormPart)) return bad("bad query encoding");
    }
  }
  return undefined;
}

/**
 * A path with slashes doubled ("//", "/en//race/x") names the page with single
 * ones: the router would match it, but its address would not parse as a path
 * (`new URL("//", base)` reads a host). The address to send the client to, or
 * undefined when the path is already plain. Backslashes in a run count as
 * slashes, so the answer never starts with "//" or "/\" (another site, to a
 * browser).
 */
export function singleSlashed(url: string): string | undefined {
  const q = url.indexOf("?");
  const path = q === -1 ? url : url.slice(0, q);
  if (!/\/[/\\]/.test(path)) return undefined;
  return path.replace(/\/[/\\]*/g, "/") + (q === -1 ? "" : url.slice(q));
}

export function requestGuard() {
  return (req: Request, res: Response, next: NextFunction) => {
    const refused = refusal(req);
    if (!refused) {
      const plain = singleSlashed(req.url);
      if (plain === undefined) return next();
      res.setHeader("Cache-Control", "no-store");
      // 308 keeps a form's POST a POST.
      return res.redirect(req.method === "GET" || req.method === "HEAD" ? 301 : 308, plain);
    }
    if (refused.status === 405) res.setHeader("Allow", [...ALLOWED_METHODS].join(", "));
    sendRefusal(req, res, refused.status, refused.key);
  };
}

/** A short refusal in the language of the path (es when the path says nothing). */
export function sendRefusal(req: Request, res: Response, status: number, key: string): void {
  const lang = langFromPath(req.path);
  const text = message(lang, `errors.${key}`);
  res.setHeader("Cache-Control", "no-store");
  if (req.path.startsWith("/api/") || /json/.test(req.get("accept") ?? "")) {
    res.status(status).json({ error: { code: key, message: text } });
  } else {
    res.status(status).type("text/plain").send(text);
  }
}
