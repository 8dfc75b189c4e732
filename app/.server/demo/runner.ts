import { bibSvg } from "./bib.ts";
import { mix } from "./palette.ts";
import type { Rng } from "./rng.ts";

const SKIN = ["#f1c7a5", "#e0ac85", "#c68a62", "#a06b48", "#7a4e33", "#5a3824"];
const HAIR = ["#1f1a17", "#3b2a1e", "#6b4a2b", "#a27a48", "#d9b978", "#8a8580"];
const SHIRTS = ["#e63946", "#f4a261", "#2a9d8f", "#264653", "#1d4ed8", "#7c3aed", "#db2777", "#16a34a", "#f59e0b", "#0ea5e9", "#111827", "#facc15"];
const SHORTS = ["#111827", "#1f2937", "#0f172a", "#374151", "#1e3a5f"];
const SHOES = ["#f97316", "#22d3ee", "#a3e635", "#f43f5e", "#ffffff", "#6366f1"];

export type RunnerOptions = {
  /** Feet position in the picture. */
  x: number;
  y: number;
  /** 1 = bib of 220×160 px. */
  scale: number;
  /** Bib number; null draws a blank bib (too far away to read anyway). */
  bib: string | null;
  bibBand: string;
  /** Scene light tint, so figures sit in the landscape's light. */
  light: string;
  /** Replaces the drawn bib (SVG around the bib centre), for generators that need other bibs. */
  bibMarkup?: string;
};

/** Vertical distance from the bib centre (local origin) to the ground. */
export const RUNNER_FEET = 745;
/** Local bounding box half-width and top, to keep runners inside the frame. */
export const RUNNER_HALF_WIDTH = 250;
export const RUNNER_TOP = -410;

/** Picture-space bounding box of a runner standing at (x, y) with the given scale. */
export function runnerBox(p: { x: number; y: number; scale: number }) {
  const half = RUNNER_HALF_WIDTH * p.scale;
  return { left: p.x - half, right: p.x + half, top: p.y - (RUNNER_FEET - RUNNER_TOP) * p.scale, bottom: p.y };
}

type Joint = [x: number, y: number, radius: number];

