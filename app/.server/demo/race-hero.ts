import { renderPanorama } from "./panorama.ts";

/** Event page hero: a lake panorama with a few distant runners (default 1920×800 JPEG). */
export function renderRaceHero(opts: { seed: number; width?: number; height?: number }): Promise<Buffer> {
  return renderPanorama({
    seed: opts.seed,
    width: opts.width ?? 1920,
    height: opts.height ?? 800,
    lake: true,
    runners: [2, 5],
    runnerScale: [0.06, 0.16],
  });
}
