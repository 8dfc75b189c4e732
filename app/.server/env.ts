import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

const optionalUrl = z.url().optional();
const flag = z.enum(["0", "1", "true", "false"]).optional();

/** Where the crash tests may kill the server (crash-point.ts). */
export const CRASH_POINTS = ["payment.before-commit", "payment.after-commit"] as const;

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Dorsal <fotos@dorsal.local>"),
  ADMIN_EMAIL: z.email().default("admin@dorsal.local"),
  ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** A Prometheus scraper's bearer token for /metrics; unset, /metrics is not published. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  SEED_DEMO: flag,
  MERCADOPAGO_ACCESS_TOKEN: z.string().min(1).optional(),
  MERCADOPAGO_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_SECRET_KEY: z.string().startsWith("sk_", "must start with sk_").optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith("whsec_", "must start with whsec_").optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().min(1).default("us-east-1"),
  // Which proxies in front may tell us the client's address (X-Forwarded-For): a hop count, or
  // addresses and subnets (and Express's names loopback, linklocal, uniquelocal), comma-separated.
  TRUST_PROXY: z
    .string()
    .regex(
      /^(?:\d{1,2}|(?:loopback|linklocal|uniquelocal|[0-9A-Fa-f:.]+(?:\/\d{1,3})?)(?:\s*,\s*(?:loopback|linklocal|uniquelocal|[0-9A-Fa-f:.]+(?:\/\d{1,3})?))*)$/,
      "must be a hop count or a comma-separated list of addresses",
    )
    .optional(),
  // Bib recognition: photos read at once (a reader process each, ~0.5 GB) and the detector's second
  // whole look in px (0: none); unset, sized to the machine (recognition/capacity.ts).
  RECOGNITION_READERS: z.coerce.number().int().min(1).max(64).optional(),
  RECOGNITION_SECOND_LOOK: z.coerce
    .number()
    .int()
    .refine((px) => px === 0 || (px >= 320 && px <= 2048), "must be 0 (none) or 320 to 2048 pixels")
    .optional(),
  // Test hook: the crash tests' kill point (crash-point.ts); never set in a deployment.
  CRASH_AT: z.enum(CRASH_POINTS).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Env = z.infer<typeof schema> & { dataDir: string; publicUrl: string; seedDemo: boolean; trustProxy: number | string[] | false };

export class EnvError extends Error {}

/**
 * Loads `.env` from the working folder (or the file `ENV_FILE` names; an
 * empty `ENV_FILE` loads none) with Node's own loader, before the environment
 * is read: a variable already set in the environment wins over the file.
 * Returns the file loaded, if any.
 */
export function loadEnvFile(source: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string | undefined {
  const named = source.ENV_FILE;
  if (named === "") return undefined;
  const file = path.resolve(cwd, named ?? ".env");
  if (!fs.existsSync(file)) {
    if (named !== undefined) throw new EnvError(`Invalid environment variable ENV_FILE: ${file} does not exist`);
    return undefined;
  }
  process.loadEnvFile(file);
  return file;
}

/** Parses an environment; empty strings count as unset so `.env` templates stay harmless. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue.path[0] ?? "environment");
    throw new EnvError(`Invalid environment variable ${name}: ${issue.message}`);
  }
  const env = result.data;
  // Several instances on one PostgreSQL must sign sessions alike: a secret made up by one would log everyone out of the others.
  if (env.DATABASE_URL && env.NODE_ENV === "production" && !env.SESSION_SECRET) {
    throw new EnvError(
      "Invalid environment variable SESSION_SECRET: required with DATABASE_URL in production (at least 32 characters, the same on every instance)",
    );
  }
  return {
    ...env,
    dataDir: path.resolve(env.DATA_DIR),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    seedDemo: env.SEED_DEMO === undefined ? true : env.SEED_DEMO === "1" || env.SEED_DEMO === "true",
    trustProxy: trustProxyOf(env.TRUST_PROXY),
  };
}

/** Nothing trusted by default: every client is its own socket address, and a forged X-Forwarded-For is ignored. */
function trustProxyOf(value: string | undefined): number | string[] | false {
  if (value === undefined) return false;
  if (/^\d+$/.test(value)) return Number(value) || false;
  return value.split(",").map((s) => s.trim());
}

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
