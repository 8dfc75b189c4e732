import sharp from "sharp";
import { createRng, type Rng } from "../../../app/.server/demo/index.ts";
import { capHeight, textPath, textWidth } from "./fonts.ts";
import { isAcross, numberLayout, type AcrossCover, type FieldPhotoPlan, type RunnerPlan, type SignPlan } from "./plan.ts";

// Draws a field-set photo: a scene in SVG (sky, road, trail, buildings or a
// track, signs, runners with their bibs and whatever covers them), rendered by
// sharp at the camera's full size, then what a camera does: uneven light,
// blur, sensor noise and JPEG compression. Same plan → same bytes. Translucent
// shapes say fill-opacity or stroke-opacity, never opacity: librsvg paints an
// element with `opacity` on a surface of its own the size of the photo (a city
// scene's 300 windows took 100 s to draw; 0.6 s now; the pixels differ by at
// most one level, in under 0.1 % of them).

const f1 = (n: number) => n.toFixed(1);

function bibSvg(r: RunnerPlan, rng: Rng): string {
  const w = r.bibWidth;
  const h = w * 0.72;
  const d = r.design;
  const band = h * 0.17;
  const eventSize = Math.min(band * 0.62 / (capHeight(d.font, 100) / 100), (w * 0.9 * 100) / textWidth(d.font, d.event, 100));
  const footSize = Math.min(band * 0.55 / (capHeight(d.font, 100) / 100), (w * 0.6 * 100) / textWidth(d.font, d.footer, 100));
  const num = numberLayout(r);
  const parts = [
    `<rect x="${f1(-w / 2)}" y="${f1(-h / 2)}" width="${f1(w)}" height="${f1(h)}" rx="${f1(w * 0.03)}" fill="${d.paper}"/>`,
    `<rect x="${f1(-w / 2)}" y="${f1(-h / 2)}" width="${f1(w)}" height="${f1(band)}" fill="${d.band}"/>`,
    `<path d="${textPath(d.font, d.event, 0, -h / 2 + band * 0.8, eventSize).d}" fill="${d.bandInk}"/>`,
    `<path d="${num.d}" fill="${d.ink}"/>`,
    `<rect x="${f1(-w / 2)}" y="${f1(h / 2 - band)}" width="${f1(w)}" height="${f1(band)}" fill="${d.band}" fill-opacity="0.9"/>`,
    `<path d="${textPath(d.font, d.footer, 0, h / 2 - band * 0.22, footSize).d}" fill="${d.bandInk}"/>`,
  ];
  if (d.year) parts.push(`<path d="${textPath(d.font, "2026", w / 2 - w * 0.05, h / 2 - band * 1.25, band * 0.5, { anchor: "start" }).d}" transform="translate(${f1(-textWidth(d.font, "2026", band * 0.5))},0)" fill="${d.ink}" fill-opacity="0.8"/>`);
  for (const [px, py] of [[-1, -1], [1, -1], [-1, 1], [1, 1]]) parts.push(`<circle cx="${f1(px * w * 0.44)}" cy="${f1(py * h * 0.4)}" r="${f1(w * 0.015)}" fill="#9a9a9a"/>`);
  if (r.crease) {
    const y0 = rng.range(-h * 0.3, h * 0.3);
    const slope = rng.range(-0.25, 0.25) * w;
    parts.push(`<path d="M${f1(-w / 2)} ${f1(y0)}L${f1(w / 2)} ${f1(y0 + slope)}" stroke="#000" stroke-opacity="0.22" stroke-width="${f1(w * 0.018)}"/>`);
    parts.push(`<path d="M${f1(-w / 2)} ${f1(y0 + w * 0.02)}L${f1(w / 2)} ${f1(y0 + slope + w * 0.02)}" stroke="#fff" stroke-opacity="0.35" stroke-width="${f1(w * 0.012)}"/>`);
  }
  return parts.join("");
}

