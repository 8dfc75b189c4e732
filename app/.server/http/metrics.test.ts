import { describe, expect, it } from "vitest";
import { routeOf } from "./metrics.ts";

describe("routeOf", () => {
  it("names a request by its screen or API, never by its ids", () => {
    expect(routeOf("/carrera/tetra-chapelco-2025")).toBe("race");
    expect(routeOf("/en/race/tetra-chapelco-2025.data")).toBe("race");
    expect(routeOf("/")).toBe("home");
    expect(routeOf("/api/fotos/tetra-chapelco-2025")).toBe("api/fotos");
    expect(routeOf("/admin/api/bib-review")).toBe("admin/api/bib-review");
    expect(routeOf("/media/public/p/abc-480.webp")).toBe("media");
    expect(routeOf("/assets/root-abc.js")).toBe("assets");
    expect(routeOf("/healthz")).toBe("healthz");
    expect(routeOf("/no/such/thing/12345")).toBe("other");
  });
});
