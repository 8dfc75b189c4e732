import { describe, expect, it } from "vitest";
import { generatePassword, hashPassword, verifyPassword } from "./passwords.ts";

// Each hash is 128 MiB of scrypt by design (OWASP's cost): a loaded machine takes seconds for the few here.
const SCRYPT_TIMEOUT = 30_000;

describe("passwords", () => {
  it(
    "verifies the right password and refuses a wrong one",
    async () => {
      const hash = await hashPassword("correct horse battery");
      expect(hash.startsWith("scrypt$")).toBe(true);
      expect(await verifyPassword("correct horse battery", hash)).toBe(true);
      expect(await verifyPassword("wrong", hash)).toBe(false);
      expect(await verifyPassword("x", "garbage")).toBe(false);
    },
    SCRYPT_TIMEOUT,
  );
  it(
    "salts every hash",
    async () => {
      expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
      expect(generatePassword()).toMatch(/^[\w-]{16}$/);
    },
    SCRYPT_TIMEOUT,
  );
});
