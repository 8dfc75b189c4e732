// `npm run bench -- bibs [--set own|field|tune|race|race-tune|close|close-tune|cover|cover-tune|both|all] [--limit N] [--concurrency C] [--threads T] [--detect PX] [--also PX] [--small-photo MP] [--small-detect PX] [--source PX] [--zoom Z] [--small PX] [--windows N] [--near-text PX] [--near-look PX] [--threshold X] [--whole-floor P] [--shrink PX] [--save F] [--load F] [--no-times]`:
// automatic bib recognition over two labelled sets: the own set
// (tests/fixtures/bibs/, made with the recogniser; settings are tuned on it)
// and the field set (tests/fixtures/field-bibs/, drawn independently; only
// reported). `tune` is the field generator's tuning split from another seed
// (tests/fixtures/tune-bibs/): settings may be chosen on it, never on the
// field set. `race` (tests/fixtures/race-bibs/) has the same runners in several
// frames with capture times, for what a race's other photos tell; only reported.
// `race-tune` (tests/fixtures/race-tune-bibs/) is its tuning draw, denser. `close` (tests/fixtures/close-bibs/)
// frames runners near the camera, a bib up to half the frame wide; only reported; `close-tune` is its tuning draw.
// `cover` (tests/fixtures/cover-bibs/) covers numbers across, an arm or a jacket's hem over the top or bottom of
// the digits; only reported; `cover-tune` is its tuning draw.
// `both` is own and field, `all` adds tune, race, race-tune, close, close-tune, cover and cover-tune. Rendered on first use. Prints precision and recall of
// the automatic tags, recall with the review queue, the same with a start
// list, recall by class, why the bibs not tagged were not, photos per second and peak memory.
// --also PX adds a second whole look at the photo for the detector at that size (off by default).
// --near-look PX is the second look's size where print taller than --near-text PX (detector pixels) was seen
// (0: none).
// --small-photo MP: photos of at most that many megapixels are seen by the detector at up to --small-detect px.
// --save keeps the raw readings (per set: F.own.json, F.field.json); --load re-scores them without reading again.
// --whole-floor P: the whole-number verifier's floor (a number it finds whole with less than P waits for a person).
// --no-times scores the race splits as if their photos carried no capture time (each photo a moment of its own).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createRng } from "../../app/.server/demo/index.ts";
import { parseBibRanges } from "../../app/domain/bibs.ts";
import {
  type BurstFrame,
  createRecognizer,
  type Decision,
  decidePhoto,
  DEFAULT_AUTO_THRESHOLD,
  DEFAULT_TIMING_WINDOW,
  DEFAULT_READ_SETTINGS,
  DEFAULT_RULES,
  digitsOf,
  type PhotoReading,
  OFFERED_DOUBTS,
  passSuggestions,
  type RaceContext,
  knownPrints,
  numbersRead,
  printsRead,
  type NumberMoments,
  type ReadSettings,
  sceneryByCamera,
  type Sighting,
  WHOLE_FLOOR,
} from "../../app/.server/recognition/index.ts";
import { ensureBibSet } from "./bib-set/index.ts";
import { shrunkJpeg } from "./shrink.ts";
import { ensureFieldSet, FIELD_SPLITS, type FieldLabel, fieldSetFolder } from "./field-set/index.ts";

const OFFERED = new Set<string>(OFFERED_DOUBTS);
const CALIBRATION_THRESHOLDS = [0.6, 0.7, 0.8, 0.85, 0.9, 0.95, 0.98];
const FIXTURES = path.resolve(import.meta.dirname, "../../tests/fixtures");

/** One labelled photo, whichever set it comes from: readable bibs, hidden ones, and the classes each bib is counted under. */
type Photo = { file: string; bibs: number[]; hidden: number[]; classesOf: (bib: number) => string[]; takenAt: Date | null };
type LabelledSet = { name: string; dir: string; bibRanges: string; photos: Photo[] };
/** `decisions`: the production decision's candidates for the photo (the review queue's pass suggestions are only in `pending`). */
export type Scored = { photo: Photo; auto: number[]; pending: number[]; decisions?: Decision[] };

const pct = (n: number, d: number) => (d ? (n / d).toFixed(3) : "–");

type SetName = "own" | (typeof FIELD_SPLITS)[number];

