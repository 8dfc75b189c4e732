// `npm run bench -- http`: the storefront under a race-day rush, measured from
// outside against the real built server on a temporary data folder.
//  1. races of 2,000 and 50,000 photos (rows and one small derivative; no OCR);
//  2. 50 connections for DURATION seconds on each URL, side by side with a
//     static file of the same server (the ratio is what to compare across machines);
//  3. bib searches spread over 1,000 different bibs (no page cache can hold them);
//  4. p99 at a steady 200 (pages) and 100 (spread bib searches) requests/s;
//     then spread bib searches again once the page warmer has had the quiet it waits for;
//  5. the storefront at a steady 50 requests/s while a 2,000-photo import runs.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
// @ts-expect-error autocannon ships no types; the options used are its documented ones.
import autocannon from "autocannon";
import sharp from "sharp";
import { analyzeChanged, bibSuggestions, openDatabase, photoBibs, photos, photoTags, races, tags } from "../../app/.server/db/index.ts";
import { buildIfStale, projectNode, root } from "../build-if-stale.ts";

const DURATION = Number(process.env.BENCH_SECONDS) || 10;
const HEADERS = { "accept-encoding": "gzip, deflate, br", "user-agent": "Mozilla/5.0 (bench)" };

type Row = { url: string; rps: number; ratio: number; p50: number; p99: number; errors: number; timeouts: number; non2xx: number; peak: number };

export async function seedRace(db: Awaited<ReturnType<typeof openDatabase>>["db"], slug: string, count: number, thumbKey: string) {
  const [race] = await db
    .insert(races)
    .values({
      slug,
      name: { es: `Carrera ${count}`, en: `Race ${count}`, br: `Corrida ${count}` },
      status: "published",
      priceArs: 500_000,
      priceUsd: 500,
      eventDate: "2025-03-15",
    })
    .returning();
  const [tag] = await db
    .insert(tags)
    .values({ raceId: race.id, slug: "meta", name: { es: "Meta", en: "Finish", br: "Chegada" } })
    .returning();
  const start = Date.parse("2025-03-15T11:00:00Z");
  for (let i = 0; i < count; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - i) }, (_, j) => {
      const n = i + j;
      return {
        publicId: `B${count}x${String(n).padStart(8, "0")}`,
        raceId: race.id,
        frame: `IMG_${n}`,
        originalKey: `originals/bench/${n}.jpg`,
        sha256: `${slug}-${n}`,
        width: 1500,
        height: 1000,
        takenAt: new Date(start + n * 1000),
        free: n % 25 === 0,
        saleArs: n % 11 === 0 ? 350_000 : null,
        saleUsd: n % 11 === 0 ? 350 : null,
        thumbKey,
        mediumKey: thumbKey,
      };
    });
    const inserted = await db.insert(photos).values(rows).returning({ id: photos.id });
    // Two photos a bib in either race (bibs 1…1,000 and 1…25,000): a bib search costs the same in both, whatever the race's size.
    await db.insert(photoBibs).values(inserted.map((p, j) => ({ photoId: p.id, raceId: race.id, bib: 1 + ((i + j) % (count / 2)) })));
    await db.insert(photoTags).values(inserted.filter((_, j) => j % 10 === 0).map((p) => ({ photoId: p.id, tagId: tag.id })));
    // A review queue a quarter the race's size, of other bibs: a bib search also counts the photos that might be the runner's.
    const waiting = inserted.filter((_, j) => j % 4 === 0);
    const box = { cx: 0, cy: 0, width: 1, height: 1, angle: 0 };
    await db
      .insert(bibSuggestions)
      .values(waiting.map((p, j) => ({ photoId: p.id, raceId: race.id, bib: 1 + ((i + 4 * j + 7) % (count / 2)), confidence: 0.5, box })));
  }
}

async function prepare(dataDir: string) {
  const thumbKey = "public/bench/thumb.webp";
  const file = path.join(dataDir, "files", thumbKey);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(
    file,
    await sharp({ create: { width: 480, height: 320, channels: 3, background: "#7a8" } })
      .webp()
      .toBuffer(),
  );
  const database = await openDatabase({ dataDir: path.join(dataDir, "db") });
  await seedRace(database.db, "bench-2k", 2000, thumbKey);
  await seedRace(database.db, "bench-50k", 50_000, thumbKey);
  await analyzeChanged(database.db); // the statistics the serving process gathers within a minute
  await database.close();
}

