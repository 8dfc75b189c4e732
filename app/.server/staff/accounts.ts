import fs from "node:fs";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { z } from "zod";
import { type Db, adminUsers } from "../db/index.ts";
import type { Env } from "../env.ts";
import { generatePassword, hashPassword, verifyPassword } from "./passwords.ts";
import { emailField } from "../../domain/fields.ts";

export type Role = "admin" | "photographer" | "organizer";

const credentials = z.object({ email: emailField, password: z.string().min(8, "must be at least 8 characters") });

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

/** What the start may print about the first admin's login; a password given in the environment is never among it. */
export type FirstAdmin = {
  email: string;
  /** Generated just now, at the first start: printed once. */
  generated?: string;
  /** Where the generated password is kept, while it is still the account's password. */
  passwordFile?: string;
};

/**
 * The first admin comes from ADMIN_EMAIL / ADMIN_PASSWORD. Without a password one
 * is generated at the first start, printed once and kept (mode 600) in DATA_DIR;
 * later starts name only that file, and forget it once the password was changed.
 */
export async function ensureFirstAdmin(db: Db, env: Env): Promise<FirstAdmin> {
  const passwordFile = path.join(env.dataDir, "admin-password.txt");
  const [{ n }] = await db.select({ n: count() }).from(adminUsers);
  const email = env.ADMIN_EMAIL.toLowerCase();
  if (Number(n) === 0) {
    const password = env.ADMIN_PASSWORD ?? generatePassword();
    await createAdmin(db, email, password, "admin");
    if (env.ADMIN_PASSWORD) return { email };
    fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
    return { email, generated: password, passwordFile };
  }
  if (env.ADMIN_PASSWORD || !fs.existsSync(passwordFile)) return { email };
  const saved = fs.readFileSync(passwordFile, "utf8").trim();
  const [row] = await db.select({ hash: adminUsers.passwordHash }).from(adminUsers).where(eq(adminUsers.email, email));
  if (row && (await verifyPassword(saved, row.hash))) return { email, passwordFile };
  // Changed since: the file would only mislead.
  fs.rmSync(passwordFile, { force: true });
  return { email };
}