const TITLES: Record<SetName, string> = {
  own: "OWN SET (settings are tuned on it)",
  field: "FIELD SET (drawn independently; never tuned on)",
  tune: "TUNING SPLIT (the field generator from another seed; settings are tuned on it)",
  race: "RACE SPLIT (the field generator's runners in several frames of one photo point, with capture times; never tuned on)",
  "race-tune": "RACE TUNING SPLIT (the race split's generator from another seed, 240 runners; settings are tuned on it)",
  close: "CLOSE-UPS (runners near the camera, a bib up to half the frame wide; never tuned on)",
  "close-tune": "CLOSE-UP TUNING SPLIT (the close-ups' generator from another seed; settings are tuned on it)",
  cover: "COVERS ACROSS (arms and jacket hems over the top or bottom of the digits; never tuned on)",
  "cover-tune": "COVER TUNING SPLIT (the covers' generator from another seed; settings are tuned on it)",
};

/** A set's labels, and its photos rendered where missing unless `render` is false (saved readings to score). */
async function loadSet(name: SetName, limit: number | undefined, log: (line: string) => void, render: boolean): Promise<LabelledSet> {
  if (name === "own") {
    const dir = path.join(FIXTURES, "bibs");
    const set = await ensureBibSet(dir, log, { render });
    const labels = limit ? set.labels.slice(0, limit) : set.labels;
    return {
      name,
      dir,
      bibRanges: set.bibRanges,
      photos: labels.map((l) => ({ file: l.file, bibs: l.bibs, hidden: [], classesOf: () => l.conditions, takenAt: null })),
    };
  }
  const dir = path.join(FIXTURES, fieldSetFolder(name));
  const set = await ensureFieldSet(dir, log, limit, name, { render });
  return {
    name,
    dir,
    bibRanges: set.bibRanges,
    photos: set.labels.map(photoOfLabel),
  };
}

/** A field generator's label as a photo to score. */
export function photoOfLabel(l: FieldLabel): Photo {
  return {
    file: l.file,
    bibs: l.bibs,
    hidden: l.hidden,
    classesOf: (bib) => Object.values(l.classes[bib] ?? {}),
    takenAt: l.takenAt ? new Date(l.takenAt) : null,
  };
}

/**
 * A photo as the reader gets it: the file, or with `shrink` a JPEG (quality 90)
 * no longer than that on its long side, as smaller cameras and resized
 * uploads give (the issue's real photographs are 2048 px wide).
 */
async function photoFile(set: LabelledSet, i: number, shrink: number): Promise<Buffer> {
  const file = path.join(set.dir, set.photos[i].file);
  if (!shrink) return fs.readFile(file);
  return shrunkJpeg(file, shrink);
}

async function readAll(set: LabelledSet, concurrency: number, threads: number, read: Partial<ReadSettings>, shrink = 0) {
  const recognizer = createRecognizer({ threads, read });
  await recognizer.read(await photoFile(set, 0, shrink)); // load models, warm up
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const readings: PhotoReading[] = new Array(set.photos.length);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < set.photos.length) {
        const i = next++;
        readings[i] = await recognizer.read(await photoFile(set, i, shrink));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { readings, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, peakMb: peak / 1024 / 1024 };
}

/**
 * The race's start list for a set: every runner photographed (readable or
 * not) and as many again who were not, as an organiser's list would have.
 */
function startListOf(set: LabelledSet): Set<number> {
  const runners = new Set(set.photos.flatMap((p) => [...p.bibs, ...p.hidden]));
  const ranges = parseBibRanges(set.bibRanges);
  const rng = createRng(runners.size);
  const list = new Set(runners);
  for (let i = 0; i < runners.size; i++) {
    const range = rng.pick(ranges);
    list.add(rng.int(range.from, range.to));
  }
  return list;
}

/** The moments of a set each of what `read` finds in a photo was read in: `momentOf` a photo (its index) is the photo itself unless given. */
function momentsOf<K>(readings: PhotoReading[], read: (lines: PhotoReading["lines"]) => Set<K>, momentOf = (i: number) => i): Map<K, Set<number>> {
  const moments = new Map<K, Set<number>>();
  readings.forEach((r, i) => {
    for (const k of read(r.lines)) moments.set(k, (moments.get(k) ?? new Set()).add(momentOf(i)));
  });
  return moments;
}

