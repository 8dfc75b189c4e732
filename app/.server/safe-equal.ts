import { timingSafeEqual } from "node:crypto";

/** Compares a secret someone sent with the one we hold, in time that tells nothing about where they differ. */
export function safeEqual(given: string | Buffer, expected: string | Buffer): boolean {
  const a = typeof given === "string" ? Buffer.from(given) : given;
  const b = typeof expected === "string" ? Buffer.from(expected) : expected;
  return a.length === b.length && timingSafeEqual(a, b);
}
