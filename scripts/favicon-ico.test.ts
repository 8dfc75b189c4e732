import fs from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { FAVICON_ICO, FAVICON_SVG, ICO_SIZES, iconPng, icoImages } from "./favicon-ico.ts";

const pixels = (png: Buffer) => sharp(png).ensureAlpha().raw().toBuffer();

describe("the shop's favicon.ico", () => {
  it("is favicon.svg at each of its sizes (run scripts/favicon-ico.ts after changing the SVG)", async () => {
    const images = icoImages(fs.readFileSync(FAVICON_ICO));
    expect([...images.keys()]).toEqual(ICO_SIZES);
    const svg = fs.readFileSync(FAVICON_SVG);
    for (const size of ICO_SIZES) {
      const [inIco, fromSvg] = await Promise.all([pixels(images.get(size)!), pixels(await iconPng(svg, size))]);
      expect(inIco.length).toBe(size * size * 4);
      // Palette quantisation may differ by a shade between libvips versions; a changed drawing differs by far more.
      const worst = inIco.reduce((most, value, i) => Math.max(most, Math.abs(value - fromSvg[i])), 0);
      expect(worst, `${size} px`).toBeLessThan(48);
    }
  });
});
