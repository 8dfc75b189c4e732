import { describe, expect, it } from "vitest";
import { href, matchPath, translatePath } from "./href.ts";
import { LANGS } from "./langs.ts";
import { PATHS, SCREENS } from "./paths.ts";

const params = { slug: "tetra-chapelco-2025", id: "Xk3p9QaZ" };

describe("path table", () => {
  it("has every SPEC §2 path", () => {
    expect(href("races", "br")).toBe("/br/carreiras");
    expect(href("race", "en", { slug: "a" }, { n: 305, p: 2 })).toBe("/en/race/a?n=305&p=2");
    expect(href("purchaseAccount", "es", { id: "x" })).toBe("/account/compra/x");
    expect(href("fullset", "es", {}, { n: 1, c: 2, p: 1 })).toBe("/checkout/fullin?n=1&c=2&p=1");
    expect(href("preorder", "en", { slug: "s" })).toBe("/en/preorder/s");
    expect(href("prepurchase", "br", { id: "y" })).toBe("/br/precompra/y");
  });

  it("round-trips every screen es → en → br → es, keeping the query", () => {
    for (const screen of SCREENS) {
      const start = href(screen, "es", params, { p: 3, n: 305 });
      const en = translatePath(start, "en");
      const br = translatePath(en, "br");
      expect(en).toBe(href(screen, "en", params, { p: 3, n: 305 }));
      expect(br).toBe(href(screen, "br", params, { p: 3, n: 305 }));
      expect(translatePath(br, "es")).toBe(start);
    }
  });

  it("matches each localized path to its screen and language", () => {
    for (const screen of SCREENS) {
      for (const lang of LANGS) {
        const path = href(screen, lang, params);
        expect(matchPath(path)).toMatchObject({ screen, lang });
      }
    }
    expect(Object.keys(PATHS)).toHaveLength(12);
  });

  it("sends unknown paths to the target language's home and keeps the query", () => {
    expect(translatePath("/nope?x=1", "en")).toBe("/en?x=1");
    expect(translatePath("/en/race", "es")).toBe("/");
  });

  it("encodes params safely", () => {
    expect(href("race", "es", { slug: "a b/c" })).toBe("/carrera/a%20b%2Fc");
    expect(() => href("race", "es")).toThrow(/slug/);
  });
});
