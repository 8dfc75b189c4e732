// `npm run bench -- import [--set own|field|tune|race|race-tune|close|close-tune|cover|cover-tune] [--limit N] [--worker during|after] [--runners N] [--shrink PX] [--readers N] [--also PX]`:
// a whole import end to end on this machine — files stored, rows written,
// watermarked derivatives made and bibs recognized by the shop's own worker —
// on a fresh embedded database. Prints photos per second, CPU seconds a photo
// and peak memory. The worker runs during the import, as in the shop (serve.ts
// starts it), so the first photos are derived and read while the rest are
// stored; `--worker after` runs the queue only once every photo is stored.
// `--runners N`: the race has a start list of N bibs and a timing file with a
// passing for each, as a big city race has on race day (a race split's
// runners pass when their photos were taken). The race splits'
// photos carry their capture times (EXIF), and the shop's own tags and review
// queue at the end are scored against the labels: what a race's photos decide
// as they are read one by one, where `bench -- bibs` decides them at once.
// `--shrink PX`: each photo is first made a JPEG no longer than that (quality 90),
// as resized uploads are (the issue's real photographs are 2048 px wide).
// `--readers N`, `--also PX`: the shop's RECOGNITION_READERS and RECOGNITION_SECOND_LOOK
// (unset, sized to this machine).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { bibSuggestions, type Db, openDatabase, photoBibs, photos, races } from "../../app/.server/db/index.ts";
import { parseEnv } from "../../app/.server/env.ts";
import { createLogger } from "../../app/.server/logger.ts";
import { createServices } from "../../app/.server/services.ts";
import { localStorage } from "../../app/.server/storage/index.ts";
import { ensureBibSet } from "./bib-set/index.ts";
import { photoOfLabel, report } from "./bibs.ts";
import { withCaptureTime } from "./capture-time.ts";
import { ensureFieldSet, FIELD_SPLITS, type FieldLabel, type FieldSet, fieldSetFolder } from "./field-set/index.ts";
import { registerRunners } from "./runners.ts";
import { shrunkJpeg } from "./shrink.ts";

const FIXTURES = path.resolve(import.meta.dirname, "../../tests/fixtures");
const TIME_ZONE = "America/Argentina/Buenos_Aires";

/** The shop's automatic tags and review queue after the import, scored against the labels as `bench -- bibs` scores its own. */
async function scoreShop(db: Db, labels: FieldLabel[]) {
  const rows = await db.select({ id: photos.id, frame: photos.frame }).from(photos);
  const byFrame = new Map(rows.map((r) => [r.frame, r.id]));
  const tags = await db.select({ photoId: photoBibs.photoId, bib: photoBibs.bib }).from(photoBibs);
  const pending = await db
    .select({ photoId: bibSuggestions.photoId, bib: bibSuggestions.bib })
    .from(bibSuggestions)
    .where(eq(bibSuggestions.status, "pending"));
  const scored = labels.map((label) => {
    const id = byFrame.get(label.file.replace(/\.jpg$/, ""));
    return {
      photo: photoOfLabel(label),
      auto: tags.filter((t) => t.photoId === id).map((t) => t.bib),
      pending: pending.filter((p) => p.photoId === id).map((p) => p.bib),
    };
  });
  report(scored, "the shop's tags and review queue after the import:");
}

/** When each runner of a race split's photos passed: their first photo's capture time. */
function passingsOf(labels: FieldLabel[]): Map<number, Date> {
  const seen = new Map<number, Date>();
  for (const { bibs, hidden, takenAt } of labels) if (takenAt) for (const bib of [...bibs, ...hidden]) if (!seen.has(bib)) seen.set(bib, new Date(takenAt));
  return seen;
}

