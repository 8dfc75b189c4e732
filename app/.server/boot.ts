import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "./db/index.ts";
import { getEnv, type Env } from "./env.ts";
import { createLogger } from "./logger.ts";
import { createServices, type Services } from "./services.ts";
import { createStorage } from "./storage/index.ts";

/** Opens the database (migrating it), storage and services for the server, the CLI and tests. */
export async function boot(env: Env = getEnv()): Promise<Services> {
  const logger = createLogger(env.LOG_LEVEL);
  fs.mkdirSync(env.dataDir, { recursive: true });
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: path.join(env.dataDir, "db"),
    onConnectionLost: (error) => logger.warn({ err: error }, "database connection lost; reconnecting on the next query"),
  });
  const storage = createStorage(env);
  return createServices({ env, database, storage, logger });
}