/** Whatever stands in front of the number, in bib coordinates (`torsoTop`, the runner's torso's top), hiding `cover` of the outer digit. */
function occluderSvg(r: RunnerPlan, torsoTop: number, rng: Rng): string {
  const o = r.occluder;
  if (o.kind === "none" || o.kind === "frame") return "";
  const w = r.bibWidth;
  const h = w * 0.72;
  const { spans, cap, baseline } = numberLayout(r);
  if (isAcross(o)) return acrossSvg(o, w, cap, baseline, torsoTop, r.skin, rng);
  const [x0, x1] = o.side < 0 ? spans[0] : spans[spans.length - 1];
  const digit = x1 - x0;
  // The edge of what is hidden, measured from the outer side of the outer digit (past 1, into the next digit).
  const edge = o.side < 0 ? x0 + o.cover * digit : x1 - o.cover * digit;
  const outer = o.side * w * 1.2;
  const top = baseline - cap * 1.4;
  const bottom = baseline + cap * 0.5;
  const left = Math.min(edge, outer);
  const width = Math.abs(outer - edge);
  if (o.kind === "hand") {
    const fist = `<rect x="${f1(left)}" y="${f1(top + cap * 0.2)}" width="${f1(width)}" height="${f1(bottom - top)}" rx="${f1(cap * 0.45)}" fill="${r.skin}"/>`;
    const knuckles = `<path d="M${f1(edge)} ${f1(top + cap * 0.5)}v${f1(cap * 0.9)}" stroke="#000" stroke-opacity="0.18" stroke-width="${f1(cap * 0.06)}"/>`;
    return fist + knuckles;
  }
  if (o.kind === "jacket") {
    const colour = rng.pick(["#1d3557", "#e63946", "#2a9d8f", "#f4a261", "#222222", "#6d597a"]);
    return `<path d="M${f1(edge)} ${f1(-h)}L${f1(outer)} ${f1(-h)}L${f1(outer)} ${f1(h)}L${f1(edge + o.side * w * 0.04)} ${f1(h)}Z" fill="${colour}"/><path d="M${f1(edge)} ${f1(-h)}L${f1(edge + o.side * w * 0.04)} ${f1(h)}" stroke="#000" stroke-opacity="0.35" stroke-width="${f1(w * 0.02)}"/>`;
  }
  // Another runner's shoulder, in their shirt's colour.
  const colour = rng.pick(["#264653", "#e76f51", "#8ab17d", "#ffb703", "#9b2226"]);
  return `<ellipse cx="${f1(outer * 0.8)}" cy="${f1(0)}" rx="${f1(Math.abs(outer * 0.8 - edge))}" ry="${f1(h * 1.1)}" fill="${colour}"/>`;
}

/**
 * A cover across the number, its edge `cover` of the digits' height in from their top or bottom, turned by `tilt`
 * about the number's middle: a jacket hanging from the torso's top (`torsoTop`, bib coordinates) or an arm.
 */
function acrossSvg(o: AcrossCover, w: number, cap: number, baseline: number, torsoTop: number, skin: string, rng: Rng): string {
  const cut = o.edge === "top" ? baseline - cap + o.cover * cap : baseline - o.cover * cap;
  const turn = `rotate(${f1(o.tilt)} 0 ${f1(cut)})`;
  const edgeShade = (half: number) => `<path d="M${f1(-half)} ${f1(cut)}H${f1(half)}" stroke="#000" stroke-opacity="0.3" stroke-width="${f1(cap * 0.05)}"/>`;
  if (o.kind === "hem") {
    const colour = rng.pick(["#1d3557", "#e63946", "#2a9d8f", "#f4a261", "#222222", "#6d597a", "#ffd23f"]);
    return `<g transform="${turn}"><rect x="${f1(-w * 1.1)}" y="${f1(torsoTop)}" width="${f1(w * 2.2)}" height="${f1(cut - torsoTop)}" rx="${f1(w * 0.3)}" fill="${colour}"/><rect x="${f1(-w * 1.1)}" y="${f1(cut - w * 0.3)}" width="${f1(w * 2.2)}" height="${f1(w * 0.3)}" fill="${colour}"/>${edgeShade(w * 1.1)}</g>`;
  }
  // A forearm across the body, as thick as most of a digit.
  const thick = cap * rng.range(0.8, 1.3);
  const y = o.edge === "top" ? cut - thick : cut;
  const arm = `<rect x="${f1(-w * 0.95)}" y="${f1(y)}" width="${f1(w * 1.9)}" height="${f1(thick)}" rx="${f1(thick / 2)}" fill="${skin}"/>`;
  return `<g transform="${turn}">${arm}${edgeShade(w * 0.95 - thick / 2)}</g>`;
}

