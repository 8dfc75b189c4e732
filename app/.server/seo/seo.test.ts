import { describe, expect, it } from "vitest";
import { robotsTxt } from "./robots-txt.ts";
import { sitemapXml } from "./sitemap-xml.ts";

describe("sitemapXml", () => {
  const xml = sitemapXml([{ screen: "help" }, { screen: "race", params: { slug: "tetra-chapelco-2025" }, lastmod: "2026-11-01" }], "https://shop.example/");

  it("lists every page in every language", () => {
    const locs = [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      "https://shop.example/ayuda",
      "https://shop.example/en/help",
      "https://shop.example/br/ajuda",
      "https://shop.example/carrera/tetra-chapelco-2025",
      "https://shop.example/en/race/tetra-chapelco-2025",
      "https://shop.example/br/carreira/tetra-chapelco-2025",
    ]);
  });

  it("gives each URL its language siblings and x-default", () => {
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="pt-BR" href="https://shop.example/br/ajuda"/>');
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://shop.example/ayuda"/>');
    expect(xml).toContain("<lastmod>2026-11-01</lastmod>");
    expect(xml.match(/hreflang="x-default"/g)).toHaveLength(6);
  });
});

describe("robotsTxt", () => {
  const robots = robotsTxt("https://shop.example");
  it("keeps crawlers out of the API, the back office and purchases in every language, not out of the shop's forms", () => {
    expect(robots).not.toContain("fullin");
    for (const path of ["/api/", "/admin", "/compra/", "/en/purchase/", "/br/compra/", "/account/compra/", "/precompra/", "/en/prepurchase/"]) {
      expect(robots).toContain(`Disallow: ${path}\n`);
    }
    for (const path of ["/checkout", "/en/checkout", "/preventa/", "/en/preorder/"]) expect(robots).not.toContain(`Disallow: ${path}`);
    expect(robots).not.toMatch(/Disallow: \/\n/);
    expect(robots).toContain("Sitemap: https://shop.example/sitemap.xml");
  });
});
