import { svgDocument, svgToPng } from "./encode.ts";
import { hsl } from "./palette.ts";
import { createRng, hashSeed } from "./rng.ts";

const SIZE = 256;
const SHAPES = {
  round: `M128 10A118 118 0 1 1 127.9 10Z`,
  shield: `M128 10L228 42V122C228 186 184 226 128 246C72 226 28 186 28 122V42Z`,
};

/**
 * Race badge (256×256 transparent PNG): sun, mountain range and lake waves inside
 * a round or shield frame, colours from the seed. The name varies the design too,
 * so two races sharing a seed still get distinct logos. No text, hence no fonts.
 */
export async function renderRaceLogo(opts: { name: string; seed: number }): Promise<Buffer> {
  const rng = createRng(hashSeed(opts.name, opts.seed));
  const hue = rng.range(0, 360);
  const frame = hsl(hue, 0.55, 0.22);
  const skyTop = hsl(hue, 0.55, 0.78);
  const sunHue = rng.range(12, 50); // suns stay warm whatever the badge colour
  const skyBottom = hsl(sunHue, 0.8, 0.88);
  const sun = hsl(sunHue, 0.9, 0.62);
  const far = hsl(hue, 0.35, 0.55);
  const near = hsl(hue, 0.45, 0.32);
  const water = hsl(hue, 0.55, 0.45);
  const outline = SHAPES[rng.next() < 0.5 ? "round" : "shield"];

  // Peaks along the horizon; the tallest gets a snow cap.
  const horizon = rng.range(150, 170);
  const peaks = (count: number, baseH: number) => {
    let d = `M0 ${horizon}`;
    for (let i = 0; i < count; i++) {
      const x = ((i + 0.5) / count) * SIZE + rng.range(-12, 12);
      d += `L${x.toFixed(1)} ${(horizon - baseH * rng.range(0.6, 1)).toFixed(1)}`;
    }
    return `${d}L${SIZE} ${horizon}Z`;
  };
  const peakX = rng.range(90, 166);
  const peakY = horizon - rng.range(95, 115);
  const sunX = peakX < 128 ? rng.range(172, 196) : rng.range(60, 84); // beside the peak, never behind it
  const main = `M${peakX - 120} ${horizon}L${peakX} ${peakY}L${peakX + 110} ${horizon}Z`;
  const snow = `M${peakX} ${peakY}L${peakX + 22} ${peakY + 22}L${peakX + 8} ${peakY + 16}L${peakX - 4} ${peakY + 26}L${peakX - 14} ${peakY + 18}L${peakX - 24} ${peakY + 24}Z`;
  let waves = "";
  for (let i = 0; i < 3; i++) {
    const y = horizon + 18 + i * 18;
    waves += `M40 ${y}q22 -9 44 0t44 0t44 0t44 0`;
  }

  const body = `<defs>
<clipPath id="badge"><path d="${outline}"/></clipPath>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient>
</defs>
<path d="${outline}" fill="${frame}"/>
<g clip-path="url(#badge)" transform="translate(128 128) scale(0.86) translate(-128 -128)">
<rect width="${SIZE}" height="${SIZE}" fill="url(#sky)"/>
<circle cx="${sunX.toFixed(1)}" cy="${(horizon - rng.range(70, 95)).toFixed(1)}" r="${rng.range(22, 30).toFixed(1)}" fill="${sun}"/>
<path d="${peaks(rng.int(4, 6), 70)}" fill="${far}"/>
<path d="${main}" fill="${near}"/><path d="${snow}" fill="#ffffff"/>
<rect y="${horizon}" width="${SIZE}" height="${SIZE - horizon}" fill="${water}"/>
<path d="${waves}" fill="none" stroke="#ffffff" stroke-width="7" stroke-linecap="round" stroke-opacity="0.85"/>
</g>
<path d="${outline}" fill="none" stroke="#ffffff" stroke-width="6" transform="translate(128 128) scale(0.9) translate(-128 -128)"/>`;
  return svgToPng(svgDocument(SIZE, SIZE, body));
}
