import { renderPanorama } from "./panorama.ts";

/** Home page rotating hero (1920×900 JPEG): runners closer than on event heroes, lake by chance. */
export function renderHomeBanner(opts: { seed: number }): Promise<Buffer> {
  return renderPanorama({
    seed: opts.seed,
    width: 1920,
    height: 900,
    lake: opts.seed % 2 === 0,
    runners: [3, 6],
    runnerScale: [0.12, 0.32],
  });
}