/** In how many of a set's moments each of what `read` finds in a photo was read, as a race's trigger counts them. */
const momentsPer = <K>(readings: PhotoReading[], read: (lines: PhotoReading["lines"]) => Set<K>) =>
  new Map([...momentsOf(readings, read)].map(([k, at]) => [k, at.size]));

/**
 * The numbers read in too many (or many) of a set's moments to be a runner's, as the race would count them once
 * all are read: a moment is a minute of the capture time, or the photo itself when its time is unknown (scenery.ts).
 * A set is one camera's photos, so its moments are that camera's, as the race counts them (migration 0019).
 */
function sceneryOfSet(set: LabelledSet, readings: PhotoReading[]) {
  const momentOf = (i: number) => {
    const at = set.photos[i].takenAt;
    return at ? Math.floor(at.getTime() / 60_000) : -i - 1;
  };
  const all = [...new Set(readings.map((_, i) => momentOf(i)))];
  const counts = [...momentsOf(readings, numbersRead, momentOf)].map(([number, at]): NumberMoments => {
    const timed = [...at].filter((m) => m >= 0);
    const [first, last] = [Math.min(...timed), Math.max(...timed)];
    const span = timed.length ? all.filter((m) => m >= first && m <= last).length : 0;
    return { number, camera: "", moments: at.size, timed: timed.length, span };
  });
  return sceneryByCamera(new Map([["", all.length]]), counts);
}

/** The print read on the set's bibs, as the race would know it once all are read (counted in photos). */
const printsOfSet = (readings: PhotoReading[]) => knownPrints(momentsPer(readings, printsRead), readings.length);

/** --whole-floor, for every scoring of the run. */
let wholeFloor = WHOLE_FLOOR;

/** `proof`: whether each photo is decided knowing the bibs tagged in the set's other photos (decide.ts `proven`). */
function score(set: LabelledSet, readings: PhotoReading[], threshold: number, registered: Set<number>, { proof = true } = {}): Scored[] {
  // The production decision, without a timing file (a moment is a minute of the capture time, or the photo).
  const race = {
    scenery: sceneryOfSet(set, readings),
    rules: { ...DEFAULT_RULES, ranges: parseBibRanges(set.bibRanges), prints: printsOfSet(readings), wholeFloor },
    registered,
    autoThreshold: threshold,
    timing: DEFAULT_TIMING_WINDOW,
    passings: new Map(),
    proven: new Map(),
    read: new Map(),
    onBibs: new Map(),
  };
  const decideAll = (context: RaceContext) =>
    readings.map((reading, i) => decidePhoto(reading.lines, reading, set.photos[i].takenAt, context, { photo: { id: i } }));
  // As the race ends up once all are read: each photo decided knowing the bibs tagged and read (on a bib's print, too) in the others, and when.
  const proven = new Map<number, Sighting[]>();
  const read = new Map<number, Sighting[]>();
  const onBibs = new Map<number, Sighting[]>();
  const add = (to: Map<number, Sighting[]>, bib: number, i: number) =>
    to.set(bib, [...(to.get(bib) ?? []), { photo: i, at: set.photos[i].takenAt?.getTime() ?? null }]);
  for (const [i, decisions] of decideAll(race).entries()) {
    for (const d of decisions) {
      if (d.status === "auto") add(proven, d.bib, i);
      else if (!d.doubts.some((doubt) => OFFERED.has(doubt))) add(read, d.bib, i);
      if (d.printed) add(onBibs, d.bib, i);
    }
  }
  const decided = proof ? decideAll({ ...race, proven, read, onBibs }) : decideAll(race);
  const scored = set.photos.map((photo, i) => {
    const decisions = decided[i];
    return {
      photo,
      auto: decisions.filter((d) => d.status === "auto").map((d) => d.bib),
      pending: decisions.filter((d) => d.status === "pending").map((d) => d.bib),
      decisions,
    };
  });
  // The shop's other suggestions from the race's tags: a bib tagged in a frame before and one after (one camera here).
  if (proof) for (const s of passSuggestions(framesOf(set, readings, decided))) scored[s.photoId].pending.push(s.bib);
  return scored;
}