function runnerSvg(r: RunnerPlan, plan: FieldPhotoPlan, rng: Rng): string {
  const w = r.bibWidth;
  const cx = r.occluder.kind === "frame" ? frameCutX(r, plan) : r.x * plan.width;
  const cy = r.y * plan.height;
  // The body around the bib: torso (or shorts), head, arms and legs, drawn from the bib's size.
  const onShorts = r.place === "shorts";
  const torsoTop = onShorts ? -w * 2.6 : -w * 1.1;
  const torso = `<rect x="${f1(-w * 1.05)}" y="${f1(torsoTop)}" width="${f1(w * 2.1)}" height="${f1(w * 2.3)}" rx="${f1(w * 0.35)}" fill="${r.shirt}"/>`;
  const shorts = `<rect x="${f1(-w * 0.95)}" y="${f1(torsoTop + w * 2.2)}" width="${f1(w * 1.9)}" height="${f1(w * 0.95)}" rx="${f1(w * 0.1)}" fill="${rng.pick(["#111", "#222b45", "#3d3d3d", "#1b4332"])}"/>`;
  const legs = `<path d="M${f1(-w * 0.5)} ${f1(torsoTop + w * 3.1)}l${f1(-w * 0.2)} ${f1(w * 2.2)}M${f1(w * 0.5)} ${f1(torsoTop + w * 3.1)}l${f1(w * 0.25)} ${f1(w * 2.1)}" stroke="${r.skin}" stroke-width="${f1(w * 0.42)}" stroke-linecap="round"/>`;
  const head = `<ellipse cx="0" cy="${f1(torsoTop - w * 0.55)}" rx="${f1(w * 0.42)}" ry="${f1(w * 0.52)}" fill="${r.place === "back" ? rng.pick(["#2b1d14", "#5a3825", "#c8a165", "#111"]) : r.skin}"/>`;
  const arms = `<path d="M${f1(-w * 1.05)} ${f1(torsoTop + w * 0.3)}q${f1(-w * 0.45)} ${f1(w * 0.9)} ${f1(-w * 0.1)} ${f1(w * 1.7)}M${f1(w * 1.05)} ${f1(torsoTop + w * 0.3)}q${f1(w * 0.45)} ${f1(w * 0.9)} ${f1(w * 0.1)} ${f1(w * 1.7)}" stroke="${r.skin}" stroke-width="${f1(w * 0.34)}" fill="none" stroke-linecap="round"/>`;
  const shade = `<rect x="${f1(-w * 1.05)}" y="${f1(torsoTop)}" width="${f1(w * 2.1)}" height="${f1(w * 2.3)}" rx="${f1(w * 0.35)}" fill="url(#shade)"/>`;
  const body = `<g>${legs}${shorts}${torso}${shade}${arms}${head}</g>`;
  const bibAt = onShorts ? torsoTop + w * 2.65 : 0;
  const turn = `translate(0 ${f1(bibAt)}) rotate(${f1(r.angle)}) skewX(${f1(r.skew)}) scale(${r.squash.toFixed(3)} 1)`;
  return `<g transform="translate(${f1(cx)} ${f1(cy)})">${body}<g transform="${turn}">${bibSvg(r, rng)}${occluderSvg(r, torsoTop - bibAt, rng)}</g></g>`;
}

/** The bib's centre x for a bib the frame cuts: `cover` of its outer digit falls outside the photo. */
function frameCutX(r: RunnerPlan, plan: FieldPhotoPlan): number {
  const { spans } = numberLayout(r);
  const o = r.occluder as { side: -1 | 1; cover: number };
  const [x0, x1] = o.side < 0 ? spans[0] : spans[spans.length - 1];
  const edge = o.side < 0 ? x0 + o.cover * (x1 - x0) : x1 - o.cover * (x1 - x0);
  const scaled = edge * r.squash;
  return o.side < 0 ? -scaled : plan.width - scaled;
}

