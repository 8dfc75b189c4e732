import path from "node:path";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { RouterContextProvider, type RouterContext, type ServerBuild } from "react-router";
import { clientContext, servicesContext } from "../context.ts";
import { TEXTS_PATH } from "../i18n/messages/index.ts";
import type { Services } from "./services.ts";
import {
  abuseLimits,
  createPageWarmer,
  mediaHandler,
  metricsHandler,
  pageHandler,
  requestGuard,
  sendRefusal,
  requestLog,
  staticAssets,
  securityHeaders,
} from "./http/index.ts";
import { cliBridge } from "./cli-bridge.ts";

export type AppOptions = {
  services: Services;
  /** The production build, or a loader of the dev build. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Folder of the built browser assets (production). */
  clientDir?: string;
  /** Vite's dev middleware (development). */
  devMiddleware?: express.RequestHandler;
};

/** A path whose last segment has an extension: a file, not a page. */
const FILE_NAME = /\.[a-z0-9]{1,8}$/i;

export function createExpressApp({ services, build, clientDir, devMiddleware }: AppOptions) {
  const app = express();
  app.disable("x-powered-by");
  // Rate limits and logs key on req.ip: only the proxies TRUST_PROXY names may set it from X-Forwarded-For.
  app.set("trust proxy", services.env.trustProxy);
  app.use(requestLog(services.logger, services.metrics.observe));
  const cache = devMiddleware ? undefined : services.pageCache;
  const pages = pageHandler({
    build,
    cache,
    mode: devMiddleware ? "development" : "production",
    origin: services.env.publicUrl,
    getLoadContext: (ip) =>
      new RouterContextProvider(
        new Map<RouterContext<unknown>, unknown>([
          [servicesContext, services],
          [clientContext, { ip }],
        ]),
      ),
  });
  // Started by serve.ts once the server listens, stopped when it stops.
  const warmer = cache
    ? createPageWarmer({
        version: cache.version,
        races: services.races.withBibs,
        warm: pages.warm,
        cacheBytes: cache.bytes,
        dropStale: cache.dropStale,
        budget: cache.maxBytes / 2,
        origin: services.env.publicUrl,
        logger: services.logger,
      })
    : undefined;
  app.locals.pageWarmer = warmer;
  if (cache) services.metrics.gauge("dorsal_page_cache_bytes", "Bytes of rendered storefront answers held in memory", cache.bytes);
  if (warmer) {
    services.metrics.gauge("dorsal_page_warmer_answers", "Runners' searches rendered ahead since the catalog last changed", warmer.warmed);
    app.use(warmer.track);
  }
  app.use(requestGuard());
  app.use(securityHeaders({ dev: Boolean(devMiddleware), https: services.env.publicUrl.startsWith("https://") }));
  app.use(compression());
  app.use(abuseLimits(services.rateLimiter));

  app.get("/healthz", async (_req, res) => {
    try {
      res.json(await services.health());
    } catch (error) {
      services.logger.error({ err: error }, "health check failed");
      res.status(503).json({ status: "error", database: "unreachable" });
    }
  });

  // For a load balancer: take traffic only while the database answers and the server is not stopping.
  app.get("/readyz", async (_req, res) => {
    const ready = !app.locals.stopping && (await services.ready());
    res.setHeader("Cache-Control", "no-store");
    res.status(ready ? 200 : 503).json({ ready });
  });
  app.get("/metrics", metricsHandler(services.metrics, services.env.METRICS_TOKEN, services.logger));

  app.get("/media/{*key}", mediaHandler(services.storage));
  app.use("/internal/cli", cliBridge(services));
  // Each language's storefront texts, named by their content and kept by browsers.
  app.get(`${TEXTS_PATH}:file`, services.texts.handler);
  // Resumable photo uploads (tus); the upload service checks the operator's session and CSRF token.
  app.all(["/admin/uploads", "/admin/uploads/{*id}"], (req, res) => void services.admin.uploads.handle(req, res));

  if (devMiddleware) {
    app.use(devMiddleware);
  } else if (clientDir) {
    // Hashed build files never change: compressed once, served from memory, cached for a year.
    app.use("/assets", staticAssets(path.join(clientDir, "assets")));
    // The build's other files (favicon.svg) all have an extension; pages never do. Asking the disk
    // about every page path first cost a stat per request (a third of a cached page's time).
    const publicFiles = express.static(clientDir, { maxAge: "1h", index: false });
    app.use((req, res, next) => (FILE_NAME.test(req.path) ? publicFiles(req, res, next) : next()));
  }

  app.all("/{*splat}", pages);

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    // Express and its static files raise 4xx errors of their own (a bad encoding, a folder): they are the client's.
    const status = Number((error as { status?: unknown })?.status ?? (error as { statusCode?: unknown })?.statusCode);
    if (status >= 400 && status < 500) {
      if (!res.headersSent) sendRefusal(req, res, status, status === 413 ? "tooLarge" : status === 404 ? "notFound" : "badRequest");
      return;
    }
    services.logger.error({ err: error }, "unhandled error");
    if (!res.headersSent)
      res
        .status(500)
        .type("text/plain")
        .send(`Internal error (reference ${String(res.locals.requestId ?? "")})`);
    else res.destroy();
  });
  return app;
}