/** Each photo as a frame of its set's one camera, with its automatic tags as proof. */
function framesOf(set: LabelledSet, readings: PhotoReading[], decided: ReturnType<typeof decidePhoto>[]): BurstFrame[] {
  return decided.map((decisions, i) => ({
    photoId: i,
    frame: set.photos[i].file,
    camera: null,
    takenAt: set.photos[i].takenAt,
    width: readings[i].width,
    height: readings[i].height,
    signature: null,
    proven: decisions.filter((d) => d.status === "auto").map((d) => ({ bib: d.bib, box: d.box, auto: true })),
    known: new Set(decisions.map((d) => d.bib)),
  }));
}

export function report(scored: Scored[], title: string, { classes = false } = {}) {
  let truth = 0;
  let autoRight = 0;
  let autoWrong = 0;
  let reviewRight = 0;
  let pending = 0;
  let hidden = 0;
  let hiddenFound = 0;
  const byClass = new Map<string, { truth: number; auto: number; review: number }>();
  const wrong: string[] = [];
  for (const { photo, auto, pending: queued } of scored) {
    truth += photo.bibs.length;
    pending += queued.length;
    for (const bib of auto) {
      // A hidden bib tagged right is right, though nobody could have asked for it.
      if (photo.bibs.includes(bib) || photo.hidden.includes(bib)) autoRight++;
      else {
        autoWrong++;
        wrong.push(`${photo.file}: tagged ${bib}, true ${photo.bibs.join(" ") || "none"}${photo.hidden.length ? ` (hidden ${photo.hidden.join(" ")})` : ""}`);
      }
    }
    reviewRight += photo.bibs.filter((b) => auto.includes(b) || queued.includes(b)).length;
    hidden += photo.hidden.length;
    hiddenFound += photo.hidden.filter((b) => auto.includes(b) || queued.includes(b)).length;
    for (const bib of photo.bibs) {
      for (const name of photo.classesOf(bib)) {
        const c = byClass.get(name) ?? { truth: 0, auto: 0, review: 0 };
        c.truth++;
        if (auto.includes(bib)) c.auto++;
        if (auto.includes(bib) || queued.includes(bib)) c.review++;
        byClass.set(name, c);
      }
    }
  }
  console.log(`  ${title}`);
  console.log(
    `    automatic tags:        precision ${pct(autoRight, autoRight + autoWrong)}  recall ${pct(autoRight, truth)}  (${autoRight} right, ${autoWrong} wrong of ${truth} bibs)`,
  );
  console.log(`    with the review queue: recall ${pct(reviewRight, truth)}  (${pending} suggestions, ${(pending / scored.length).toFixed(2)} a photo)`);
  if (hidden) console.log(`    hidden bibs (a digit covered or out of the frame): ${hiddenFound} of ${hidden} offered for review`);
  if (classes) {
    console.log("    recall by class (automatic / with review):");
    for (const [name, c] of [...byClass].sort((a, b) => a[0].localeCompare(b[0]))) {
      console.log(`      ${name.padEnd(26)} ${String(c.truth).padStart(4)} bibs  ${pct(c.auto, c.truth)} / ${pct(c.review, c.truth)}`);
    }
  }
  for (const line of wrong) console.log(`    wrong automatic tag: ${line}`);
}

/**
 * Why the readable bibs not tagged automatically were not: read by no line at
 * all (the detector's or the recognizer's miss), only as digits of a longer
 * reading, waiting for a person (by the doubts that held them back), or read
 * and dropped (scenery, a sign, under the review floor). Where to look next.
 * Also the bibs the photos' readings give at all (tagged, waiting, or read by
 * a line and dropped): what no rule of deciding can go beyond, short of the
 * other frames of a runner's pass.
 */
