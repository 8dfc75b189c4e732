import type { NextFunction, Request, Response } from "express";

/** Conservative headers for every response; pages load only our own scripts, styles and images. */
export function securityHeaders(dev: boolean) {
  const csp = [
    "default-src 'self'",
    // React Router's hydration data is an inline script.
    `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: http: https:",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "font-src 'self' data:",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self' http: https:",
  ].join("; ");
  return (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    res.setHeader("Content-Security-Policy", csp);
    next();
  };
}