/** A tapered limb: trapezoids between joint circles, so thighs and calves read as such. */
function limb(joints: Joint[], color: string): string {
  let d = "";
  joints.forEach(([x, y, r], i) => {
    d += `M${x - r} ${y}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;
    const next = joints[i + 1];
    if (!next) return;
    const [x2, y2, r2] = next;
    const len = Math.hypot(x2 - x, y2 - y);
    const nx = (y - y2) / len;
    const ny = (x2 - x) / len;
    const p = (px: number, py: number) => `${px.toFixed(1)} ${py.toFixed(1)}`;
    // Same winding as the circles above, so nonzero filling never cuts a hole.
    const quad = [p(x + nx * r, y + ny * r), p(x2 + nx * r2, y2 + ny * r2), p(x2 - nx * r2, y2 - ny * r2), p(x - nx * r, y - ny * r)];
    d += `M${quad.join("L")}Z`;
  });
  return `<path d="${d}" fill="${color}" fill-rule="nonzero"/>`;
}

/**
 * A front-facing runner in mid-stride (flat illustration), bib on the chest.
 * Drawn in local units around the bib centre; limbs avoid the bib so it stays readable.
 */
export function runnerSvg(rng: Rng, o: RunnerOptions): string {
  const tint = (c: string) => mix(c, o.light, 0.12);
  const skin = tint(rng.pick(SKIN));
  const skinShade = mix(skin, "#3a2216", 0.25);
  const hair = tint(rng.pick(HAIR));
  const shirt = tint(rng.pick(SHIRTS));
  const shirtShade = mix(shirt, "#000000", 0.25);
  const shorts = tint(rng.pick(SHORTS));
  const shoe = tint(rng.pick(SHOES));
  const j = () => rng.range(-12, 12); // pose jitter
  const mirror = rng.next() < 0.5 ? -1 : 1;
  const lean = rng.range(-2, 2);
  const headwear = rng.int(0, 2); // 0 hair, 1 cap, 2 headband
  const glasses = rng.next() < 0.4;

  const body = [
    `<ellipse cx="0" cy="${RUNNER_FEET}" rx="230" ry="34" fill="#000000" fill-opacity="0.22"/>`,
    // Planted leg, then the raised one (knee towards the camera, foot tucked up behind).
    limb(
      [
        [-60, 240, 58],
        [-82 + j(), 470, 40],
        [-66, 680, 24],
      ],
      skin,
    ),
    `<path d="M-92 640h52v50h-52Z" fill="#f5f5f5"/>`,
    `<path d="M-124 704q58 -44 116 0v34h-116Z" fill="${shoe}"/><rect x="-126" y="728" width="120" height="14" rx="7" fill="#f1f1f1"/>`,
    limb(
      [
        [60, 240, 58],
        [100 + j(), 420, 46],
      ],
      skin,
    ),
    limb(
      [
        [100, 430, 42],
        [110, 525, 26],
      ],
      skinShade,
    ), // shin faces away: in shade
    `<path d="M84 512h52v38h-52Z" fill="#f5f5f5"/>`,
    `<path d="M64 550q46 -24 92 0v36q-46 14 -92 0Z" fill="${shoe}"/>`,
    `<path d="M-124 96H124L142 300H14L0 262L-14 300H-142Z" fill="${shorts}"/>`,
    // Neck and head.
    `<rect x="-36" y="-262" width="72" height="80" fill="${skinShade}"/>`,
    `<ellipse cx="-66" cy="-318" rx="14" ry="22" fill="${skin}"/><ellipse cx="66" cy="-318" rx="14" ry="22" fill="${skin}"/>`,
    `<ellipse cx="0" cy="-322" rx="68" ry="84" fill="${skin}"/>`,
    headwear === 1
      ? `<path d="M-70 -340q0 -68 70 -70q70 2 70 70Z" fill="${shirt}"/><path d="M-70 -345q70 -14 140 0q-8 26 -70 24q-62 2 -70 -24Z" fill="${shirtShade}"/>`
      : `<path d="M-70 -318q-4 -92 70 -90q74 -2 70 90q-18 -50 -70 -52q-52 2 -70 52Z" fill="${hair}"/>`,
    headwear === 2 ? `<rect x="-70" y="-372" width="140" height="22" rx="8" fill="${shoe}"/>` : "",
    glasses
      ? `<path d="M-56 -330h112v14q-6 20 -28 20q-22 0 -28 -16q-6 16 -28 16q-22 0 -28 -20Z" fill="#1b1f24"/>`
      : `<ellipse cx="-24" cy="-322" rx="7" ry="9" fill="#2a1d17"/><ellipse cx="24" cy="-322" rx="7" ry="9" fill="#2a1d17"/>`,
    `<path d="M-20 -272q20 12 40 0" fill="none" stroke="${skinShade}" stroke-width="6" stroke-linecap="round"/>`,
    // Shirt with short sleeves and a shaded side.
    `<path d="M-150 -198Q0 -230 150 -198L200 -96L152 -74L124 120H-124L-152 -74L-200 -96Z" fill="${shirt}"/>`,
    `<path d="M60 -214Q120 -206 150 -198L200 -96L152 -74L124 120H70Q110 0 60 -214Z" fill="${shirtShade}" fill-opacity="0.5"/>`,
    `<path d="M-44 -214Q0 -150 44 -214Q0 -226 -44 -214Z" fill="${skinShade}"/>`,
    // Arms: one driving forward (short foreshortened forearm), one swinging back.
    limb(
      [
        [-168, -150, 32],
        [-208 + j(), 0, 24],
        [-172, -40, 20],
      ],
      skin,
    ),
    `<circle cx="-172" cy="-40" r="28" fill="${skinShade}"/>`,
    limb(
      [
        [168, -150, 32],
        [214 + j(), 0, 24],
        [238, 90, 20],
      ],
      skinShade,
    ),
    `<circle cx="238" cy="90" r="28" fill="${skinShade}"/>`,
  ].join("");

  // Bib tilt plus body lean stays within ±8°.
  const bib = o.bibMarkup ?? bibSvg(o.bib, o.bibBand, rng.range(-6, 6));
  return `<g transform="translate(${o.x.toFixed(1)} ${(o.y - RUNNER_FEET * o.scale).toFixed(1)}) scale(${o.scale.toFixed(4)}) rotate(${lean.toFixed(2)} 0 ${RUNNER_FEET})">
<g transform="scale(${mirror} 1)">${body}</g>${bib}</g>`;
}
