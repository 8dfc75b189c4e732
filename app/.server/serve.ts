// The shop's HTTP server (started by server.ts): boots the services, seeds the
// demo shop on an empty database, starts the job worker and serves pages, API and media.
import fs from "node:fs";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { boot } from "./boot.ts";
import { EnvError, getEnv, loadEnvFile } from "./env.ts";
import { createExpressApp } from "./express-app.ts";
import { claimDataDir, dataDirTaken, releaseDataDir, removeServerLock, writeServerLock } from "./server-lock.ts";

/** `root`: the project folder (its `build/`); `dev`: pages from Vite's dev server instead of the build. */
export async function serve({ root, dev }: { root: string; dev: boolean }): Promise<void> {
  let env;
  try {
    loadEnvFile();
    env = getEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  if (!env.DATABASE_URL) {
    // The embedded database is one process's: never open it beside a server that runs on it.
    const holder = claimDataDir(env);
    if (holder !== undefined) {
      console.error(`${dataDirTaken(env, holder)}: stop it first, or give this server another DATA_DIR.`);
      process.exit(1);
    }
    process.on("exit", () => releaseDataDir(env));
  }
  const services = await boot(env);
  const { logger } = services;
  await services.recoverJobs();
  void services.admin.uploads.recover();
  services.worker.start();
  services.housekeeping.start();
  const admin = await services.admins.ensureFirst();

  let app;
  if (dev) {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true }, appType: "custom" });
    app = createExpressApp({
      services,
      devMiddleware: viteServer.middlewares,
      build: () => viteServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    });
  } else {
    const buildFile = path.join(root, "build/server/index.js");
    if (!fs.existsSync(buildFile)) {
      console.error("No build found: run `npm start` (it builds first) or `npm run build`.");
      process.exit(1);
    }
    const build = (await import(buildFile)) as ServerBuild;
    app = createExpressApp({ services, build, clientDir: path.join(root, "build/client") });
  }

  const server = app.listen(env.PORT, env.HOST, () => {
    writeServerLock(env, services.cliToken);
    app.locals.pageWarmer?.start();
    console.log(`Dorsal is running at ${env.publicUrl}`);
    logger.info(services.recognition.capacity, "bib recognition: photos read at once (readers) and the detector's second look (px, 0: none)");
    // The shop opens at once; an empty one is filled with the demo races behind it, and their photos show
    // as their watermarked images are made (the large race last).
    if (env.seedDemo) {
      services.demo
        .seedIfEmpty()
        .then(async (seed) => {
          if (!seed.rest) return;
          console.log("Importing the large demo race in the background…");
          await seed.rest();
          logger.info("demo seed complete");
        })
        .catch((error: unknown) => logger.error({ err: error }, "demo seed failed"));
    }
    console.log(`Back office: ${env.publicUrl}/admin  ·  login ${admin.email}${backOfficePassword(admin)}`);
  });
  // A slow or stalled client gives up its connection: headers within 20 s, a whole request
  // within 5 minutes (an 8 MB upload chunk on a slow field connection).
  server.headersTimeout = 20_000;
  server.requestTimeout = 300_000;
  server.on("error", (error) => {
    console.error(`Cannot listen on ${env.HOST}:${env.PORT}: ${(error as Error).message}`);
    process.exit(1);
  });

  const shutdown = async (signal: string) => {
    logger.info({ signal }, "shutting down");
    app.locals.stopping = true;
    app.locals.pageWarmer?.stop();
    removeServerLock(env);
    server.close();
    await services.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

/** The generated password once, at the first start; afterwards only where it is kept; never one from the environment. */
function backOfficePassword(admin: { generated?: string; passwordFile?: string }): string {
  if (admin.generated) return `  ·  password ${admin.generated} (kept in ${admin.passwordFile}; change it under My account)`;
  if (admin.passwordFile) return `  ·  password in ${admin.passwordFile}`;
  return "";
}
