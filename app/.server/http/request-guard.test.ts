import { describe, expect, it } from "vitest";
import { refusal, singleSlashed } from "./request-guard.ts";

describe("singleSlashed", () => {
  it("leaves a plain path alone, query included", () => {
    expect(singleSlashed("/")).toBeUndefined();
    expect(singleSlashed("/carrera/x?dorsal=12")).toBeUndefined();
    expect(singleSlashed("/carrera/x?back=//elsewhere")).toBeUndefined();
  });

  it("sends doubled slashes to the page with single ones, query kept", () => {
    expect(singleSlashed("//")).toBe("/");
    expect(singleSlashed("///")).toBe("/");
    expect(singleSlashed("/en//race/x//?bib=12")).toBe("/en/race/x/?bib=12");
  });

  it("never answers an address a browser would read as another site", () => {
    for (const url of ["//evil.example/x", "///evil.example", "/\\evil.example", "//\\evil.example", "/\\/evil.example"]) {
      const plain = singleSlashed(url);
      expect(plain, url).toBe("/evil.example" + (url.endsWith("/x") ? "/x" : ""));
      expect(plain).not.toMatch(/^[/\\]{2}/);
    }
  });
});

describe("refusal", () => {
  const req = (url: string, method = "GET") => ({ method, url, headers: { host: "shop.test" } });

  it("lets a plain request through and refuses what no route can read", () => {
    expect(refusal(req("/carrera/x?dorsal=12"))).toBeUndefined();
    expect(refusal(req("/carrera/%ZZ"))?.status).toBe(400);
    expect(refusal(req("/carrera/x?dorsal=%00"))?.status).toBe(400);
    expect(refusal(req("/media/..%2fsecret"))?.status).toBe(404);
    expect(refusal(req("/", "TRACE"))?.status).toBe(405);
    expect(refusal(req(`/${"a".repeat(5000)}`))?.status).toBe(414);
  });
});
