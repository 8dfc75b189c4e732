import { describe, expect, it } from "vitest";
import { alternates, canonicalPath } from "./seo.ts";

describe("canonicalPath", () => {
  it("drops the query of screens other than the race page", () => {
    expect(canonicalPath("/en/contact?utm_source=x")).toBe("/en/contact");
    expect(canonicalPath("/")).toBe("/");
  });

  it("keeps page (beyond 1) and tag on the race page, not the runner", () => {
    expect(canonicalPath("/carrera/tetra?p=2&n=305&t=largada&x=1")).toBe("/carrera/tetra?p=2&t=largada");
    expect(canonicalPath("/br/carreira/tetra?p=1")).toBe("/br/carreira/tetra");
  });

  it("translates into another language", () => {
    expect(canonicalPath("/ayuda", "br")).toBe("/br/ajuda");
    expect(canonicalPath("/en/race/tetra?t=meta", "es")).toBe("/carrera/tetra?t=meta");
  });

  it("is undefined for paths that are no screen", () => {
    expect(canonicalPath("/api/fotos/x")).toBeUndefined();
  });
});

describe("alternates", () => {
  it("gives the canonical URL and es, en, pt-BR and x-default alternates", () => {
    expect(alternates("/en/help", "https://shop.example/")).toEqual({
      canonical: "https://shop.example/en/help",
      links: [
        { hreflang: "es", href: "https://shop.example/ayuda" },
        { hreflang: "en", href: "https://shop.example/en/help" },
        { hreflang: "pt-BR", href: "https://shop.example/br/ajuda" },
        { hreflang: "x-default", href: "https://shop.example/ayuda" },
      ],
    });
  });
});
