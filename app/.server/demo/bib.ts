import { digitsSvg } from "./glyphs.ts";

/** Bib size in runner units (= pixels on a 2400 px wide photo at runner scale 1). */
export const BIB_WIDTH = 220;
export const BIB_HEIGHT = 160;
const BAND = 26;

/**
 * A paper race bib centred on (0, 0): coloured top band with a sponsor stripe,
 * big black number, safety pins at the corners. `number` null = blank bib.
 */
export function bibSvg(number: string | null, band: string, angle: number): string {
  const w = BIB_WIDTH;
  const h = BIB_HEIGHT;
  const x = -w / 2;
  const y = -h / 2;
  const pins = [
    [x + 11, y + BAND + 9],
    [-x - 11, y + BAND + 9],
    [x + 11, -y - 11],
    [-x - 11, -y - 11],
  ]
    .map(([px, py]) => `<circle cx="${px}" cy="${py}" r="5" fill="#c9ced4" stroke="#6b7178" stroke-width="2"/>`)
    .join("");
  const digits = number ? digitsSvg(number, 0, (BAND - 8) / 2, w - 36, h - BAND - 30, "#111111") : "";
  return `<g transform="rotate(${angle.toFixed(2)})">
<rect x="${x + 4}" y="${y + 6}" width="${w}" height="${h}" rx="6" fill="#000000" fill-opacity="0.22"/>
<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6" fill="#fbfbf8"/>
<path d="M${x} ${y + 6}a6 6 0 0 1 6 -6h${w - 12}a6 6 0 0 1 6 6v${BAND - 6}h${-w}Z" fill="${band}"/>
<rect x="${x + 48}" y="${y + 8}" width="${w - 96}" height="${BAND - 16}" rx="5" fill="#ffffff" fill-opacity="0.85"/>
<rect x="${x + 58}" y="${y + 11}" width="${w * 0.18}" height="${BAND - 22}" fill="${band}"/>
<rect x="${x}" y="${-y - 8}" width="${w}" height="3" fill="${band}" fill-opacity="0.6"/>
${pins}${digits}</g>`;
}
