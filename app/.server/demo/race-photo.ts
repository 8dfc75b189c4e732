import { svgDocument, svgToJpeg } from "./encode.ts";
import { landscapeSvg } from "./landscape.ts";
import { courseMarkersSvg } from "./markers.ts";
import { hsl, pickPalette } from "./palette.ts";
import { createRng } from "./rng.ts";
import { RUNNER_FEET, RUNNER_HALF_WIDTH, RUNNER_TOP, runnerBox, runnerSvg } from "./runner.ts";

export type RacePhotoOptions = {
  /** One runner per bib number; empty = a landscape with only distant runners. */
  bibs: number[];
  seed: number;
  /** Written as EXIF DateTimeOriginal, as wall-clock time in `timeZone`. */
  takenAt: Date;
  /** The race's IANA time zone (default "UTC"): EXIF dates carry no zone, cameras show local time. */
  timeZone?: string;
  width?: number;
  height?: number;
};

type Placed = { x: number; y: number; scale: number; bib: string | null };

/**
 * A JPEG "race photo": trail landscape with one front-facing runner per bib.
 * Same options → identical bytes.
 */
export async function renderRacePhoto(opts: RacePhotoOptions): Promise<Buffer> {
  const width = opts.width ?? 2400;
  const height = opts.height ?? 1600;
  const rng = createRng(opts.seed);
  const pal = pickPalette(rng);
  const unit = Math.min(width / 2400, height / 1600); // runner scale 1 = 220×160 px bib at 2400×1600
  const { svg: land, trail } = landscapeSvg(rng, pal, { width, height, horizon: rng.range(0.4, 0.5) });
  const band = hsl(rng.range(0, 360), 0.75, 0.45); // one race = one bib colour

  // Ground position follows scale (farther = smaller = closer to the horizon).
  const nearFeet = height * 0.95;
  const feetAt = (scale: number) => trail.horizon + (nearFeet - trail.horizon) * (scale / unit);

  const placed: Placed[] = [];
  const n = opts.bibs.length;
  const column = width / Math.max(n, 1);
  opts.bibs.forEach((bib, i) => {
    const fit = (column * 0.95) / (2 * RUNNER_HALF_WIDTH); // never overlap a neighbour's bib
    const depth = n === 1 ? rng.range(0.95, 1.12) : rng.range(0.72, 1.05);
    const scale = Math.min(depth * unit, fit, unit * 1.12);
    const half = RUNNER_HALF_WIDTH * scale;
    const y = feetAt(scale);
    const cx = n === 1 ? width * rng.range(0.35, 0.65) : column * (i + 0.5) + rng.range(-0.1, 0.1) * column;
    const x = Math.min(width - half, Math.max(half, (cx * 3 + trail.at(y).x) / 4));
    placed.push({ x, y: Math.max(y, (RUNNER_FEET - RUNNER_TOP) * scale + height * 0.02), scale, bib: String(bib) });
  });

  // Distant runners: atmosphere, and the whole subject of a bib-less photo.
  for (let i = rng.int(n === 0 ? 3 : 0, n === 0 ? 6 : 3); i > 0; i--) {
    const scale = unit * rng.range(0.08, n === 0 ? 0.3 : 0.2);
    const y = feetAt(scale);
    const { x, half } = trail.at(y);
    placed.push({ x: x + rng.range(-1.6, 1.6) * half, y, scale, bib: null });
  }

  const people = placed
    .sort((a, b) => a.scale - b.scale)
    .map((p) => runnerSvg(rng, { ...p, bibBand: band, light: pal.light }))
    .join("\n");

  // Pennants go on top, minus any that would sit on a runner (a far pole must not cross a near body).
  const markers = courseMarkersSvg(rng, trail, height, band, placed.map(runnerBox));
  return svgToJpeg(svgDocument(width, height, land + people + markers), { quality: 82, takenAt: opts.takenAt, timeZone: opts.timeZone });
}