function signSvg(s: SignPlan, plan: FieldPhotoPlan): string {
  const size = s.height / (capHeight(s.font, 100) / 100);
  const text = textPath(s.font, s.text, s.x * plan.width, s.y * plan.height + s.height / 2, size);
  const pad = s.height * 0.5;
  const x = s.x * plan.width - text.width / 2 - pad;
  const y = s.y * plan.height - s.height / 2 - pad;
  const post = `<rect x="${f1(s.x * plan.width - s.height * 0.1)}" y="${f1(y + s.height * 2)}" width="${f1(s.height * 0.2)}" height="${f1(plan.height * 0.3)}" fill="#555"/>`;
  return `${post}<rect x="${f1(x)}" y="${f1(y)}" width="${f1(text.width + pad * 2)}" height="${f1(s.height + pad * 2)}" fill="${s.paper}" stroke="#333" stroke-width="${f1(s.height * 0.05)}"/><path d="${text.d}" fill="${s.ink}"/>`;
}

function sceneSvg(plan: FieldPhotoPlan, rng: Rng): string {
  const { width: W, height: H } = plan;
  const horizon = H * rng.range(0.3, 0.45);
  const ground = { road: ["#6b6b6b", "#4a4a4a"], trail: ["#7c6a4f", "#5e7d3a"], city: ["#8a8a8a", "#5c5c5c"], stadium: ["#b5452f", "#9c3a28"] }[plan.scene];
  const parts = [
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${rng.pick(["#7fb3e6", "#a9c6de", "#d8dde3", "#f2c48d"])}"/><stop offset="1" stop-color="#eef3f7"/></linearGradient>`,
    `<linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ground[1]}"/><stop offset="1" stop-color="${ground[0]}"/></linearGradient>`,
    `<linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.25"/><stop offset="0.5" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.3"/></linearGradient></defs>`,
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>`,
    `<rect y="${f1(horizon)}" width="${W}" height="${f1(H - horizon)}" fill="url(#ground)"/>`,
  ];
  // The backdrop: buildings with windows, tree lines, or stands full of people.
  const blocks = rng.int(6, 14);
  for (let i = 0; i < blocks; i++) {
    const bw = W * rng.range(0.05, 0.16);
    const bh = (plan.scene === "trail" ? H * rng.range(0.05, 0.15) : H * rng.range(0.08, 0.3));
    const bx = rng.range(-0.05, 1) * W;
    const colour = plan.scene === "trail" ? rng.pick(["#2d4a22", "#3b5e2b", "#1f3b1a"]) : rng.pick(["#b8a58c", "#8d99ae", "#d6ccc2", "#6c757d", "#a26769"]);
    parts.push(plan.scene === "trail" ? `<ellipse cx="${f1(bx)}" cy="${f1(horizon)}" rx="${f1(bw)}" ry="${f1(bh)}" fill="${colour}"/>` : `<rect x="${f1(bx)}" y="${f1(horizon - bh)}" width="${f1(bw)}" height="${f1(bh)}" fill="${colour}"/>`);
    if (plan.scene === "city") {
      for (let wy = horizon - bh + bh * 0.1; wy < horizon - bh * 0.1; wy += bh * 0.18) {
        for (let wx = bx + bw * 0.1; wx < bx + bw * 0.9; wx += bw * 0.2) parts.push(`<rect x="${f1(wx)}" y="${f1(wy)}" width="${f1(bw * 0.1)}" height="${f1(bh * 0.08)}" fill="#3a4a5a" fill-opacity="0.8"/>`);
      }
    }
  }
  if (plan.scene === "stadium") {
    for (let i = 1; i < 7; i++) parts.push(`<path d="M0 ${f1(horizon + (H - horizon) * (i / 7) ** 1.6)}L${W} ${f1(horizon + (H - horizon) * (i / 7) ** 1.4)}" stroke="#fff" stroke-width="${f1(H * 0.004)}" stroke-opacity="0.85"/>`);
  }
  // Spectators and far runners: people-shaped colour, never a readable bib.
  const crowd = rng.int(8, 40);
  for (let i = 0; i < crowd; i++) {
    const s = H * rng.range(0.015, 0.05);
    const px = rng.range(0, 1) * W;
    const py = horizon + rng.range(-0.02, 0.08) * H;
    parts.push(`<rect x="${f1(px - s * 0.4)}" y="${f1(py - s * 1.6)}" width="${f1(s * 0.8)}" height="${f1(s * 1.6)}" rx="${f1(s * 0.2)}" fill="${rng.pick(["#d62828", "#003049", "#fcbf49", "#eae2b7", "#2a9d8f", "#264653", "#f77f00"])}"/><circle cx="${f1(px)}" cy="${f1(py - s * 1.9)}" r="${f1(s * 0.32)}" fill="${rng.pick(["#f1c7a5", "#c68a62", "#7a4e33"])}"/>`);
  }
  for (const s of plan.signs) parts.push(signSvg(s, plan));
  // Farther runners first, so a near one stands in front.
  const runners = [...plan.runners].sort((a, b) => a.bibWidth - b.bibWidth);
  for (const r of runners) parts.push(runnerSvg(r, plan, rng));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join("")}</svg>`;
}

/** Uneven light, blotchy texture and sensor noise, straight on the pixels. */
async function develop(raw: Buffer, plan: FieldPhotoPlan, rng: Rng): Promise<Buffer> {
  const { width: W, height: H } = plan;
  // Low-frequency blotches (texture of real surfaces and uneven light), from a small random grid.
  const gw = 48;
  const gh = 36;
  const grid = Buffer.alloc(gw * gh);
  for (let i = 0; i < grid.length; i++) grid[i] = Math.round(128 + rng.range(-1, 1) * 30);
  const blotch = await sharp(grid, { raw: { width: gw, height: gh, channels: 1 } }).resize(W, H, { kernel: "cubic" }).raw().toBuffer();
  const gain = plan.light === "low" ? rng.range(0.22, 0.35) : plan.light === "back" ? rng.range(0.5, 0.65) : 1;
  const haze = plan.light === "back" ? rng.range(60, 110) : 0;
  const sigma = plan.noise;
  // A cheap gaussian: the sum of three uniforms.
  let seed = plan.seed >>> 0;
  const uniform = () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed / 4294967296;
  };
  for (let y = 0; y < H; y++) {
    const sky = haze * Math.max(0, 1 - y / (H * 0.7));
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      const b = 0.85 + (blotch[p] / 255) * 0.3;
      const grain = sigma * (uniform() + uniform() + uniform() - 1.5) * 2;
      for (let c = 0; c < 3; c++) {
        const i = p * 3 + c;
        const chroma = sigma * 0.35 * (uniform() - 0.5);
        raw[i] = Math.max(0, Math.min(255, raw[i] * b * gain + sky + grain + chroma));
      }
    }
  }
  return raw;
}

export async function renderFieldPhoto(plan: FieldPhotoPlan): Promise<Buffer> {
  const rng = createRng(plan.seed);
  const svg = sceneSvg(plan, rng);
  let image = sharp(Buffer.from(svg), { limitInputPixels: false, unlimited: true });
  if (plan.blur.kind === "motion") {
    const n = Math.max(3, plan.blur.length | 1);
    image = sharp(await image.removeAlpha().raw().toBuffer(), { raw: { width: plan.width, height: plan.height, channels: 3 } }).convolve({
      width: n,
      height: 3,
      kernel: [...new Array(n).fill(0), ...new Array(n).fill(1), ...new Array(n).fill(0)],
      scale: n,
    });
  } else if (plan.blur.kind === "defocus") {
    image = image.blur(plan.blur.sigma);
  }
  const raw = await image.removeAlpha().raw().toBuffer();
  const developed = await develop(raw, plan, rng);
  return sharp(developed, { raw: { width: plan.width, height: plan.height, channels: 3 } }).jpeg({ quality: plan.quality, chromaSubsampling: "4:2:0" }).toBuffer();
}
