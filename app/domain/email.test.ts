import { describe, expect, it } from "vitest";
import { isEmailAddress } from "./email.ts";

describe("isEmailAddress", () => {
  it("takes plain addresses and refuses what is none or would break a mail header", () => {
    for (const ok of ["ana@example.com", "ana.perez+fotos@mail.example.com.ar", "JOSÉ@correo.es"]) expect(isEmailAddress(ok), ok).toBe(true);
    for (const bad of [
      "",
      "ana",
      "ana@",
      "ana@example",
      "@example.com",
      "ana perez@example.com",
      "ana@exa mple.com",
      "<ana@example.com>",
      "ana@example.com,bob@example.com",
      'a"b@example.com',
      `${"a".repeat(250)}@example.com`,
    ])
      expect(isEmailAddress(bad), bad).toBe(false);
  });
});
