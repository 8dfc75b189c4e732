import sharp, { type OverlayOptions } from "sharp";

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

/** Rendered overlays kept: a race's photos come in a few sizes (landscape, portrait, two widths). */
const KEPT_OVERLAYS = 4;
const overlays = new Map<string, Promise<OverlayOptions>>();

/**
 * The watermark for a width × height picture as a composite layer, drawn once
 * per size: rendering the SVG was about a tenth of a photo's derivatives.
 */
export function watermarkOverlay(width: number, height: number): Promise<OverlayOptions> {
  const key = `${width}x${height}`;
  let overlay = overlays.get(key);
  if (!overlay) {
    overlay = sharp(watermarkSvg(width, height))
      .raw()
      .toBuffer({ resolveWithObject: true })
      .then(({ data, info }) => ({ input: data, raw: { width: info.width, height: info.height, channels: info.channels }, top: 0, left: 0 }));
    overlay.catch(() => overlays.delete(key));
    if (overlays.size >= KEPT_OVERLAYS) overlays.delete(overlays.keys().next().value!);
    overlays.set(key, overlay);
  }
  return overlay;
}
