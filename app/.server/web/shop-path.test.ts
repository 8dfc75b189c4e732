import { describe, expect, it } from "vitest";
import { shopPath } from "./shop-path.ts";

describe("shopPath", () => {
  it("keeps a path of this shop with its query, the notes set in it", () => {
    expect(shopPath("/en/race/trail-x?n=7&foto=AbC")).toBe("/en/race/trail-x?n=7&foto=AbC");
    expect(shopPath("/admin/carreras/1/etiquetar?notice=updated&page=2", { notice: "deleted", count: 3, hidden: undefined })).toBe(
      "/admin/carreras/1/etiquetar?notice=deleted&page=2&count=3",
    );
    expect(shopPath("/")).toBe("/");
  });

  it("refuses what a browser would take to another site", () => {
    for (const away of ["//evil.example/x", "/\\evil.example", "/\\/evil.example", "\\\\evil.example", "https://evil.example/", "http:/evil.example"]) {
      expect(shopPath(away), away).toBeUndefined();
    }
  });

  it("refuses what is not a plain path: relative, spaced, control characters, not a string, too long", () => {
    for (const odd of ["", "race/x", " /race", "/race x", "/race\tx", "/race\nLocation: x", "/a\u0000b", "/ñandú", undefined, 7, ["/x"]]) {
      expect(shopPath(odd), String(odd)).toBeUndefined();
    }
    expect(shopPath(`/${"a".repeat(2000)}`)).toBeUndefined();
  });

  it("drops a fragment (no form of ours sends one)", () => {
    expect(shopPath("/en/race/x?n=1#photos")).toBe("/en/race/x?n=1");
  });
});
