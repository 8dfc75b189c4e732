import {
  bibSvg,
  courseMarkersSvg,
  createRng,
  digitsSvg,
  glyphRunWidth,
  GLYPH_WIDTH,
  hsl,
  landscapeSvg,
  mix,
  pickPalette,
  runnerBox,
  runnerSvg,
  svgDocument,
  RUNNER_FEET,
  RUNNER_HALF_WIDTH,
  RUNNER_TOP,
  type Rng,
} from "../../../app/.server/demo/index.ts";
import type { BibPlan, Distractor, PhotoPlan } from "./plan.ts";

// SVG of one planned photo: the demo shop's trail landscape and runners, with
// harder bibs (turned, sheared, covered, folded) and misleading text nearby.

const SKIN = ["#f1c7a5", "#e0ac85", "#c68a62", "#a06b48", "#7a4e33"];
// Bib geometry from the demo's bib.ts: 220×160, digits centred 9 below the middle in 184×104.
const HALF_W = 110;
const HALF_H = 80;
const TEXT_Y = 9;
const GAP = 9;
const STROKE_HALF = 8.5;

/** Horizontal extent of each printed digit in bib units (strokes included). */
function digitSpans(text: string): [number, number][] {
  const run = glyphRunWidth(text);
  const s = Math.min(184 / run, 104 / 100);
  const left = (-run * s) / 2;
  return [...text].map((_, i) => {
    const x0 = left + i * (GLYPH_WIDTH + GAP) * s;
    return [x0 - STROKE_HALF * s, x0 + (GLYPH_WIDTH + STROKE_HALF) * s];
  });
}

function occluderSvg(b: BibPlan, rng: Rng, id: string): string {
  const spans = digitSpans(String(b.number));
  const o = b.occlusion;
  if (o.kind === "arm") {
    const [x0, x1] = o.side < 0 ? spans[0] : spans[spans.length - 1];
    const reach = o.side < 0 ? x0 + o.depth * (x1 - x0) : x1 - o.depth * (x1 - x0);
    const r = rng.range(24, 32);
    const bx = reach + o.side * r;
    const by = TEXT_Y + o.lift * 50;
    const ax = o.side * (HALF_W + 90);
    const ay = by + rng.range(40, 110);
    const skin = rng.pick(SKIN);
    const len = Math.hypot(bx - ax, by - ay);
    const nx = ((ay - by) / len) * r;
    const ny = ((bx - ax) / len) * r;
    const p = (x: number, y: number) => `${x.toFixed(1)} ${y.toFixed(1)}`;
    return `<path d="M${p(ax + nx, ay + ny)}L${p(bx + nx, by + ny)}L${p(bx - nx, by - ny)}L${p(ax - nx, ay - ny)}Z" fill="${skin}"/>
<circle cx="${bx.toFixed(1)}" cy="${by.toFixed(1)}" r="${(r * 1.05).toFixed(1)}" fill="${mix(skin, "#3a2216", 0.2)}"/>`;
  }
  if (o.kind === "corner") {
    const [x0, x1] = o.side < 0 ? spans[0] : spans[spans.length - 1];
    const edge = o.side < 0 ? x0 + o.depth * (x1 - x0) : x1 - o.depth * (x1 - x0);
    const cx = o.side * HALF_W;
    const cy = o.top ? -HALF_H : HALF_H;
    const p1 = { x: edge, y: cy };
    const p2 = { x: cx, y: cy - Math.sign(cy) * rng.range(45, 75) };
    // The flap is the corner mirrored over the fold line p1–p2.
    const dx = p2.x - p1.x;
    const dy = p2.y - p1.y;
    const t = ((cx - p1.x) * dx + (cy - p1.y) * dy) / (dx * dx + dy * dy);
    const fx = 2 * (p1.x + t * dx) - cx;
    const fy = 2 * (p1.y + t * dy) - cy;
    const pts = `${p1.x.toFixed(1)},${p1.y.toFixed(1)} ${p2.x.toFixed(1)},${p2.y.toFixed(1)} ${fx.toFixed(1)},${fy.toFixed(1)}`;
    return `<polygon points="${pts}" fill="#000000" fill-opacity="0.25" transform="translate(3 4)"/><polygon points="${pts}" fill="#dedbd2"/>
<polygon points="${p1.x.toFixed(1)},${p1.y.toFixed(1)} ${p2.x.toFixed(1)},${p2.y.toFixed(1)} ${cx},${cy}" fill="#3b3f46"/>`;
  }
  if (o.kind === "crease") {
    const y = o.at * HALF_H;
    const line = (dy: number) => `M${-HALF_W - 10} ${(y + dy - o.slope * (HALF_W + 10)).toFixed(1)}L${HALF_W + 10} ${(y + dy + o.slope * (HALF_W + 10)).toFixed(1)}`;
    return `<clipPath id="${id}"><rect x="${-HALF_W}" y="${-HALF_H}" width="${2 * HALF_W}" height="${2 * HALF_H}" rx="6"/></clipPath>
<g clip-path="url(#${id})"><path d="${line(0)}" stroke="#000000" stroke-opacity="0.3" stroke-width="14"/><path d="${line(-30)}" stroke="#000000" stroke-opacity="0.12" stroke-width="40"/><path d="${line(10)}" stroke="#ffffff" stroke-opacity="0.5" stroke-width="6"/></g>`;
  }
  return "";
}

function hardBibSvg(b: BibPlan, band: string, rng: Rng, id: string): string {
  const year = b.year ? digitsSvg(String(rng.int(2019, 2027)), -86, -67, 40, 15, "#ffffff") : "";
  return `<g transform="rotate(${b.angle.toFixed(2)}) skewX(${b.skew.toFixed(2)}) scale(${b.squash.toFixed(3)} 1)">${bibSvg(String(b.number), band, 0)}${year}${occluderSvg(b, rng, id)}</g>`;
}

