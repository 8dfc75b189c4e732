import type { Rng } from "./rng.ts";

/** One lighting mood; every scene draws from a single palette so its colours agree. */
export type Palette = {
  name: string;
  sky: [top: string, bottom: string];
  sun: string;
  /** Sun height as a fraction of the sky (0 = top, 1 = horizon). */
  sunHeight: number;
  /** Far to near: atmospheric perspective makes far ranges paler. */
  mountains: [far: string, near: string];
  snow: string;
  hills: string;
  trees: string;
  grass: [far: string, near: string];
  trail: [far: string, near: string];
  water: string;
  /** Multiplied over figures so people sit in the same light as the landscape. */
  light: string;
};

const PALETTES: readonly Palette[] = [
  {
    name: "morning",
    sky: ["#6fa6dc", "#f7dcb8"],
    sun: "#fff4cf",
    sunHeight: 0.72,
    mountains: ["#a4b3d0", "#71839f"],
    snow: "#f4f1ef",
    hills: "#56735a",
    trees: "#2c4636",
    grass: ["#7d9c58", "#5f823f"],
    trail: ["#cdb08a", "#b08d63"],
    water: "#8fb1d4",
    light: "#fff3e4",
  },
  {
    name: "midday",
    sky: ["#2f7fd6", "#bfe1f7"],
    sun: "#ffffff",
    sunHeight: 0.18,
    mountains: ["#93abc9", "#5c7898"],
    snow: "#ffffff",
    hills: "#4f8442",
    trees: "#245028",
    grass: ["#86b456", "#63953a"],
    trail: ["#dcc196", "#bf9b6b"],
    water: "#4f92cf",
    light: "#ffffff",
  },
  {
    name: "golden",
    sky: ["#5e6fae", "#fbc27e"],
    sun: "#ffe09a",
    sunHeight: 0.8,
    mountains: ["#b88e9a", "#7b5d73"],
    snow: "#ffe6d0",
    hills: "#6d6a3c",
    trees: "#383823",
    grass: ["#a89445", "#86762f"],
    trail: ["#e0ad72", "#bf8a55"],
    water: "#c99a8a",
    light: "#ffe2bf",
  },
  {
    name: "overcast",
    sky: ["#97a5b3", "#e2e6ea"],
    sun: "#f3f5f7",
    sunHeight: 0.35,
    mountains: ["#9aa6b2", "#6d7b89"],
    snow: "#eef1f4",
    hills: "#5b7461",
    trees: "#2f4337",
    grass: ["#76896a", "#5c7150"],
    trail: ["#aea38f", "#938672"],
    water: "#8e9eac",
    light: "#eef0f2",
  },
  {
    name: "dusk",
    sky: ["#27346e", "#f2936a"],
    sun: "#ffc38a",
    sunHeight: 0.9,
    mountains: ["#6a5a86", "#45406a"],
    snow: "#f5d6d2",
    hills: "#3b4c47",
    trees: "#1d2a29",
    grass: ["#56623f", "#434f31"],
    trail: ["#a98a6f", "#8c6f57"],
    water: "#7a6f9a",
    light: "#f6d2c2",
  },
];

export function pickPalette(rng: Rng): Palette {
  return rng.pick(PALETTES);
}

/** Linear blend of two #rrggbb colours. */
export function mix(a: string, b: string, t: number): string {
  const pa = parseInt(a.slice(1), 16);
  const pb = parseInt(b.slice(1), 16);
  const ch = (shift: number) => {
    const va = (pa >> shift) & 255;
    const vb = (pb >> shift) & 255;
    return Math.round(va + (vb - va) * t);
  };
  return `#${((1 << 24) | (ch(16) << 16) | (ch(8) << 8) | ch(0)).toString(16).slice(1)}`;
}

/** HSL → #rrggbb, for seed-derived accent colours. */
export function hsl(h: number, s: number, l: number): string {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => Math.round(255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))));
  return `#${((1 << 24) | (f(0) << 16) | (f(8) << 8) | f(4)).toString(16).slice(1)}`;
}
