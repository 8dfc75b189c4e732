import { mix, type Palette } from "./palette.ts";
import type { Rng } from "./rng.ts";

/** Where the trail runs: lets callers stand runners on it at the right scale. */
export type Trail = {
  horizon: number;
  /** Centre x and half-width of the trail at height y (y ≥ horizon, where the trail starts). */
  at(y: number): { x: number; half: number };
};

export type LandscapeOptions = {
  width: number;
  height: number;
  /** Horizon as a fraction of the height. */
  horizon: number;
  /** A lake between the mountains and the foreground (panoramas). */
  lake?: boolean;
};

type Point = [number, number];
const f = (n: number) => n.toFixed(1);

/** Mountain ridge by midpoint displacement: cheap, and reads as real rock at any size. */
function ridge(rng: Rng, width: number, baseY: number, amplitude: number, roughness = 0.55, ceiling = 0): Point[] {
  let ys = [baseY - rng.range(0, amplitude), baseY - rng.range(0, amplitude)];
  let spread = amplitude;
  while (ys.length < 129) {
    const next: number[] = [];
    for (let i = 0; i < ys.length - 1; i++) next.push(ys[i], (ys[i] + ys[i + 1]) / 2 + rng.range(-spread, spread));
    next.push(ys[ys.length - 1]);
    ys = next;
    spread *= roughness;
  }
  // Displacements add up to ~2× amplitude; squash the range so peaks stay below the ceiling.
  const top = Math.min(...ys);
  const squash = top < ceiling ? (baseY - ceiling) / (baseY - top) : 1;
  const step = width / (ys.length - 1);
  return ys.map((y, i) => [i * step, Math.min(baseY - (baseY - y) * squash, baseY + amplitude * 0.15)]);
}

function ridgePath(points: Point[], bottom: number): string {
  const last = points[points.length - 1][0];
  return `M0 ${f(bottom)}${points.map(([x, y]) => `L${f(x)} ${f(y)}`).join("")}L${f(last)} ${f(bottom)}Z`;
}

/** Snow: the part of the ridge above a ragged snow line. */
function snowPath(rng: Rng, points: Point[], snowY: number): string {
  const line = points.map(([x]) => [x, snowY + rng.range(-1, 1) * 12] as Point);
  const top = points.map(([x, y], i) => [x, Math.min(y, line[i][1])] as Point);
  return `M${top.map(([x, y]) => `${f(x)} ${f(y)}`).join("L")}L${line
    .reverse()
    .map(([x, y]) => `${f(x)} ${f(y)}`)
    .join("L")}Z`;
}

/** Layered conifer: three stacked triangles and a stub of trunk. */
function conifer(x: number, baseY: number, height: number): string {
  const w = height * 0.42;
  // Trunk wound clockwise like the tiers: opposite windings would punch holes where they overlap.
  let d = `M${f(x - w * 0.06)} ${f(baseY)}v${f(-height * 0.15)}h${f(w * 0.12)}v${f(height * 0.15)}Z`;
  for (let i = 0; i < 3; i++) {
    const top = baseY - height + i * height * 0.24;
    const bottom = baseY - height * 0.12 - (2 - i) * height * 0.2;
    const half = w * (0.28 + i * 0.11);
    d += `M${f(x)} ${f(top)}L${f(x + half)} ${f(bottom)}L${f(x - half)} ${f(bottom)}Z`;
  }
  return d;
}

/** Opaque clouds tinted by the sky behind them: group opacity would cost a full-frame offscreen pass. */
function clouds(rng: Rng, pal: Palette, width: number, skyHeight: number): string {
  let out = "";
  for (let c = rng.int(2, 5); c > 0; c--) {
    const cx = rng.range(0, width);
    const cy = rng.range(0.1, 0.6) * skyHeight;
    const size = rng.range(0.04, 0.09) * width;
    let puffs = "";
    for (let p = 0; p < 5; p++) {
      const dx = (p - 2) * size * 0.55 + rng.range(-0.2, 0.2) * size;
      const r = size * (p === 2 ? 0.55 : rng.range(0.3, 0.45));
      puffs += `<ellipse cx="${f(cx + dx)}" cy="${f(cy - r * 0.35)}" rx="${f(r * 1.3)}" ry="${f(r * 0.7)}"/>`;
    }
    const sky = mix(pal.sky[0], pal.sky[1], cy / skyHeight);
    out += `<g fill="${mix(sky, "#ffffff", rng.range(0.4, 0.75))}">${puffs}</g>`;
  }
  return out;
}