// Letters of signs (digits come from the demo's glyphs), same 60×100 box and stroke.
const LETTERS: Record<string, string> = {
  K: "M12 9V91M50 9L13 58M27 43L52 91",
  M: "M9 91V9L30 64L51 9V91",
};

function textSvg(text: string, x: number, y: number, height: number, color: string): string {
  const s = height / 100;
  let out = "";
  let cursor = x;
  for (const part of text.match(/\d+|[A-Z]| /g) ?? []) {
    if (part === " ") {
      cursor += 40 * s;
    } else if (/\d/.test(part)) {
      const w = glyphRunWidth(part) * s;
      out += digitsSvg(part, cursor + w / 2, y, w, height, color);
      cursor += w + 12 * s;
    } else {
      out += `<path transform="translate(${cursor.toFixed(1)} ${(y - height / 2).toFixed(1)}) scale(${s.toFixed(4)})" d="${LETTERS[part]}" fill="none" stroke="${color}" stroke-width="17" stroke-linejoin="round"/>`;
      cursor += (GLYPH_WIDTH + 12) * s;
    }
  }
  return out;
}

function textWidth(text: string, height: number): number {
  let w = 0;
  for (const part of text.match(/\d+|[A-Z]| /g) ?? []) w += part === " " ? 40 : /\d/.test(part) ? glyphRunWidth(part) + 12 : GLYPH_WIDTH + 12;
  return (w * height) / 100;
}

function distractorSvg(d: Distractor, rng: Rng, width: number, height: number, horizon: number): string {
  if (d.kind === "year-banner") {
    const h = rng.range(90, 150);
    const w = textWidth(d.text, h) + h * 1.4;
    const x = rng.range(0.15, 0.85) * width - w / 2;
    const y = horizon - rng.range(0.05, 0.2) * height;
    return `<rect x="${x.toFixed(1)}" y="${(y - h * 0.85).toFixed(1)}" width="${w.toFixed(1)}" height="${(h * 1.7).toFixed(1)}" fill="${hsl(rng.range(0, 360), 0.6, 0.45)}"/>
${textSvg(d.text, x + h * 0.7, y, h, "#ffffff")}`;
  }
  const h = rng.range(60, 120);
  const w = textWidth(d.text, h) + h * 0.8;
  const x = rng.next() < 0.5 ? rng.range(0.02, 0.12) * width : rng.range(0.8, 0.9) * width;
  const y = horizon + rng.range(0.12, 0.3) * (height - horizon);
  const board = d.kind === "km-sign" ? "#f5d90a" : "#ffffff";
  return `<rect x="${(x + w / 2 - 6).toFixed(1)}" y="${y.toFixed(1)}" width="12" height="${(h * 3).toFixed(1)}" fill="#6b5a48"/>
<rect x="${x.toFixed(1)}" y="${(y - h * 0.8).toFixed(1)}" width="${w.toFixed(1)}" height="${(h * 1.6).toFixed(1)}" rx="8" fill="${board}" stroke="#222222" stroke-width="5"/>
${textSvg(d.text, x + h * 0.4, y, h, "#111111")}`;
}

type Placed = { x: number; y: number; scale: number; bib: BibPlan | null };

/** The photo as an SVG document (the planned size), before any camera effects. */
export function sceneSvg(plan: PhotoPlan, width: number, height: number): string {
  const rng = createRng(plan.seed);
  const pal = pickPalette(rng);
  const unit = Math.min(width / 2400, height / 1600);
  const { svg: land, trail } = landscapeSvg(rng, pal, { width, height, horizon: rng.range(0.4, 0.5) });
  const band = hsl(rng.range(0, 360), 0.75, 0.45);
  const nearFeet = height * 0.95;
  const feetAt = (scale: number) => trail.horizon + (nearFeet - trail.horizon) * Math.min(1, scale / unit);

  const placed: Placed[] = [];
  const n = plan.bibs.length;
  const column = width / Math.max(n, 1);
  plan.bibs.forEach((bib, i) => {
    const fit = (column * 0.95) / (2 * RUNNER_HALF_WIDTH);
    const scale = Math.min(bib.scale * unit, fit);
    const half = RUNNER_HALF_WIDTH * scale;
    const y = feetAt(scale);
    const cx = n === 1 ? width * rng.range(0.35, 0.65) : column * (i + 0.5) + rng.range(-0.1, 0.1) * column;
    const x = Math.min(width - half, Math.max(half, (cx * 3 + trail.at(y).x) / 4));
    placed.push({ x, y: Math.max(y, (RUNNER_FEET - RUNNER_TOP) * scale + height * 0.02), scale, bib });
  });
  for (let i = plan.distant; i > 0; i--) {
    const scale = unit * rng.range(0.08, n === 0 ? 0.28 : 0.2);
    const y = feetAt(scale);
    const { x, half } = trail.at(y);
    placed.push({ x: x + rng.range(-1.6, 1.6) * half, y, scale, bib: null });
  }

  const signs = plan.distractors.map((d) => distractorSvg(d, rng, width, height, trail.horizon)).join("\n");
  const people = placed
    .sort((a, b) => a.scale - b.scale)
    .map((p, i) =>
      runnerSvg(rng, {
        x: p.x,
        y: p.y,
        scale: p.scale,
        bib: null,
        bibBand: band,
        light: pal.light,
        ...(p.bib ? { bibMarkup: hardBibSvg(p.bib, band, rng, `crease-${i}`) } : {}),
      }),
    )
    .join("\n");
  const markers = courseMarkersSvg(rng, trail, height, band, placed.map(runnerBox));
  return svgDocument(width, height, land + signs + people + markers);
}