function missed(scored: Scored[], readings: PhotoReading[]) {
  const whys = new Map<string, number>();
  const count = (why: string) => whys.set(why, (whys.get(why) ?? 0) + 1);
  scored.forEach(({ photo, auto, pending, decisions = [] }, i) => {
    const numbers = readings[i].lines.map((l) => digitsOf(l.text));
    for (const bib of photo.bibs.filter((b) => !auto.includes(b))) {
      const decision = decisions.find((d) => d.bib === bib);
      if (decision) count(`waiting (${decision.doubts.join(", ") || "no doubt named"})`);
      else if (pending.includes(bib)) count("waiting (the runner's frames before and after)");
      else if (numbers.includes(String(bib))) count("read and dropped");
      else if (numbers.some((n) => n.includes(String(bib)))) count("only inside a longer reading");
      else count("read by no line");
    }
  });
  const list = [...whys].sort((a, b) => b[1] - a[1]).map(([why, n]) => `${n} ${why}`);
  console.log(`    readable bibs not tagged automatically: ${list.join(" · ") || "none"}`);
  const truth = scored.reduce((n, s) => n + s.photo.bibs.length, 0);
  const unseen = (whys.get("read by no line") ?? 0) + (whys.get("only inside a longer reading") ?? 0);
  console.log(
    `    given by the photos' own readings: ${pct(truth - unseen, truth)} (${truth - unseen} of ${truth}; no rule of deciding goes further, save from a runner's other frames)`,
  );
}

/**
 * Automatic tags' precision and recall at each threshold the settings screen
 * allows, without and with the start list: the field set's rows are the
 * screen's calibration table (app/admin/recognition-calibration.ts).
 */
function thresholds(set: LabelledSet, readings: PhotoReading[]) {
  const measure = (threshold: number, registered: Set<number>) => {
    let right = 0;
    let wrong = 0;
    let truth = 0;
    for (const { photo, auto } of score(set, readings, threshold, registered)) {
      truth += photo.bibs.length;
      for (const bib of auto) photo.bibs.includes(bib) || photo.hidden.includes(bib) ? right++ : wrong++;
    }
    return { precision: right / Math.max(1, right + wrong), recall: right / Math.max(1, truth) };
  };
  const list = startListOf(set);
  const rows = CALIBRATION_THRESHOLDS.map((threshold) => {
    const plain = measure(threshold, new Set());
    return { threshold, precision: plain.precision, recall: plain.recall, precisionWithList: measure(threshold, list).precision };
  });
  console.log(
    `  automatic tags by threshold (precision / with start list / recall): ${rows.map((r) => `${Math.round(r.threshold * 100)}: ${r.precision.toFixed(3)} / ${r.precisionWithList.toFixed(3)} / ${r.recall.toFixed(3)}`).join(" · ")}`,
  );
  const round = (v: number) => Math.round(v * 1000) / 1000;
  console.log(
    `  as a calibration table: ${JSON.stringify(rows.map((r) => ({ threshold: r.threshold, precision: round(r.precision), recall: round(r.recall), precisionWithList: round(r.precisionWithList) })))}`,
  );
}

