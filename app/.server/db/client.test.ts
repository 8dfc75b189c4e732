import { describe, expect, it } from "vitest";
import { isUniqueViolation } from "./client.ts";

describe("isUniqueViolation", () => {
  // As drizzle wraps the driver's error (PGlite's and pg's both carry code and constraint).
  const wrapped = (code: string, constraint?: string) =>
    Object.assign(new Error("Failed query: insert…"), { cause: Object.assign(new Error("duplicate key"), { code, constraint }) });

  it("sees a unique index's refusal under the driver's wrapping, by index when one is named", () => {
    expect(isUniqueViolation(wrapped("23505", "races_slug_key"))).toBe(true);
    expect(isUniqueViolation(wrapped("23505", "races_slug_key"), "races_slug_key")).toBe(true);
    expect(isUniqueViolation(wrapped("23505", "photos_public_id_key"), "races_slug_key")).toBe(false);
  });

  it("leaves every other failure alone", () => {
    expect(isUniqueViolation(wrapped("23503", "races_slug_key"))).toBe(false);
    expect(isUniqueViolation(new Error("connection lost"))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
    expect(isUniqueViolation("23505")).toBe(false);
  });
});
