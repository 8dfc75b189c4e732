import sharp from "sharp";

// The shop's name drawn as stroked paths (10×14 units a letter) so the
// watermark needs no system font: a fresh machine may have none.
const LETTERS: Record<string, string> = {
  D: "M0 0 L0 14 L4.5 14 Q10 14 10 7 Q10 0 4.5 0 Z",
  O: "M5 0 Q10 0 10 7 Q10 14 5 14 Q0 14 0 7 Q0 0 5 0 Z",
  R: "M0 14 L0 0 L6 0 Q10 0 10 4 Q10 8 6 8 L0 8 M5.5 8 L10 14",
  S: "M9.6 2 Q8 0 5 0 Q0.4 0 0.4 3.6 Q0.4 7 5 7 Q9.8 7 9.8 10.5 Q9.8 14 5 14 Q1.8 14 0.2 11.8",
  A: "M0 14 L5 0 L10 14 M2.1 9 L7.9 9",
  L: "M0 0 L0 14 L10 14",
};

const WORD = "DORSAL";
const ADVANCE = 14;

function wordPath(): string {
  return [...WORD].map((ch, i) => `<path transform="translate(${i * ADVANCE} 0)" d="${LETTERS[ch]}"/>`).join("");
}

/**
 * A diagonal band of the shop's name repeated across the image: visible enough
 * to stop a screenshot from replacing a purchase, light enough to judge the photo.
 */
export function watermarkSvg(width: number, height: number): Buffer {
  const wordWidth = WORD.length * ADVANCE - 4;
  const scale = Math.max(1.2, width / 160);
  const stepX = (wordWidth + 26) * scale;
  const stepY = 70 * scale;
  const diagonal = Math.hypot(width, height);
  const marks: string[] = [];
  let row = 0;
  for (let y = -diagonal / 2; y < diagonal / 2; y += stepY, row++) {
    const offset = row % 2 ? stepX / 2 : 0;
    for (let x = -diagonal / 2 - offset; x < diagonal / 2; x += stepX) {
      marks.push(`<use href="#w" transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${scale.toFixed(3)})"/>`);
    }
  }
  const strokeWidth = 1.6;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><g id="w" fill="none" stroke-linecap="round" stroke-linejoin="round">${wordPath()}</g></defs>
  <g transform="translate(${width / 2} ${height / 2}) rotate(-30)">
    <g stroke="#000" stroke-opacity="0.18" stroke-width="${strokeWidth + 1.2}">${marks.join("")}</g>
    <g stroke="#fff" stroke-opacity="0.42" stroke-width="${strokeWidth}">${marks.join("")}</g>
  </g>
</svg>`);
}

/** Marks kept: a race's photos come in a few sizes (landscape, portrait, two widths). */
const KEPT_MARKS = 4;
/** The watermark of one size: the pixels it covers (index into width × height) and their RGBA. */
type Mark = { at: Uint32Array; rgba: Uint8Array };
const marks = new Map<string, Promise<Mark>>();

/** The watermark for a width × height picture, drawn once per size (rendering the SVG costs a tenth of a photo's derivatives). */
function markFor(width: number, height: number): Promise<Mark> {
  const key = `${width}x${height}`;
  let mark = marks.get(key);
  if (!mark) {
    mark = sharp(watermarkSvg(width, height))
      .ensureAlpha()
      .raw()
      .toBuffer()
      .then((data) => {
        // The mark's strokes cover about a tenth of the picture: keep only those pixels.
        const at: number[] = [];
        for (let p = 0; p < width * height; p++) if (data[p * 4 + 3]) at.push(p);
        const rgba = new Uint8Array(at.length * 4);
        at.forEach((p, k) => rgba.set(data.subarray(p * 4, p * 4 + 4), k * 4));
        return { at: Uint32Array.from(at), rgba };
      });
    mark.catch(() => marks.delete(key));
    if (marks.size >= KEPT_MARKS) marks.delete(marks.keys().next().value!);
    marks.set(key, mark);
  }
  return mark;
}

/**
 * Upright sRGB pixels (3 channels, or 4 with alpha) with the watermark laid
 * over them, as a new buffer. Blended here, on the few pixels the mark covers,
 * rather than by a composite over the whole picture: a third of a derivative's
 * encoding time before.
 */
export async function stampWatermark(pixels: Buffer, width: number, height: number, channels: 3 | 4): Promise<Buffer> {
  const { at, rgba } = await markFor(width, height);
  const out = Buffer.from(pixels);
  for (let k = 0; k < at.length; k++) {
    const p = at[k] * channels;
    const alpha = rgba[k * 4 + 3];
    const rest = 255 - alpha;
    for (let c = 0; c < 3; c++) out[p + c] = (rgba[k * 4 + c] * alpha + out[p + c] * rest + 127) / 255;
    if (channels === 4) out[p + 3] = (alpha * 255 + out[p + 3] * rest + 127) / 255;
  }
  return out;
}
