import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Env } from "../env.ts";

/**
 * The key that signs session cookies and CSRF tokens: SESSION_SECRET, else one
 * generated on first start and kept in DATA_DIR so sessions survive restarts.
 */
export function loadSessionSecret(env: Env): Buffer {
  if (env.SESSION_SECRET) return Buffer.from(env.SESSION_SECRET, "utf8");
  const file = path.join(env.dataDir, "session-secret");
  try {
    const saved = fs.readFileSync(file, "utf8").trim();
    if (saved.length >= 32) return Buffer.from(saved, "utf8");
  } catch {}
  const secret = randomBytes(32).toString("base64url");
  fs.mkdirSync(env.dataDir, { recursive: true });
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return Buffer.from(secret, "utf8");
}