export async function benchBibs(args = process.argv.slice(2).filter((_, i, all) => all.slice(0, i + 1).some((a) => a.startsWith("-")))) {
  const { values } = parseArgs({
    args,
    options: {
      set: { type: "string", default: "both" },
      limit: { type: "string" },
      concurrency: { type: "string", default: "2" },
      threads: { type: "string", default: "1" },
      detect: { type: "string", default: String(DEFAULT_READ_SETTINGS.detectLongSide) },
      also: { type: "string", default: String(DEFAULT_READ_SETTINGS.alsoDetectAt) },
      "small-photo": { type: "string", default: String(DEFAULT_READ_SETTINGS.smallPhotoMegapixels) },
      "small-detect": { type: "string", default: String(DEFAULT_READ_SETTINGS.smallPhotoDetect) },
      source: { type: "string", default: String(DEFAULT_READ_SETTINGS.sourceLongSide) },
      zoom: { type: "string", default: String(DEFAULT_READ_SETTINGS.zoom) },
      small: { type: "string", default: String(DEFAULT_READ_SETTINGS.smallText) },
      windows: { type: "string", default: String(DEFAULT_READ_SETTINGS.zoomWindows) },
      "near-text": { type: "string", default: String(DEFAULT_READ_SETTINGS.nearText) },
      "near-look": { type: "string", default: String(DEFAULT_READ_SETTINGS.nearLook) },
      // The detector's channels weighed by this many 32 px cells around each point (local-squeeze.ts); 0: as trained.
      squeeze: { type: "string", default: String(DEFAULT_READ_SETTINGS.squeezeCells) },
      threshold: { type: "string", default: String(DEFAULT_AUTO_THRESHOLD) },
      "whole-floor": { type: "string", default: String(WHOLE_FLOOR) },
      shrink: { type: "string", default: "0" },
      save: { type: "string" },
      // The race splits read as if their photos carried no capture time (an export that strips it).
      "no-times": { type: "boolean", default: false },
      load: { type: "string" },
    },
  });
  const names: SetName[] =
    values.set === "both"
      ? ["own", "field"]
      : values.set === "all"
        ? ["own", "tune", "field", "race", "race-tune", "close-tune", "close", "cover-tune", "cover"]
        : [FIELD_SPLITS.find((s) => s === values.set) ?? "own"];
  const threshold = Number(values.threshold);
  wholeFloor = Number(values["whole-floor"]);
  for (const name of names) {
    const loaded = await loadSet(name, values.limit ? Number(values.limit) : undefined, (line) => console.log(line), !values.load);
    const set = values["no-times"] ? { ...loaded, photos: loaded.photos.map((p) => ({ ...p, takenAt: null })) } : loaded;
    const bibs = set.photos.reduce((n, p) => n + p.bibs.length, 0);
    console.log(`\n${TITLES[name]}: ${set.photos.length} photos, ${bibs} readable bibs (${set.bibRanges}); ${os.cpus().length} cores`);
    let readings: PhotoReading[];
    if (values.load) {
      const file = `${values.load}.${name}.json`;
      readings = JSON.parse(await fs.readFile(file, "utf8")) as PhotoReading[];
      console.log(`  readings from ${file}`);
    } else {
      const concurrency = Number(values.concurrency);
      const threads = Number(values.threads);
      const run = await readAll(
        set,
        concurrency,
        threads,
        {
          detectLongSide: Number(values.detect),
          alsoDetectAt: Number(values.also),
          smallPhotoMegapixels: Number(values["small-photo"]),
          smallPhotoDetect: Number(values["small-detect"]),
          sourceLongSide: Number(values.source),
          zoom: Number(values.zoom),
          smallText: Number(values.small),
          zoomWindows: Number(values.windows),
          nearText: Number(values["near-text"]),
          nearLook: Number(values["near-look"]),
          squeezeCells: Number(values.squeeze),
        },
        Number(values.shrink),
      );
      readings = run.readings;
      console.log(
        `  read in ${run.seconds.toFixed(1)} s with ${concurrency} photos at a time, ${threads} thread(s) each${Number(values.shrink) ? `, photos made ${values.shrink} px long first (in the time and CPU below)` : ""}, detector at ${values.detect} px${Number(values.also) ? ` and ${values.also} px` : ""}${Number(values["small-photo"]) ? ` (${values["small-detect"]} px for photos up to ${values["small-photo"]} MP)` : ""}, read from ${values.source} px, zoom ${values.zoom} (under ${values.small} px, ${values.windows} windows)${Number(values["near-look"]) ? `, a look at ${values["near-look"]} px where print is over ${values["near-text"]} px` : ""}${Number(values.squeeze) ? `, channels weighed over ${values.squeeze} cells` : ""}: ` +
          `${(set.photos.length / run.seconds).toFixed(2)} photos/s, ${(run.cpuSeconds / set.photos.length).toFixed(2)} CPU s a photo, peak memory ${run.peakMb.toFixed(0)} MB`,
      );
      // Wall time suffers from anything else running; CPU time says what the cores could do alone.
      const cores = Math.min(os.cpus().length, concurrency * threads);
      console.log(
        `  ≈ ${((cores * set.photos.length) / run.cpuSeconds).toFixed(2)} photos/s on ${cores} otherwise idle cores (from CPU time; load average now ${os.loadavg()[0].toFixed(1)})`,
      );
      if (values.save) await fs.writeFile(`${values.save}.${name}.json`, JSON.stringify(readings));
    }
    const scored = score(set, readings, threshold, new Set());
    report(scored, `threshold ${threshold}, bib ranges only:`, { classes: true });
    missed(scored, readings);
    // Side by side: what the bibs tagged in the set's other photos add.
    report(score(set, readings, threshold, new Set(), { proof: false }), `threshold ${threshold}, bib ranges only, not knowing the other photos' tags:`);
    report(score(set, readings, threshold, startListOf(set)), `threshold ${threshold}, with the start list:`);
    thresholds(set, readings);
  }
}
