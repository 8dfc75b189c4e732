import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { isBackOfficeRequest, withoutBackOffice } from "./storefront-build.ts";

const ROUTES: [id: string, path: string | undefined, parentId?: string][] = [
  ["root", ""],
  ["home-es", "/", "root"],
  ["race-en", "/en/race/:slug", "root"],
  ["routes/api.fotos", "api/fotos/:slug", "root"],
  ["adminLogin-es", "/admin/login", "root"],
  ["admin-layout", undefined, "root"],
  ["adminDashboard-br", "/br/admin", "admin-layout"],
  ["adminRaces-en", "/en/admin/races", "admin-layout"],
  ["routes/admin/api.bibs", "admin/api/bibs", "admin-layout"],
  ["routes/unknown-path", "*", "root"],
];

const build = {
  routes: Object.fromEntries(ROUTES.map(([id, path, parentId]) => [id, { id, path, parentId, module: {} }])),
  assets: { url: "/m.js", version: "1", entry: { module: "/e.js", imports: [] }, routes: Object.fromEntries(ROUTES.map(([id]) => [id, { id }])) },
} as unknown as ServerBuild;

describe("withoutBackOffice", () => {
  it("keeps every storefront route, the catch-all included, in the routes and in the page's manifest", () => {
    const storefront = withoutBackOffice(build);
    const kept = ["root", "home-es", "race-en", "routes/api.fotos", "routes/unknown-path"];
    expect(Object.keys(storefront.routes)).toEqual(kept);
    expect(Object.keys(storefront.assets.routes)).toEqual(kept);
  });

  it("leaves the whole build as it was", () => {
    withoutBackOffice(build);
    expect(Object.keys(build.routes)).toHaveLength(ROUTES.length);
    expect(Object.keys(build.assets.routes)).toHaveLength(ROUTES.length);
  });
});

describe("isBackOfficeRequest", () => {
  it("sends the back office's pages, data and APIs in every language, and route discovery, to the whole build", () => {
    for (const path of [
      "/admin",
      "/admin/",
      "/admin.data",
      "/admin/carreras/3/fotos",
      "/en/admin/races.data",
      "/br/admin",
      "/admin/api/bibs",
      "/__manifest",
      "/Admin",
      "/EN/Admin/races",
      "/%61dmin",
      "/en%2Fadmin",
      "/%E0%A4%A",
    ]) {
      expect(isBackOfficeRequest(path), path).toBe(true);
    }
  });

  it("answers storefront addresses with the storefront's routes, even ones that only look alike", () => {
    for (const path of ["/", "/en/race/administracion", "/carrera/admin", "/administrador", "/api/fotos/x", "/_root.data", "/br/carreira/x.data"]) {
      expect(isBackOfficeRequest(path), path).toBe(false);
    }
  });
});
