import { describe, expect, it } from "vitest";
import { isUniqueViolation, refuseUnique } from "./client.ts";

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

describe("refuseUnique", () => {
  const failure = (code: string, constraint: string) =>
    Object.assign(new Error("Failed query"), { cause: Object.assign(new Error("db"), { code, constraint }) });
  const taken = new Error("slug taken");

  it("answers a failure on its index with the refusal, and passes any other failure through", async () => {
    await expect(Promise.reject(failure("23505", "races_slug_key")).catch(refuseUnique("races_slug_key", () => taken))).rejects.toBe(taken);
    const other = failure("23505", "photos_public_id_key");
    await expect(Promise.reject(other).catch(refuseUnique("races_slug_key", () => taken))).rejects.toBe(other);
    const lost = new Error("connection lost");
    await expect(Promise.reject(lost).catch(refuseUnique("races_slug_key", () => taken))).rejects.toBe(lost);
    expect(await Promise.resolve(7).catch(refuseUnique("races_slug_key", () => taken))).toBe(7);
  });
});