async function importFolder(count: number, slug = "bench-import"): Promise<string> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "dorsal-bench-import-"));
  fs.mkdirSync(path.join(folder, "photos"));
  fs.writeFileSync(path.join(folder, "race.json"), JSON.stringify({ slug, name: { es: "Importación" }, status: "published", date: "2025-03-15" }));
  for (let i = 0; i < count; i++) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" fill="hsl(${(i * 37) % 360},40%,45%)"/><rect x="480" y="300" width="240" height="160" fill="#fff"/><text x="600" y="410" font-size="90" text-anchor="middle" font-family="sans-serif">${100 + (i % 900)}</text></svg>`;
    fs.writeFileSync(path.join(folder, "photos", `B${String(i).padStart(5, "0")}.jpg`), await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer());
  }
  return folder;
}

/** Resident memory now (VmRSS) or the highest so far (VmHWM) of a process, in bytes. */
function memoryOf(pid: number, field: "VmRSS" | "VmHWM" = "VmRSS"): number {
  try {
    const kb = new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return Number(kb ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** Resident memory of a process's children together (the recognition's readers), in bytes. */
function childrenMemoryOf(pid: number): number {
  try {
    const children = fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/).filter(Boolean));
    return children.reduce((sum, child) => sum + memoryOf(Number(child)), 0);
  } catch {
    return 0;
  }
}

const BENCH_METRICS_TOKEN = "bench-metrics-token";

/** Waits until the page warmer's count of answers rendered ahead stops growing (at most two minutes); returns it. */
async function warmerSettled(base: string): Promise<number> {
  let last = -1;
  let still = 0;
  for (let i = 0; i < 120 && still < 3; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } })).text();
    const answers = Number(/^dorsal_page_warmer_answers (\d+)/m.exec(text)?.[1] ?? 0);
    still = answers > 0 && answers === last ? still + 1 : 0;
    last = answers;
  }
  return last;
}

async function load(base: string, opts: { paths: () => string; connections?: number; rate?: number; seconds?: number }) {
  // The requests still queued when the previous run stopped are served before this one counts.
  await fetch(`${base}/healthz`).then((r) => r.arrayBuffer());
  await new Promise((r) => setTimeout(r, 1000));
  const result = await autocannon({
    url: base,
    connections: opts.connections ?? 50,
    duration: opts.seconds ?? DURATION,
    overallRate: opts.rate,
    timeout: 10,
    headers: HEADERS,
    requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, path: opts.paths() }) }],
  });
  return result;
}

