import { sql } from "drizzle-orm";
import type { Request, Response } from "express";
import client from "prom-client";
import { rowsOf, type Db } from "../db/index.ts";
import type { Logger } from "../logger.ts";
import { safeEqual } from "../safe-equal.ts";
import { screenOfPath } from "./page-screen.ts";

/**
 * What a request is, for a label: a storefront or back-office screen by name,
 * an API by its first segment, or one of the server's own paths. Never the
 * path itself (a label per bib or photo would grow without end).
 */
export function routeOf(path: string): string {
  if (path.startsWith("/assets/")) return "assets";
  if (path.startsWith("/media/")) return "media";
  if (path.startsWith("/admin/uploads")) return "uploads";
  if (path === "/healthz" || path === "/readyz" || path === "/metrics") return path.slice(1);
  const api = /^\/(api|fake-api|admin\/api)\/([\w-]+)/.exec(path);
  if (api) return `${api[1]}/${api[2]}`;
  return screenOfPath(path) ?? "other";
}

/**
 * The shop's figures in Prometheus' format at `/metrics`: requests and their
 * latency by route, the job queue (depth and failures by type), imports in
 * progress, sales and payments by state, and Node's own (memory, event loop,
 * GC). The database figures are read when scraped, so every instance reports
 * the shared queue and sales alike.
 */
export function createMetrics({ db, importJob }: { db: Db /** The job type of a folder import (the back office's). */; importJob: string }) {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: "dorsal_" });
  const requests = new client.Counter({
    name: "dorsal_http_requests_total",
    help: "HTTP requests answered, by route, method and status",
    labelNames: ["route", "method", "status"],
    registers: [registry],
  });
  const latency = new client.Histogram({
    name: "dorsal_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by route and method",
    labelNames: ["route", "method"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query));
  new client.Gauge({
    name: "dorsal_jobs",
    help: "Jobs by type and state (queued, running, done, failed)",
    labelNames: ["type", "state"],
    registers: [registry],
    async collect() {
      const counts = await rows<{ type: string; status: string; n: number }>(sql`select type, status, count(*)::int as n from jobs group by type, status`);
      this.reset();
      for (const c of counts) this.set({ type: c.type, state: c.status }, Number(c.n));
    },
  });
  new client.Gauge({
    name: "dorsal_imports_in_progress",
    help: "Folder imports queued or running",
    registers: [registry],
    async collect() {
      const [c] = await rows<{ n: number }>(sql`select count(*)::int as n from jobs where type = ${importJob} and status in ('queued', 'running')`);
      this.set(Number(c?.n ?? 0));
    },
  });
  new client.Gauge({
    name: "dorsal_orders",
    help: "Sales by state (1 pending, 2 paid, 3 closed, 4 cancelled, 5 refunded, 6 refunded unlabelled) and currency",
    labelNames: ["state", "currency"],
    registers: [registry],
    async collect() {
      const counts = await rows<{ state: number; currency: string; n: number }>(
        sql`select state, currency, count(*)::int as n from orders group by state, currency`,
      );
      this.reset();
      for (const c of counts) this.set({ state: String(c.state), currency: c.currency }, Number(c.n));
    },
  });
  new client.Gauge({
    name: "dorsal_payments",
    help: "Provider payments by provider and status",
    labelNames: ["provider", "status"],
    registers: [registry],
    async collect() {
      const counts = await rows<{ provider: string; status: string; n: number }>(
        sql`select provider, status, count(*)::int as n from payments group by provider, status`,
      );
      this.reset();
      for (const c of counts) this.set({ provider: c.provider, status: c.status }, Number(c.n));
    },
  });

  return {
    /** Counts an answered request (the request log calls it once per response). */
    observe(path: string, method: string, status: number, seconds: number) {
      const route = routeOf(path);
      requests.inc({ route, method, status: String(status) });
      latency.observe({ route, method }, seconds);
    },
    /** A figure another part of the server keeps in memory, read when scraped. */
    gauge(name: string, help: string, read: () => number) {
      new client.Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    },
    contentType: registry.contentType,
    text: () => registry.metrics(),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * GET /metrics for a scraper holding METRICS_TOKEN (`Authorization: Bearer …`).
 * Without a token configured the figures are not published at all (404).
 */
export function metricsHandler(metrics: Metrics, token: string | undefined, logger: Logger) {
  const expected = token ? Buffer.from(`Bearer ${token}`) : undefined;
  return async (req: Request, res: Response) => {
    res.setHeader("Cache-Control", "no-store");
    if (!expected) {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    if (!safeEqual(req.get("authorization") ?? "", expected)) {
      res.status(401).setHeader("WWW-Authenticate", 'Bearer realm="metrics"').type("text/plain").send("Unauthorized");
      return;
    }
    try {
      res.type(metrics.contentType).send(await metrics.text());
    } catch (error) {
      logger.error({ err: error }, "metrics could not be collected");
      res.status(503).type("text/plain").send("Metrics unavailable");
    }
  };
}