export async function benchImport(args = process.argv.slice(2).filter((_, i, all) => all.slice(0, i + 1).some((a) => a.startsWith("-")))) {
  const { values } = parseArgs({
    args,
    options: {
      set: { type: "string", default: "own" },
      limit: { type: "string", default: "80" },
      worker: { type: "string", default: "during" },
      runners: { type: "string", default: "0" },
      shrink: { type: "string", default: "0" },
      // Unset, sized to the machine as the shop's are (recognition/capacity.ts).
      readers: { type: "string" },
      also: { type: "string" },
    },
  });
  const limit = Number(values.limit);
  const split = FIELD_SPLITS.find((s) => s === values.set);
  const set = split
    ? await ensureFieldSet(path.join(FIXTURES, fieldSetFolder(split)), console.log, limit, split)
    : await ensureBibSet(path.join(FIXTURES, "bibs"), console.log);
  const labels: { file: string; takenAt?: string }[] = set.labels.slice(0, limit);
  const files = labels.map((l) => path.join(set.dir, l.file));

  const work = fs.mkdtempSync(path.join(os.tmpdir(), "dorsal-bench-import-"));
  const folder = path.join(work, "race");
  fs.mkdirSync(path.join(folder, "photos"), { recursive: true });
  fs.writeFileSync(
    path.join(folder, "race.json"),
    JSON.stringify({
      slug: "bench-import",
      name: { es: "Importación" },
      date: "2026-03-15",
      timezone: TIME_ZONE,
      status: "published",
      price: { ars: 5000, usd: 5 },
      bibs: set.bibRanges,
    }),
  );

  const env = parseEnv({
    DATA_DIR: work,
    LOG_LEVEL: "silent",
    PUBLIC_URL: "http://bench.test",
    NODE_ENV: "test",
    RECOGNITION_READERS: values.readers,
    RECOGNITION_SECOND_LOOK: values.also,
  });
  const database = await openDatabase({});
  const services = createServices({ env, database, storage: localStorage(path.join(work, "files")), logger: createLogger("silent") });
  const runners = Number(values.runners);
  if (runners) {
    // The race imported without photos first, to give it its start list and timing file.
    const { slug } = await services.imports.folder(folder);
    const [race] = await database.db.select({ id: races.id }).from(races).where(eq(races.slug, slug));
    await registerRunners(database.db, race.id, runners, new Date("2026-03-15T11:00:00Z"), 1000, passingsOf(split ? (set as FieldSet).labels : []));
  }
  const shrink = Number(values.shrink);
  let bytes = 0;
  for (const [i, file] of files.entries()) {
    const taken = labels[i].takenAt;
    const photo = shrink ? await shrunkJpeg(file, shrink) : fs.readFileSync(file);
    const copy = taken ? await withCaptureTime(photo, new Date(taken), TIME_ZONE) : photo;
    fs.writeFileSync(path.join(folder, "photos", path.basename(file)), copy);
    bytes += copy.length;
  }
  const megabytes = bytes / 1e6;
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  const cpu = process.cpuUsage();
  const started = performance.now();
  if (values.worker === "during") services.worker.start();
  const report = await services.imports.folder(folder);
  const stored = performance.now();
  if (values.worker === "during") {
    await services.worker.idle();
    await services.worker.stop();
  }
  await services.worker.drain(); // all of the queue, or whatever a last job queued
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  clearInterval(sampler);
  const n = files.length;
  const { readers, secondLook } = services.recognition.capacity;
  console.log(
    `${n} photos of the ${split ?? "own"} set${shrink ? ` shrunk to ${shrink} px` : ""} (${megabytes.toFixed(0)} MB)${runners ? `, ${runners} runners on the start list and timing file` : ""}, ${os.cpus().length} cores, ${readers} readers, second look ${secondLook ? `at ${secondLook} px` : "off"}; import report: ${JSON.stringify(report).slice(0, 160)}`,
  );
  console.log(
    `stored in ${((stored - started) / 1000).toFixed(1)} s (worker ${values.worker === "during" ? "running during the import" : "started after it"}); derivatives and recognition done after ${seconds.toFixed(1)} s in all`,
  );
  console.log(
    `end to end: ${(n / seconds).toFixed(2)} photos/s, ${((used.user + used.system) / 1e6 / n).toFixed(2)} CPU s a photo, peak memory ${(peak / 1024 / 1024).toFixed(0)} MB (load average now ${os.loadavg()[0].toFixed(1)})`,
  );
  if (split && split !== "field" && split !== "tune") await scoreShop(database.db, (set as FieldSet).labels.slice(0, limit));
  await services.close();
  fs.rmSync(work, { recursive: true, force: true });
}