/** Sky, mountains, forest, meadow and a trail receding to the horizon. */
export function landscapeSvg(rng: Rng, pal: Palette, opts: LandscapeOptions): { svg: string; trail: Trail } {
  const { width: w, height: h } = opts;
  const horizon = h * opts.horizon;
  const shore = opts.lake ? horizon + h * 0.1 : horizon;
  const parts: string[] = [];

  parts.push(`<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${pal.sky[0]}"/><stop offset="1" stop-color="${pal.sky[1]}"/></linearGradient>
<radialGradient id="sun"><stop offset="0" stop-color="${pal.sun}"/><stop offset="0.18" stop-color="${pal.sun}"/><stop offset="0.24" stop-color="${pal.sun}" stop-opacity="0.45"/><stop offset="1" stop-color="${pal.sun}" stop-opacity="0"/></radialGradient>
<linearGradient id="grass" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${pal.grass[0]}"/><stop offset="1" stop-color="${pal.grass[1]}"/></linearGradient>
<linearGradient id="trail" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${pal.trail[0]}"/><stop offset="1" stop-color="${pal.trail[1]}"/></linearGradient>
<linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(pal.water, pal.sky[1], 0.35)}"/><stop offset="1" stop-color="${pal.water}"/></linearGradient>
</defs>`);
  parts.push(`<rect width="${w}" height="${f(horizon + 2)}" fill="url(#sky)"/>`);

  const sunR = w * 0.16;
  const sunX = rng.range(0.15, 0.85) * w;
  parts.push(`<circle cx="${f(sunX)}" cy="${f(horizon * pal.sunHeight)}" r="${f(sunR)}" fill="url(#sun)"/>`);
  parts.push(clouds(rng, pal, w, horizon));

  // Two mountain ranges; the far one paler (haze) and often snow-capped.
  const ranges: string[] = [];
  const far = ridge(rng, w, horizon - h * 0.02, h * rng.range(0.16, 0.26), 0.55, horizon * 0.3);
  ranges.push(`<path d="${ridgePath(far, horizon + 2)}" fill="${pal.mountains[0]}"/>`);
  if (rng.next() < 0.7) {
    const peak = Math.min(...far.map((p) => p[1]));
    ranges.push(`<path d="${snowPath(rng, far, peak + (horizon - peak) * 0.22)}" fill="${pal.snow}" fill-opacity="0.85"/>`);
  }
  const near = ridge(rng, w, horizon, h * rng.range(0.08, 0.14), 0.5);
  ranges.push(`<path d="${ridgePath(near, horizon + 2)}" fill="${pal.mountains[1]}"/>`);
  parts.push(...ranges);

  // Forested hill line at the horizon.
  const hill = ridge(rng, w, horizon + h * 0.005, h * 0.035, 0.45);
  let forest = "";
  for (let x = rng.range(0, 8); x < w; x += rng.range(0.004, 0.012) * w) {
    const i = Math.min(hill.length - 1, Math.round((x / w) * (hill.length - 1)));
    forest += conifer(x, hill[i][1] + h * 0.012, h * rng.range(0.025, 0.05));
  }
  parts.push(`<path d="${ridgePath(hill, shore + 2)}" fill="${pal.hills}"/><path d="${forest}" fill="${pal.trees}"/>`);

  if (opts.lake) {
    // Water: a faint mirror image of the ranges, then a few glints.
    parts.push(`<rect y="${f(horizon)}" width="${w}" height="${f(shore - horizon + 2)}" fill="url(#water)"/>`);
    parts.push(`<g transform="translate(0 ${f(2 * horizon + h * 0.01)}) scale(1 -1)" opacity="0.28">${ranges.join("")}</g>`);
    let glints = "";
    for (let i = 0; i < 40; i++) {
      const y = rng.range(horizon + 4, shore);
      glints += `M${f(rng.range(0, w))} ${f(y)}h${f(rng.range(0.01, 0.05) * w)}`;
    }
    parts.push(`<path d="${glints}" stroke="#ffffff" stroke-opacity="0.35" stroke-width="${f(h * 0.002 + 1)}"/>`);
  }

  parts.push(`<rect y="${f(shore)}" width="${w}" height="${f(h - shore)}" fill="url(#grass)"/>`);

  // Trail: a curve from a vanishing point down to the bottom, widening with nearness.
  const top = shore + h * 0.01;
  const x0 = rng.range(0.35, 0.65) * w;
  const x1 = rng.range(0.4, 0.6) * w;
  const bend = rng.range(-0.25, 0.25) * w;
  const bottomHalf = rng.range(0.38, 0.5) * w;
  const trail: Trail = {
    horizon: top,
    at(y) {
      const t = Math.max(0, Math.min(1, (y - top) / (h - top)));
      const s = Math.sqrt(t); // the bend shows mostly in the distance
      return { x: x0 + (x1 - x0) * s + bend * s * (1 - s) * 4, half: 3 + bottomHalf * t };
    },
  };
  const left: string[] = [];
  const right: string[] = [];
  for (let i = 0; i <= 40; i++) {
    const y = top + ((h - top) * i * i) / 1600;
    const { x, half } = trail.at(y);
    left.push(`${f(x - half)} ${f(y)}`);
    right.unshift(`${f(x + half)} ${f(y)}`);
  }
  parts.push(`<path d="M${left.join("L")}L${right.join("L")}Z" fill="url(#trail)"/>`);

  // Texture: pebbles on the trail, tufts on the meadow, both denser up close.
  let pebbles = "";
  let tufts = "";
  for (let i = 0; i < 160; i++) {
    const y = top + (h - top) * Math.sqrt(rng.next());
    const { x, half } = trail.at(y);
    const t = (y - top) / (h - top);
    pebbles += `M${f(x + rng.range(-1, 1) * half * 0.9)} ${f(y)}h${f(2 + t * w * 0.006)}`;
    const side = rng.next() < 0.5 ? -1 : 1;
    const gx = x + side * (half + rng.range(0.02, 0.5) * w);
    const gh = 2 + t * h * 0.03;
    tufts += `M${f(gx)} ${f(y)}l${f(-gh * 0.3)} ${f(-gh)}M${f(gx)} ${f(y)}l0 ${f(-gh * 1.2)}M${f(gx)} ${f(y)}l${f(gh * 0.3)} ${f(-gh)}`;
  }
  parts.push(
    `<path d="${pebbles}" stroke="${mix(pal.trail[1], "#3a2c20", 0.35)}" stroke-width="${f(h * 0.004)}" stroke-linecap="round" stroke-opacity="0.5"/>`,
  );
  parts.push(`<path d="${tufts}" stroke="${mix(pal.grass[1], "#14240c", 0.4)}" stroke-width="${f(h * 0.0025)}" fill="none" stroke-opacity="0.6"/>`);

  // Copses across the meadow, paler with distance, fill the middle ground.
  const copses = ["", "", ""];
  for (let i = rng.int(6, 16); i > 0; i--) {
    const t = rng.range(0.02, 0.45) ** 1.3;
    const y = top + (h - top) * t;
    const { x, half } = trail.at(y);
    const size = h * (0.04 + t * 0.7);
    const gap = half + size * rng.range(0.4, 3);
    const cx = x + (rng.next() < 0.5 ? -gap : gap);
    for (let k = rng.int(1, 4); k > 0; k--)
      copses[Math.min(2, Math.floor(t * 8))] += conifer(cx + rng.range(-0.6, 0.6) * size, y + rng.range(0, 0.05) * size, size * rng.range(0.7, 1.1));
  }
  copses.forEach((d, band) => {
    if (d) parts.push(`<path d="${d}" fill="${mix(pal.trees, pal.mountains[0], 0.35 - band * 0.15)}"/>`);
  });

  // A few big trees at the edges frame the picture and give depth.
  let edge = "";
  for (let i = rng.int(1, 4); i > 0; i--) {
    const side = i % 2 === 0 ? rng.range(-0.04, 0.12) : rng.range(0.88, 1.04);
    const base = rng.range(0.75, 1.05) * h;
    edge += conifer(side * w, base, rng.range(0.45, 0.8) * h);
  }
  parts.push(`<path d="${edge}" fill="${mix(pal.trees, "#000000", 0.15)}"/>`);

  return { svg: parts.join("\n"), trail };
}
