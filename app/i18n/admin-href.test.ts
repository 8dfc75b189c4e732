import { describe, expect, it } from "vitest";
import { adminHref, translateAdminPath } from "./admin-href.ts";

describe("adminHref", () => {
  it("builds localized back-office paths", () => {
    expect(adminHref("adminRace", "en", { raceId: 4 })).toBe("/en/admin/races/4");
    expect(adminHref("adminRaceTagging", "br", { raceId: 4 }, { untagged: 1 })).toBe("/br/admin/corridas/4/marcar?untagged=1");
    expect(adminHref("adminDashboard", "es")).toBe("/admin");
  });
  it("translates a path, keeping params and query", () => {
    expect(translateAdminPath("/admin/carreras/7/fotos?x=1", "en")).toBe("/en/admin/races/7/photos?x=1");
    expect(translateAdminPath("/en/admin/races/new", "br")).toBe("/br/admin/corridas/nova");
    expect(translateAdminPath("/br/admin/nope", "es")).toBe("/admin");
  });
});
