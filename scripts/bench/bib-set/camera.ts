import sharp, { type Sharp } from "sharp";
import { createRng } from "../../../app/.server/demo/index.ts";
import type { PhotoPlan } from "./plan.ts";

// What a real camera does to the clean scene: tilt, keystone perspective,
// motion blur, low light or back light, sensor noise and JPEG compression.
// Pure pixel arithmetic where sharp has no operation, so every run gives the
// same bytes.

type Raw = { data: Buffer; width: number; height: number };

const rawOf = async (image: Sharp): Promise<Raw> => {
  const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};
const sharpOf = (raw: Raw) => sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 3 } });

/** Turns the frame, then crops and rescales so no empty corner shows. */
async function tilt(raw: Raw, degrees: number): Promise<Raw> {
  const a = (Math.abs(degrees) * Math.PI) / 180;
  const zoom = Math.cos(a) + (Math.max(raw.width, raw.height) / Math.min(raw.width, raw.height)) * Math.sin(a);
  const turned = await rawOf(sharpOf(raw).rotate(degrees, { background: "#808080" }));
  const w = Math.floor(raw.width / zoom);
  const h = Math.floor(raw.height / zoom);
  const left = Math.floor((turned.width - w) / 2);
  const top = Math.floor((turned.height - h) / 2);
  return rawOf(sharpOf(turned).extract({ left, top, width: w, height: h }).resize(raw.width, raw.height, { fit: "fill" }));
}

/** Solves the 8 homography coefficients mapping `from[i]` to `to[i]` (Gaussian elimination). */
function homography(from: [number, number][], to: [number, number][]): number[] {
  const rows: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i];
    const [u, v] = to[i];
    rows.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    rows.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let c = 0; c < 8; c++) {
    let pivot = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(rows[r][c]) > Math.abs(rows[pivot][c])) pivot = r;
    [rows[c], rows[pivot]] = [rows[pivot], rows[c]];
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = rows[r][c] / rows[c][c];
      for (let k = c; k < 9; k++) rows[r][k] -= f * rows[c][k];
    }
  }
  return rows.map((row, i) => row[8] / row[i]);
}

/** Keystone: the output frame shows a quadrilateral of the scene, as a camera pointed up or sideways would. */
function perspective(raw: Raw, amount: number, seed: number): Raw {
  const rng = createRng(seed);
  const { width: w, height: h, data } = raw;
  const j = () => rng.range(0, amount);
  const quad: [number, number][] = [
    [w * j(), h * j()],
    [w * (1 - j()), h * j()],
    [w * (1 - j()), h * (1 - j())],
    [w * j(), h * (1 - j())],
  ];
  const m = homography(
    [
      [0, 0],
      [w, 0],
      [w, h],
      [0, h],
    ],
    quad,
  );
  const out = Buffer.alloc(data.length);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const d = m[6] * x + m[7] * y + 1;
      const sx = Math.min(w - 1.001, Math.max(0, (m[0] * x + m[1] * y + m[2]) / d));
      const sy = Math.min(h - 1.001, Math.max(0, (m[3] * x + m[4] * y + m[5]) / d));
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      const a = (y0 * w + x0) * 3;
      const b = a + 3;
      const c = a + w * 3;
      const e = c + 3;
      const o = (y * w + x) * 3;
      for (let ch = 0; ch < 3; ch++) {
        const top = data[a + ch] + (data[b + ch] - data[a + ch]) * fx;
        const bottom = data[c + ch] + (data[e + ch] - data[c + ch]) * fx;
        out[o + ch] = Math.round(top + (bottom - top) * fy);
      }
    }
  }
  return { data: out, width: w, height: h };
}

/** A line kernel `length` px long at `degrees`: the smear of a panning or moving subject. */
function motionKernel(length: number, degrees: number): { width: number; height: number; kernel: number[] } {
  const size = length;
  const kernel = new Array<number>(size * size).fill(0);
  const a = (degrees * Math.PI) / 180;
  const c = (size - 1) / 2;
  for (let t = -c; t <= c; t += 0.25) {
    const x = Math.round(c + t * Math.cos(a));
    const y = Math.round(c - t * Math.sin(a));
    kernel[y * size + x] = 1;
  }
  return { width: size, height: size, kernel };
}

function addNoise(raw: Raw, sigma: number, seed: number): Raw {
  const rng = createRng(seed ^ 0x5a5a5a5a);
  const out = Buffer.alloc(raw.data.length);
  for (let i = 0; i < raw.data.length; i += 3) {
    // Sum of uniforms: close enough to Gaussian for sensor grain, and cheap.
    const luma = (rng.next() + rng.next() + rng.next() - 1.5) * 2 * sigma;
    for (let ch = 0; ch < 3; ch++) {
      const v = raw.data[i + ch] + luma + (rng.next() - 0.5) * sigma * 0.6;
      out[i + ch] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
    }
  }
  return { data: out, width: raw.width, height: raw.height };
}

function glowSvg(width: number, height: number, seed: number): Buffer {
  const rng = createRng(seed ^ 0x1234567);
  const cx = rng.range(0.2, 0.8) * width;
  const cy = rng.range(0.05, 0.3) * height;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><radialGradient id="g" cx="${cx}" cy="${cy}" r="${width * 0.75}" gradientUnits="userSpaceOnUse">
<stop offset="0" stop-color="#fff8e6" stop-opacity="1"/><stop offset="0.25" stop-color="#fff1d0" stop-opacity="0.8"/><stop offset="1" stop-color="#ffe9c0" stop-opacity="0.35"/></radialGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/></svg>`);
}

/** Renders the planned photo's SVG through the planned camera effects to JPEG bytes. */
export async function shoot(svg: string, plan: PhotoPlan): Promise<Buffer> {
  let raw = await rawOf(sharp(Buffer.from(svg)));
  if (plan.tilt) raw = await tilt(raw, plan.tilt);
  if (plan.perspective) raw = perspective(raw, plan.perspective, plan.seed);
  let image = sharpOf(raw);
  if (plan.blur) image = sharpOf(await rawOf(image.convolve(motionKernel(plan.blur, plan.blurAngle))));
  if (plan.light === "low") image = sharpOf(await rawOf(image.linear(0.2 + (plan.seed % 120) / 1000, 2)));
  if (plan.light === "back") {
    // Subjects in their own shadow, then the sun's haze washing over everything.
    const dark = await rawOf(image.linear(0.45, 0));
    image = sharpOf(await rawOf(sharpOf(dark).composite([{ input: glowSvg(raw.width, raw.height, plan.seed), blend: "screen" }])));
  }
  if (plan.noise) image = sharpOf(addNoise(await rawOf(image), plan.noise, plan.seed));
  return image.jpeg({ quality: plan.quality, chromaSubsampling: "4:2:0" }).toBuffer();
}
