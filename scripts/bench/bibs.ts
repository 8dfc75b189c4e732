// `npm run bench -- bibs [--limit N] [--concurrency C] [--threads T] [--detect PX] [--threshold X] [--save F] [--load F]`:
// automatic bib recognition over the labelled set in tests/fixtures/bibs/
// (rendered on first use). Prints precision and recall of the automatic tags,
// recall with the review queue, photos per second and peak memory.
// --save keeps the raw readings; --load re-scores them without reading again.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { parseBibRanges } from "../../app/domain/bibs.ts";
import {
  createRecognizer,
  decidePhoto,
  DEFAULT_AUTO_THRESHOLD,
  DEFAULT_TIMING_WINDOW,
  DEFAULT_READ_SETTINGS,
  DEFAULT_RULES,
  type PhotoReading,
} from "../../app/.server/recognition/index.ts";
import { ensureBibSet, type Label } from "./bib-set/index.ts";

const SET_DIR = path.resolve(import.meta.dirname, "../../tests/fixtures/bibs");

type Scored = { label: Label; auto: number[]; pending: number[] };

const pct = (n: number, d: number) => (d ? (n / d).toFixed(3) : "–");

async function readAll(labels: Label[], concurrency: number, threads: number, detectLongSide: number) {
  const recognizer = createRecognizer({ threads, read: { detectLongSide } });
  await recognizer.read(await fs.readFile(path.join(SET_DIR, labels[0].file))); // load models, warm up
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const readings: PhotoReading[] = new Array(labels.length);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < labels.length) {
        const i = next++;
        readings[i] = await recognizer.read(await fs.readFile(path.join(SET_DIR, labels[i].file)));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { readings, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, peakMb: peak / 1024 / 1024 };
}

function score(labels: Label[], readings: PhotoReading[], bibRanges: string, threshold: number): Scored[] {
  // The production decision, without a timing file (the set has no capture times).
  const race = { rules: { ...DEFAULT_RULES, ranges: parseBibRanges(bibRanges) }, registered: new Set<number>(), autoThreshold: threshold, timing: DEFAULT_TIMING_WINDOW, passings: new Map() };
  return labels.map((label, i) => {
    const decisions = decidePhoto(readings[i].lines, readings[i], null, race);
    return {
      label,
      auto: decisions.filter((d) => d.status === "auto").map((d) => d.bib),
      pending: decisions.filter((d) => d.status === "pending").map((d) => d.bib),
    };
  });
}

function report(scored: Scored[], threshold: number) {
  let truth = 0;
  let autoRight = 0;
  let autoWrong = 0;
  let reviewRight = 0;
  let pending = 0;
  const byCondition = new Map<string, { truth: number; auto: number; review: number }>();
  const wrong: string[] = [];
  for (const { label, auto, pending: queued } of scored) {
    truth += label.bibs.length;
    pending += queued.length;
    for (const bib of auto) {
      if (label.bibs.includes(bib)) autoRight++;
      else {
        autoWrong++;
        wrong.push(`${label.file}: tagged ${bib}, true ${label.bibs.join(" ") || "none"}`);
      }
    }
    reviewRight += label.bibs.filter((b) => auto.includes(b) || queued.includes(b)).length;
    for (const condition of label.conditions) {
      const c = byCondition.get(condition) ?? { truth: 0, auto: 0, review: 0 };
      c.truth += label.bibs.length;
      c.auto += label.bibs.filter((b) => auto.includes(b)).length;
      c.review += label.bibs.filter((b) => auto.includes(b) || queued.includes(b)).length;
      byCondition.set(condition, c);
    }
  }
  console.log(`automatic tags (confidence ≥ ${threshold}):  precision ${pct(autoRight, autoRight + autoWrong)}  recall ${pct(autoRight, truth)}  (${autoRight} right, ${autoWrong} wrong of ${truth} bibs)`);
  console.log(`with the review queue:                recall ${pct(reviewRight, truth)}  (${pending} suggestions to review, ${(pending / scored.length).toFixed(2)} a photo)`);
  console.log("recall by condition (automatic / with review):");
  for (const [condition, c] of [...byCondition].sort((a, b) => b[1].truth - a[1].truth)) {
    console.log(`  ${condition.padEnd(12)} ${String(c.truth).padStart(4)} bibs  ${pct(c.auto, c.truth)} / ${pct(c.review, c.truth)}`);
  }
  for (const line of wrong) console.log(`  wrong automatic tag: ${line}`);
}

export async function benchBibs(args = process.argv.slice(2).filter((_, i, all) => all.slice(0, i + 1).some((a) => a.startsWith("-")))) {
  const { values } = parseArgs({
    args,
    options: {
      limit: { type: "string" },
      concurrency: { type: "string", default: "2" },
      threads: { type: "string", default: "1" },
      detect: { type: "string", default: String(DEFAULT_READ_SETTINGS.detectLongSide) },
      threshold: { type: "string", default: String(DEFAULT_AUTO_THRESHOLD) },
      save: { type: "string" },
      load: { type: "string" },
    },
  });
  const set = await ensureBibSet(SET_DIR, (line) => console.log(line));
  const labels = values.limit ? set.labels.slice(0, Number(values.limit)) : set.labels;
  const threshold = Number(values.threshold);
  const bibs = labels.reduce((n, l) => n + l.bibs.length, 0);
  console.log(`${labels.length} photos, ${bibs} bibs (${set.bibRanges}); ${os.cpus().length} cores`);

  let readings: PhotoReading[];
  if (values.load) {
    readings = JSON.parse(await fs.readFile(values.load, "utf8")) as PhotoReading[];
    console.log(`readings from ${values.load}`);
  } else {
    const concurrency = Number(values.concurrency);
    const threads = Number(values.threads);
    const run = await readAll(labels, concurrency, threads, Number(values.detect));
    readings = run.readings;
    console.log(
      `read in ${run.seconds.toFixed(1)} s with ${concurrency} photos at a time, ${threads} thread(s) each, detector at ${values.detect} px: ` +
        `${(labels.length / run.seconds).toFixed(2)} photos/s, ${(run.cpuSeconds / labels.length).toFixed(2)} CPU s a photo, peak memory ${run.peakMb.toFixed(0)} MB`,
    );
    // Wall time suffers from anything else running; CPU time says what the cores could do alone.
    const cores = Math.min(os.cpus().length, concurrency * threads);
    console.log(`≈ ${((cores * labels.length) / run.cpuSeconds).toFixed(2)} photos/s on ${cores} otherwise idle cores (from CPU time; load average now ${os.loadavg()[0].toFixed(1)})`);
    if (values.save) await fs.writeFile(values.save, JSON.stringify(readings));
  }
  report(score(labels, readings, set.bibRanges, threshold), threshold);
}
