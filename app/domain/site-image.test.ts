import { describe, expect, it } from "vitest";
import { siteImageAt, siteImageSrcSet, siteImageVariant } from "./site-image.ts";

const hero = "https://shop.example/media/public/r/maraton-2025/hero-a6024c3e0fb7.webp";

describe("site images for every screen", () => {
  it("offers a stored hero at phone and tablet widths beside its own", () => {
    expect(siteImageSrcSet(hero)).toBe(`${siteImageAt(hero, 640)} 640w, ${siteImageAt(hero, 1080)} 1080w, ${hero} 2400w`);
    expect(siteImageAt(hero, 640)).toBe("https://shop.example/media/public/r/maraton-2025/hero-a6024c3e0fb7-640.webp");
  });

  it("leaves any other URL alone", () => {
    expect(siteImageSrcSet("https://cdn.example/banner.jpg")).toBeUndefined();
    expect(siteImageSrcSet("")).toBeUndefined();
  });

  it("knows a narrower copy's key from the stored image's, and only at the offered widths", () => {
    expect(siteImageVariant("public/r/maraton-2025/hero-a6024c3e0fb7-640.webp")).toEqual({ of: "public/r/maraton-2025/hero-a6024c3e0fb7.webp", width: 640 });
    expect(siteImageVariant("public/banners/banner-0123456789ab-1080.webp")).toEqual({ of: "public/banners/banner-0123456789ab.webp", width: 1080 });
    expect(siteImageVariant("public/r/maraton-2025/hero-a6024c3e0fb7-300.webp")).toBeUndefined();
    expect(siteImageVariant("public/r/maraton-2025/hero-a6024c3e0fb7.webp")).toBeUndefined();
    expect(siteImageVariant("originals/1/hero-a6024c3e0fb7-640.webp")).toBeUndefined();
  });
});
