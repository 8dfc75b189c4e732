import { createHash } from "node:crypto";
import type { NextFunction, Request, Response } from "express";

/**
 * The page's Content-Security-Policy: our own scripts, plus the inline scripts
 * the page was rendered with, each named by its SHA-256 (React Router's
 * hydration data). Hashes, not a nonce: a cached page goes to thousands of
 * visitors (and a CDN may keep it), and a nonce everyone has seen protects
 * nothing, while a hash admits only the script it names. Development runs
 * Vite's own inline scripts, which only `'unsafe-inline'` admits (and which
 * any hash beside it would switch off). Forms post to us, or (after a
 * redirect) to a payment provider's https checkout.
 */
export function contentSecurityPolicy({ scriptHashes = [], dev = false }: { scriptHashes?: string[]; dev?: boolean } = {}): string {
  const inline = dev ? ["'unsafe-inline' 'unsafe-eval'"] : scriptHashes.map((hash) => `'sha256-${hash}'`);
  const scripts = ["'self'", ...inline].join(" ");
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    // Media URLs are built from PUBLIC_URL, which may name another host than the one serving.
    "img-src 'self' data: blob: http: https:",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "font-src 'self' data:",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self' https:",
  ].join("; ");
}

/** An inline script without `src` or a data type (JSON-LD is never run): what the browser hashes and runs. */
const INLINE_SCRIPT = /<script\b((?:(?!\bsrc=)[^>])*)>([\s\S]*?)<\/script>/gi;
const DATA_TYPE = /(?:^|\s)type="(?!module"|text\/javascript")[^"]*"/i;

/** The base64 SHA-256 of each inline script of a page, once each, as CSP names them. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (DATA_TYPE.test(attributes)) continue;
    hashes.add(createHash("sha256").update(body, "utf8").digest("base64"));
  }
  return [...hashes];
}

/** Conservative headers for every response; HTML pages get their scripts' hashes later (page-handler.ts). */
export function securityHeaders({ dev, https }: { dev: boolean; https: boolean }) {
  const csp = contentSecurityPolicy({ dev });
  return (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Content-Security-Policy", csp);
    // Only when buyers reach us over https: a browser told so never tries http again for a year.
    if (https) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}
