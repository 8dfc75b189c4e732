import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";

/**
 * The page's Content-Security-Policy: our own scripts, plus inline scripts only
 * when they carry this response's nonce (React Router's hydration data). Forms
 * post to us, or (after a redirect) to a payment provider's https checkout.
 */
export function contentSecurityPolicy({ nonce, dev = false }: { nonce?: string; dev?: boolean } = {}): string {
  const scripts = ["'self'", nonce ? `'nonce-${nonce}'` : "", dev ? "'unsafe-inline' 'unsafe-eval'" : ""].filter(Boolean).join(" ");
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

export const newNonce = () => randomBytes(16).toString("base64");

/** Conservative headers for every response; HTML pages get their own nonce later (page-handler.ts). */
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
