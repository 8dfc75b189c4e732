import type { Trail } from "./landscape.ts";
import type { Rng } from "./rng.ts";

export type Box = { left: number; top: number; right: number; bottom: number };

/**
 * Course-marking pennants along the trail: what makes a meadow path read as a race course.
 * Drawn over the runners, so any pennant that would land on a runner (`avoid`) is left out.
 */
export function courseMarkersSvg(rng: Rng, trail: Trail, height: number, color: string, avoid: Box[] = []): string {
  let poles = "";
  let flags = "";
  const count = rng.int(3, 6);
  for (let i = 0; i < count; i++) {
    const y = trail.horizon + (height - trail.horizon) * ((i + rng.range(0.3, 0.9)) / count) ** 1.6;
    const { x, half } = trail.at(y);
    const t = (y - trail.horizon) / (height - trail.horizon); // 0 far … 1 near
    const size = 6 + t * height * 0.09;
    const side = i % 2 === 0 ? -1 : 1;
    const px = x + side * (half + size * 0.6);
    const box: Box = { left: px - size, top: y - size * 2.2, right: px + size, bottom: y };
    if (avoid.some((a) => a.left < box.right && box.left < a.right && a.top < box.bottom && box.top < a.bottom)) continue;
    poles += `M${px.toFixed(1)} ${y.toFixed(1)}v${(-size * 2.2).toFixed(1)}`;
    const top = y - size * 2.2;
    flags += `M${px.toFixed(1)} ${top.toFixed(1)}l${(size * 0.9 * -side).toFixed(1)} ${(size * 0.3).toFixed(1)}l${(size * 0.9 * side).toFixed(1)} ${(size * 0.3).toFixed(1)}Z`;
  }
  const stroke = (height * 0.003).toFixed(1);
  return `<path d="${poles}" stroke="#e8e4dc" stroke-width="${stroke}"/><path d="${flags}" fill="${color}"/>`;
}