export async function benchHttp() {
  buildIfStale();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dorsal-bench-http-"));
  console.log("preparing races of 2,000 and 50,000 photos…");
  await prepare(dataDir);
  const port = 3900 + Math.floor(Math.random() * 90);
  const base = `http://127.0.0.1:${port}`;
  // BENCH_SERVER_FLAGS: V8 flags for the server, e.g. "--no-liftoff-only --max-semi-space-size=64" for V8's own defaults.
  const flags = (process.env.BENCH_SERVER_FLAGS ?? "").split(/\s+/).filter(Boolean);
  if (flags.length > 0) console.log(`server flags: ${flags.join(" ")}`);
  const server: ChildProcess = spawn(projectNode, [...flags, "server.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      SEED_DEMO: "0",
      LOG_LEVEL: "warn",
      METRICS_TOKEN: BENCH_METRICS_TOKEN,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  // Peak resident memory per phase: starting (the database's WebAssembly compiled), storefront load, an import.
  const peaks = { start: 0, storefront: 0, import: 0 };
  let phase: keyof typeof peaks = "start";
  let readersPeak = 0;
  // The peak of the URL being loaded, so the table shows which page costs memory.
  let urlPeak = 0;
  const sampler = setInterval(() => {
    const rss = memoryOf(server.pid!);
    peaks[phase] = Math.max(peaks[phase], rss);
    urlPeak = Math.max(urlPeak, rss);
    readersPeak = Math.max(readersPeak, childrenMemoryOf(server.pid!));
  }, 100);
  const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
  try {
    for (let i = 0; i < 200; i++) {
      if (
        (await fetch(`${base}/healthz`)
          .then((r) => r.status)
          .catch(() => 0)) === 200
      )
        break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const css = fs.readdirSync(path.join(root, "build/client/assets")).find((f) => /^root-.*\.css$/.test(f) || f.endsWith(".css"))!;
    const staticPath = `/assets/${css}`;
    const bib = () => 1 + Math.floor(Math.random() * 1000);
    // Bibs no one asked for before (of 25,000 in the big race): every request is a miss, the cost of a render.
    let unseen = 1000;
    const neverSeen = () => `/en/race/bench-50k?n=${unseen++}`;
    const urls: [string, () => string][] = [
      [`static file (${staticPath})`, () => staticPath],
      ["home", () => "/"],
      ["race 2k, page 1", () => "/carrera/bench-2k"],
      ["race 2k, middle page", () => "/carrera/bench-2k?p=17"],
      ["race 2k, last page", () => "/carrera/bench-2k?p=34"],
      ["race 2k, bib search", () => "/carrera/bench-2k?n=305"],
      ["race 2k, tag filter", () => "/carrera/bench-2k?t=meta"],
      ["/api/fotos 2k page 1", () => "/api/fotos/bench-2k?p=1"],
      ["race 50k, page 1", () => "/carrera/bench-50k"],
      ["race 50k, middle page", () => "/carrera/bench-50k?p=417"],
      ["race 50k, bib search", () => "/carrera/bench-50k?n=305"],
      ["race 50k, tag filter", () => "/en/race/bench-50k?t=meta&p=40"],
      ["2k, 1,000 different bibs", () => `/carrera/bench-2k?n=${bib()}`],
      ["50k, 1,000 different bibs", () => `/en/race/bench-50k?n=${bib()}`],
      ["50k, bibs never asked before (no cache)", neverSeen],
      // What a phone with JavaScript asks when its runner types a bib: the photos API, not the page.
      ["/api/fotos 50k, 1,000 different bibs", () => `/api/fotos/bench-50k?n=${bib()}`],
      ["/api/fotos 50k, bibs never asked before", () => `/api/fotos/bench-50k?n=${unseen++}`],
    ];
    // Warm up: the first render of each page, and the JIT.
    for (const [, p] of urls) await fetch(base + p(), { headers: HEADERS }).then((r) => r.arrayBuffer());
    await load(base, { paths: () => "/carrera/bench-2k", seconds: 3 });
    peaks.start = Math.max(peaks.start, memoryOf(server.pid!, "VmHWM"));
    const idle = memoryOf(server.pid!);
    phase = "storefront";

    const rows: Row[] = [];
    let staticRps = 0;
    for (const [name, paths] of urls) {
      urlPeak = 0;
      const r = await load(base, { paths });
      if (!staticRps) staticRps = r.requests.average;
      rows.push({
        url: name,
        rps: r.requests.average,
        ratio: r.requests.average / staticRps,
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors,
        timeouts: r.timeouts,
        non2xx: r.non2xx,
        peak: urlPeak,
      });
    }
    console.log(`\n50 connections, ${DURATION} s each (ratio: to the static file in this run; target ≥ 0.5, spread bibs ≥ 0.25)`);
    console.table(
      rows.map((r) => ({
        URL: r.url,
        "req/s": Math.round(r.rps),
        ratio: r.ratio.toFixed(2),
        "p50 ms": r.p50,
        "p99 ms": r.p99,
        errors: r.errors + r.timeouts + r.non2xx,
        "peak RSS": mb(r.peak),
      })),
    );

    const steady: Record<string, string | number>[] = [];
    for (const [name, paths, rate] of [
      ["race 2k, page 1 @200/s", () => "/carrera/bench-2k", 200],
      ["race 50k, middle page @200/s", () => "/carrera/bench-50k?p=417", 200],
      ["home @200/s", () => "/", 200],
      ["/api/fotos 50k @200/s", () => "/api/fotos/bench-50k?p=3", 200],
      ["2k, 1,000 bibs @100/s", () => `/carrera/bench-2k?n=${bib()}`, 100],
      ["50k, 1,000 bibs @100/s", () => `/en/race/bench-50k?n=${bib()}`, 100],
      ["50k, unseen bibs @100/s (no cache)", neverSeen, 100],
    ] as [string, () => string, number][]) {
      const r = await load(base, { paths, rate, connections: 50 });
      steady.push({
        URL: name,
        "req/s": Math.round(r.requests.average),
        "p50 ms": r.latency.p50,
        "p99 ms": r.latency.p99,
        errors: r.errors + r.timeouts + r.non2xx,
      });
    }
    console.log(`\nOpen loop (target p99 < 50 ms at 200/s, < 100 ms for spread bibs at 100/s)`);
    console.table(steady);

    // The rush after a quiet spell. The photographer publishes (a one-photo race imported through the CLI
    // changes the catalog: every answer cached so far is stale), then the shop is left alone until the
    // page warmer (app/.server/http/page-warmer.ts) has rendered the bib searches of the most recent races
    // (the new one and bench-50k), Spanish first, into half the page cache.
    const published = await importFolder(1, "bench-publish");
    const cliEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: base };
    await new Promise((resolve) =>
      spawn(projectNode, ["scripts/cli.ts", "import", published], { cwd: root, env: cliEnv, stdio: "ignore" }).on("exit", resolve),
    );
    fs.rmSync(published, { recursive: true, force: true });
    const quiet = Date.now();
    const warmed = await warmerSettled(base);
    console.log(`\nA race published, then ${Math.round((Date.now() - quiet) / 1000)} s without requests: the page warmer had rendered ${warmed} answers ahead`);
    const warmedRows: Record<string, string | number>[] = [];
    for (const [name, rate] of [
      ["50k (es), 1,000 different bibs", undefined],
      ["50k (es), 1,000 different bibs @100/s", 100],
    ] as [string, number | undefined][]) {
      const r = await load(base, { paths: () => `/carrera/bench-50k?n=${bib()}`, rate });
      warmedRows.push({
        URL: name,
        "req/s": Math.round(r.requests.average),
        ratio: rate ? "" : (r.requests.average / staticRps).toFixed(2),
        "p50 ms": r.latency.p50,
        "p99 ms": r.latency.p99,
        errors: r.errors + r.timeouts + r.non2xx,
      });
    }
    console.table(warmedRows);

    if (process.env.BENCH_IMPORT !== "0") {
      console.log("\nmaking a 2,000-photo import folder…");
      const folder = await importFolder(Number(process.env.BENCH_IMPORT_PHOTOS) || 2000);
      phase = "import";
      const cli = spawn(projectNode, ["scripts/cli.ts", "import", folder], { cwd: root, env: cliEnv, stdio: "ignore" });
      await new Promise((r) => setTimeout(r, 3000));
      const mixed = ["/carrera/bench-2k", "/en/race/bench-50k?p=417", "/", "/api/fotos/bench-2k?p=2"];
      let i = 0;
      const during = await load(base, {
        paths: () => (i++ % 5 === 4 ? `/carrera/bench-2k?n=${bib()}` : mixed[i % mixed.length]),
        rate: 50,
        connections: 20,
        seconds: 20,
      });
      const health = (await (await fetch(`${base}/healthz`)).json()) as { jobs: unknown };
      console.log(
        `\nDuring a 2,000-photo import (target p99 < 300 ms at 50/s): p50 ${during.latency.p50} ms, p99 ${during.latency.p99} ms, ${Math.round(during.requests.average)} req/s, errors ${during.errors + during.timeouts + during.non2xx}; jobs ${JSON.stringify(health.jobs)}`,
      );
      cli.kill("SIGTERM");
      fs.rmSync(folder, { recursive: true, force: true });
    }
    console.log(
      `\nResident memory of the serving process (target < 512 MB under storefront load): after warming up ${mb(idle)}; ` +
        `peak under storefront load ${mb(peaks.storefront)}; peak while starting and warming up ${mb(peaks.start)}` +
        (peaks.import ? `; peak during the import ${mb(peaks.import)}, and of the recognition's reader processes beside it ${mb(readersPeak)}` : ""),
    );
  } finally {
    clearInterval(sampler);
    server.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 1500));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
