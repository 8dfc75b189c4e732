import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

let sequence = 0;

/**
 * `20261105T142233-481Z-000007-9f2c1a.eml`: sorts by time (then by order within a
 * millisecond in this process); the random tail keeps several processes apart.
 */
export function outboxFileName(now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace(".", "-");
  sequence = (sequence + 1) % 1_000_000;
  return `${stamp}-${String(sequence).padStart(6, "0")}-${randomBytes(3).toString("hex")}.eml`;
}

/** Writes one RFC 822 message; the rename makes it appear whole or not at all. */
export async function writeToOutbox(dir: string, message: Buffer): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  const name = outboxFileName();
  const file = path.join(dir, name);
  const partial = path.join(dir, `.${name}.part`);
  await fs.writeFile(partial, message);
  await fs.rename(partial, file);
  return file;
}
