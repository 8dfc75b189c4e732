import fs from "node:fs";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { adminUsers } from "../db/schema.ts";
import type { Env } from "../env.ts";
import { generatePassword, hashPassword } from "./passwords.ts";

export type Role = "admin" | "photographer";

const credentials = z.object({ email: z.email(), password: z.string().min(8, "must be at least 8 characters") });

/** Creates an operator, or resets the password of an existing one with that e-mail. */
export async function createAdmin(db: Db, email: string, password: string, role: Role = "admin"): Promise<{ created: boolean }> {
  const parsed = credentials.safeParse({ email: email.trim().toLowerCase(), password });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${String(issue.path[0])} ${issue.message}`);
  }
  const passwordHash = await hashPassword(parsed.data.password);
  const [existing] = await db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.email, parsed.data.email));
  if (existing) {
    await db.update(adminUsers).set({ passwordHash, role }).where(eq(adminUsers.id, existing.id));
    return { created: false };
  }
  await db.insert(adminUsers).values({ email: parsed.data.email, passwordHash, role });
  return { created: true };
}

/**
 * The first admin comes from ADMIN_EMAIL / ADMIN_PASSWORD. Without a password one
 * is generated once and kept in DATA_DIR so every start can print the login.
 */
export async function ensureFirstAdmin(db: Db, env: Env): Promise<{ email: string; password?: string }> {
  const passwordFile = path.join(env.dataDir, "admin-password.txt");
  const [{ n }] = await db.select({ n: count() }).from(adminUsers);
  const email = env.ADMIN_EMAIL.toLowerCase();
  if (Number(n) === 0) {
    const password = env.ADMIN_PASSWORD ?? generatePassword();
    await createAdmin(db, email, password, "admin");
    if (!env.ADMIN_PASSWORD) fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
    return { email, password };
  }
  if (env.ADMIN_PASSWORD) return { email, password: env.ADMIN_PASSWORD };
  const saved = fs.existsSync(passwordFile) ? fs.readFileSync(passwordFile, "utf8").trim() : undefined;
  return { email, password: saved };
}
