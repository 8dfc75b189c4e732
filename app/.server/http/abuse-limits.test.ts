import { describe, expect, it } from "vitest";
import { bucketOf } from "./abuse-limits.ts";

describe("bucketOf", () => {
  it("counts the posts that cost us something", () => {
    expect(bucketOf("POST", "/api/purchase")).toBe("checkout");
    expect(bucketOf("POST", "/en/checkout")).toBe("checkout");
    expect(bucketOf("POST", "/api/download")).toBe("download");
    expect(bucketOf("POST", "/api/create_zip")).toBe("zip");
    expect(bucketOf("POST", "/api/claim")).toBe("claims");
    expect(bucketOf("GET", "/api/claim")).toBeUndefined();
    expect(bucketOf("POST", "/api/contact_email")).toBeUndefined();
  });

  it("counts a number looked up by name, in any language, and nothing else a visitor reads", () => {
    expect(bucketOf("GET", "/api/corredores/trail-x", { q: "ana garcia" })).toBe("names");
    expect(bucketOf("GET", "/carrera/trail-x", { q: "ana garcia" })).toBe("names");
    expect(bucketOf("GET", "/en/race/trail-x", { q: "" })).toBe("names");
    expect(bucketOf("HEAD", "/br/carreira/trail-x", { q: "ana" })).toBe("names");
    expect(bucketOf("GET", "/carrera/trail-x", { n: "12" })).toBeUndefined();
    expect(bucketOf("GET", "/api/fotos/trail-x", { q: "ana garcia" })).toBeUndefined();
    expect(bucketOf("GET", "/api/purchase/abc")).toBeUndefined();
  });
});
