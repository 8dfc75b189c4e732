// `npm run bench -- images`: the image pipeline's cost per photo on this machine.
import sharp from "sharp";
import { renderRacePhoto } from "../../app/.server/demo/index.ts";
import { MEDIUM_WIDTH, soldFile, THUMB_WIDTH, watermarked } from "../../app/.server/images/index.ts";

async function timeIt(label: string, runs: number, work: () => Promise<unknown>) {
  await work(); // warm-up
  const started = performance.now();
  for (let i = 0; i < runs; i++) await work();
  const ms = (performance.now() - started) / runs;
  console.log(`${label.padEnd(44)} ${ms.toFixed(0).padStart(5)} ms/photo  ${(1000 / ms).toFixed(1).padStart(6)} photos/s`);
}

export async function benchImages() {
  sharp.concurrency(1); // one core, so figures compare across machines
  const camera = await sharp(await renderRacePhoto({ bibs: [305], seed: 1, takenAt: new Date(), width: 2400, height: 1600 }))
    .resize(6000, 4000)
    .jpeg({ quality: 90 })
    .toBuffer();
  console.log(`Image pipeline on one core (6000×4000 camera JPEG, ${(camera.length / 1e6).toFixed(1)} MB)`);
  await timeIt(`watermarked thumbnail (${THUMB_WIDTH} px WebP)`, 5, () => watermarked(camera, THUMB_WIDTH));
  await timeIt(`watermarked medium (${MEDIUM_WIDTH} px WebP)`, 5, () => watermarked(camera, MEDIUM_WIDTH));
  await timeIt("sold file (3500 px JPEG, 300 dpi, clean)", 5, () => soldFile(camera));
  const rss = process.memoryUsage().rss / 1024 / 1024;
  console.log(`peak resident memory ≈ ${rss.toFixed(0)} MB`);
}
