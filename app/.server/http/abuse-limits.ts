import type { NextFunction, Request, Response } from "express";
import type { Screen } from "../../i18n/paths.ts";
import { screenOfPath } from "./page-screen.ts";
import type { createRateLimiter, RateLimiter } from "../rate-limit/index.ts";
import { sendRefusal } from "./request-guard.ts";

/**
 * Per-address limits on the requests that cost us something: an order (a row,
 * an e-mail to any address, a provider call), a download link (a rendered
 * file), a zip; a look-up of a number by name, so no script reads a start
 * list's names out of it; and a runner's "this is me", so no script fills the
 * review queue with claims. Generous for a person, short for a script. Counted
 * in the database (rate-limit.ts), keyed by the client address TRUST_PROXY
 * lets us see.
 */
const LIMITS = {
  checkout: { limit: 60, windowMs: 10 * 60_000 },
  download: { limit: 600, windowMs: 10 * 60_000 },
  zip: { limit: 60, windowMs: 10 * 60_000 },
  names: { limit: 60, windowMs: 10 * 60_000 },
  claims: { limit: 30, windowMs: 10 * 60_000 },
} as const;
type Bucket = keyof typeof LIMITS;

const ORDER_SCREENS: Screen[] = ["checkout", "fullset", "preorder"];
const PURCHASE_SCREENS: Screen[] = ["purchase", "purchaseAccount"];

/** Which limit a request counts against, if any: a POST that costs, or a GET that looks a name up (`q` on a race page). */
export function bucketOf(method: string, path: string, query: Record<string, unknown> = {}): Bucket | undefined {
  if (method === "GET" || method === "HEAD") {
    return path.startsWith("/api/corredores/") || (query.q !== undefined && screenOfPath(path) === "race") ? "names" : undefined;
  }
  if (method !== "POST") return undefined;
  const screen = screenOfPath(path);
  if (path === "/api/purchase" || path === "/api/preventa" || (screen && ORDER_SCREENS.includes(screen))) return "checkout";
  if (path === "/api/download" || (screen && PURCHASE_SCREENS.includes(screen))) return "download";
  if (path === "/api/create_zip") return "zip";
  if (path === "/api/claim") return "claims";
  return undefined;
}

type LimiterFactory = (options: Omit<Parameters<typeof createRateLimiter>[0], "db">) => RateLimiter;

export function abuseLimits(rateLimiter: LimiterFactory) {
  const limiters = Object.fromEntries(
    Object.entries(LIMITS).map(([bucket, { limit, windowMs }]) => [bucket, rateLimiter({ bucket, limit, windowMs })]),
  ) as Record<Bucket, RateLimiter>;
  return async (req: Request, res: Response, next: NextFunction) => {
    const bucket = bucketOf(req.method, req.path, req.query);
    if (!bucket) return next();
    try {
      const answer = await limiters[bucket].hit(req.ip ?? "");
      if (answer.ok) return next();
      res.setHeader("Retry-After", String(answer.retryAfter));
      sendRefusal(req, res, 429, "tooMany");
    } catch (error) {
      next(error);
    }
  };
}
