import { svgDocument, svgToJpeg } from "./encode.ts";
import { landscapeSvg } from "./landscape.ts";
import { courseMarkersSvg } from "./markers.ts";
import { hsl, pickPalette } from "./palette.ts";
import { createRng } from "./rng.ts";
import { runnerBox, runnerSvg } from "./runner.ts";

export type PanoramaOptions = {
  seed: number;
  width: number;
  height: number;
  /** Runner sizes relative to a full-size race-photo runner; far away = unreadable bibs. */
  runnerScale: [min: number, max: number];
  runners: [min: number, max: number];
  lake: boolean;
};

/**
 * A wide trail landscape for banners, darkened towards the bottom-left so white
 * headline text placed there stays legible.
 */
export async function renderPanorama(o: PanoramaOptions): Promise<Buffer> {
  const { width, height } = o;
  const rng = createRng(o.seed);
  const pal = pickPalette(rng);
  const { svg: land, trail } = landscapeSvg(rng, pal, { width, height, horizon: rng.range(0.42, 0.5), lake: o.lake });
  const unit = height / 1600;
  const band = hsl(rng.range(0, 360), 0.75, 0.5);

  const runners: { x: number; y: number; scale: number }[] = [];
  for (let i = rng.int(...o.runners); i > 0; i--) {
    const scale = unit * rng.range(...o.runnerScale);
    const y = trail.horizon + (height * 0.95 - trail.horizon) * (scale / unit);
    const { x, half } = trail.at(y);
    runners.push({ x: x + rng.range(-0.7, 0.7) * half, y, scale });
  }
  const people = runners
    .sort((a, b) => a.scale - b.scale)
    .map((r) => runnerSvg(rng, { ...r, bib: null, bibBand: band, light: pal.light }))
    .join("");

  const shade = `<defs><linearGradient id="legible" x1="0" y1="1" x2="0.75" y2="0.1">
<stop offset="0" stop-color="#000" stop-opacity="0.6"/><stop offset="0.55" stop-color="#000" stop-opacity="0.18"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#legible)"/>`;

  return svgToJpeg(svgDocument(width, height, land + people + courseMarkersSvg(rng, trail, height, band, runners.map(runnerBox)) + shade), { quality: 84 });
}
