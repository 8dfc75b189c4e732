import fs from "node:fs";
import { createRequire } from "node:module";
import opentype, { type Font } from "opentype.js";

// Real typefaces for the field set's bibs and signs, turned into SVG paths
// here (glyph by glyph, no shaping), so the pictures do not depend on the
// fonts a machine happens to have installed.

const require = createRequire(import.meta.url);

/** Condensed and heavy faces of the kinds race bibs are printed in, plus one wide one. */
export const FONT_FILES = {
  oswald: "@fontsource/oswald/files/oswald-latin-700-normal.woff",
  anton: "@fontsource/anton/files/anton-latin-400-normal.woff",
  bebas: "@fontsource/bebas-neue/files/bebas-neue-latin-400-normal.woff",
  roboto: "@fontsource/roboto-condensed/files/roboto-condensed-latin-700-normal.woff",
  barlow: "@fontsource/barlow-condensed/files/barlow-condensed-latin-800-normal.woff",
  archivo: "@fontsource/archivo-black/files/archivo-black-latin-400-normal.woff",
} as const;
export type FontName = keyof typeof FONT_FILES;
export const FONT_NAMES = Object.keys(FONT_FILES) as FontName[];

const loaded = new Map<FontName, Font>();
function font(name: FontName): Font {
  let f = loaded.get(name);
  if (!f) {
    const buf = fs.readFileSync(require.resolve(FONT_FILES[name]));
    f = opentype.parse(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer);
    loaded.set(name, f);
  }
  return f;
}

type Command = { type: string; x?: number; y?: number; x1?: number; y1?: number; x2?: number; y2?: number };

/** SVG path data with every number spaced (opentype.js's own toPathData runs "-141.7" and "0" together into "-141.70"). */
function pathData(commands: Command[]): string {
  const n = (v: number | undefined) => (Math.round((v ?? 0) * 10) / 10 || 0).toString();
  return commands
    .map((c) =>
      c.type === "Z"
        ? "Z"
        : c.type === "Q"
          ? `Q${n(c.x1)} ${n(c.y1)} ${n(c.x)} ${n(c.y)}`
          : c.type === "C"
            ? `C${n(c.x1)} ${n(c.y1)} ${n(c.x2)} ${n(c.y2)} ${n(c.x)} ${n(c.y)}`
            : `${c.type}${n(c.x)} ${n(c.y)}`,
    )
    .join("");
}

/** Width of `text` at `size` px (em size) with letter spacing `tracking` (fraction of the size). */
export function textWidth(name: FontName, text: string, size: number, tracking = 0): number {
  const f = font(name);
  let x = 0;
  for (const ch of text) x += (f.charToGlyph(ch).advanceWidth! / f.unitsPerEm) * size + tracking * size;
  return x - tracking * size;
}

/** Cap height of the face at `size` (how tall digits stand). */
export function capHeight(name: FontName, size: number): number {
  const f = font(name);
  const box = f.charToGlyph("0").getBoundingBox();
  return ((box.y2 - box.y1) / f.unitsPerEm) * size;
}

/**
 * SVG path data of `text` with its baseline at y and centred on x (or
 * starting at x when anchor is "start"), and the extent of each character.
 */
export function textPath(name: FontName, text: string, x: number, y: number, size: number, { anchor = "middle", tracking = 0 }: { anchor?: "start" | "middle"; tracking?: number } = {}) {
  const f = font(name);
  const width = textWidth(name, text, size, tracking);
  let pen = anchor === "middle" ? x - width / 2 : x;
  let d = "";
  const spans: [number, number][] = [];
  for (const ch of text) {
    const g = f.charToGlyph(ch);
    const advance = (g.advanceWidth! / f.unitsPerEm) * size;
    d += pathData(g.getPath(pen, y, size).commands);
    spans.push([pen, pen + advance]);
    pen += advance + tracking * size;
  }
  return { d, width, spans };
}
