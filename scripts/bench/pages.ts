// `npm run bench -- pages`: what a phone downloads and how Lighthouse scores the
// storefront (mobile, its default simulated throttling), on the demo shop:
// home, a race page, a bib search, checkout and a purchase page, in es, en and br.
// Prints per page: performance, LCP, TBT, CLS, the other three categories, and
// the JavaScript it loads (gzip -9, every script the page fetched). Lighthouse
// runs in Debian's chromium.
//
// The demo shop seeds in minutes (bib recognition of 2,000 photos); set
// BENCH_DEMO_DIR to a DATA_DIR that holds it already to start at once.
// BENCH_RUNS (default 2) runs each page that many times and keeps the median;
// BENCH_PAGES=race keeps the pages whose name holds "race" (and prints where
// their LCP went: Lighthouse's breakdown of its observed time).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { href } from "../../app/i18n/href.ts";
import { buildIfStale, projectNode, root } from "../build-if-stale.ts";

const RACE = "maraton-buenos-aires-2025";
const RUNS = Number(process.env.BENCH_RUNS) || 2;
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

type Figures = {
  performance: number;
  lcp: number;
  tbt: number;
  cls: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  js: number;
  scripts: number;
};

async function waitForDemo(base: string) {
  const deadline = Date.now() + 30 * 60_000;
  for (;;) {
    const health = await fetch(`${base}/healthz`)
      .then((r) => r.json() as Promise<{ jobs?: { due: number; running: number } }>)
      .catch(() => undefined);
    const race = await fetch(`${base}/api/fotos/${RACE}`)
      .then((r) => r.json() as Promise<{ data?: { found_rows: number } }>)
      .catch(() => undefined);
    if (race?.data?.found_rows === 2000 && health?.jobs && health.jobs.due + health.jobs.running === 0) return;
    if (Date.now() > deadline) throw new Error("the demo shop did not finish seeding");
    await new Promise((r) => setTimeout(r, 3000));
  }
}

/** The gzip -9 size of every script a page loaded (Lighthouse's network log), as a phone would fetch it compressed. */
async function scriptBytes(urls: string[]): Promise<number> {
  let total = 0;
  for (const url of urls) total += zlib.gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length;
  return total;
}

/** `keepStorage`: the page needs what an earlier visit stored (checkout reads the cart from local storage). */
async function audit(url: string, port: number, keepStorage = false): Promise<Figures | undefined> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    disableStorageReset: keepStorage,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  // A run Lighthouse could not measure (no paint seen, a page that hung) is said, and left out of the medians.
  if (runtimeError || categories.performance?.score == null) {
    console.log(`${url}: Lighthouse could not measure this run (${runtimeError?.code ?? "no performance score"}: ${runtimeError?.message ?? ""})`);
    return undefined;
  }
  // A page that sent the browser elsewhere (checkout with an empty cart goes home) would score the other page.
  if (new URL(result.lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) throw new Error(`${url} ended at ${result.lhr.finalDisplayedUrl}`);
  if (process.env.BENCH_PAGES) {
    const breakdown = audits["lcp-breakdown-insight"]?.details as
      | { items?: { items?: { label?: string; subpart?: string; duration?: number }[] }[] }
      | undefined;
    const parts = (breakdown?.items?.[0]?.items ?? []).map((i) => `${i.subpart ?? i.label} ${Math.round(i.duration ?? 0)} ms`);
    const element = JSON.stringify(breakdown ?? {}).match(/"snippet":"((?:[^"\\]|\\.)*)"/)?.[1];
    console.log(
      `${url}: LCP observed ${parts.join(", ")}; simulated ${Math.round(audits["largest-contentful-paint"]?.numericValue ?? 0)} ms; element ${element ?? "?"}`,
    );
  }
  const items = (audits["network-requests"]?.details as { items?: { url: string; resourceType?: string }[] } | undefined)?.items ?? [];
  const scripts = items.filter((i) => i.resourceType === "Script").map((i) => i.url);
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  return {
    performance: score("performance"),
    lcp: audits["largest-contentful-paint"]?.numericValue ?? NaN,
    tbt: audits["total-blocking-time"]?.numericValue ?? NaN,
    cls: audits["cumulative-layout-shift"]?.numericValue ?? NaN,
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    js: await scriptBytes(scripts),
    scripts: scripts.length,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

export async function benchPages() {
  buildIfStale();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dorsal-bench-pages-"));
  if (process.env.BENCH_DEMO_DIR) fs.cpSync(process.env.BENCH_DEMO_DIR, dataDir, { recursive: true });
  const port = 3990 + Math.floor(Math.random() * 9);
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(projectNode, ["server.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      SEED_DEMO: "1",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  let browser: Awaited<ReturnType<typeof chromium.launchPersistentContext>> | undefined;
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "dorsal-bench-chromium-"));
  try {
    // A persistent profile: Lighthouse's tabs share its local storage, where the cart is put for checkout.
    browser = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      args: ["--no-sandbox", "--disable-gpu", "--remote-debugging-port=9333"],
    });
    console.log(process.env.BENCH_DEMO_DIR ? "starting the demo shop…" : "seeding the demo shop (minutes; BENCH_DEMO_DIR skips it)…");
    await waitForDemo(base);
    // A bib with photos, and a free purchase to open.
    let bib = 100;
    while ((((await (await fetch(`${base}/api/fotos/${RACE}?n=${bib}`)).json()) as { data: { found_rows: number } }).data.found_rows ?? 0) === 0) bib++;
    type PhotosPage = { data: { fotos: { id: string; free: string }[]; found_pages: number } };
    const first = (await (await fetch(`${base}/api/fotos/${RACE}?p=1`)).json()) as PhotosPage;
    // Checkout is measured as a buyer meets it: three photos to pay in the cart (an empty cart goes home).
    // Free photos come first, so the paid ones are taken from the race's last page.
    const last = (await (await fetch(`${base}/api/fotos/${RACE}?p=${first.data.found_pages}`)).json()) as PhotosPage;
    const cart = last.data.fotos
      .filter((f) => f.free !== "1")
      .slice(0, 3)
      .map((f) => ({ ...f, race: RACE }));
    if (cart.length < 3) throw new Error("the demo race has too few photos to pay for a checkout");
    const tab = await browser.newPage();
    await tab.goto(base);
    await tab.evaluate((items) => localStorage.setItem("cart", JSON.stringify(items)), cart);
    await tab.close();
    const buyer = { country: "1", firstName: "Ana", lastName: "Bench", email: "bench@example.com", confirmEmail: "bench@example.com" };
    const order = (await (
      await fetch(`${base}/api/purchase`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ data: { ...buyer, images: first.data.fotos.filter((f) => f.free === "1").slice(0, 3) } }),
      })
    ).json()) as { data: { id: string } };

    const pages: [string, string][] = [
      ["home (es)", href("home", "es")],
      ["race page (es)", href("race", "es", { slug: RACE })],
      ["race page (en)", href("race", "en", { slug: RACE })],
      ["bib search (es)", href("race", "es", { slug: RACE }, { n: bib })],
      ["bib search (br)", href("race", "br", { slug: RACE }, { n: bib })],
      ["checkout (en)", href("checkout", "en")],
      ["purchase page (es)", href("purchase", "es", { id: order.data.id })],
    ];
    const rows: Record<string, string | number>[] = [];
    for (const [name, pathname] of pages.filter(([name]) => name.includes(process.env.BENCH_PAGES ?? ""))) {
      const runs: Figures[] = [];
      let failed = 0;
      for (let i = 0; i < RUNS; i++) {
        const figures = await audit(base + pathname, 9333, name.startsWith("checkout"));
        if (figures) runs.push(figures);
        else failed++;
      }
      if (!runs.length) {
        rows.push({ page: name, performance: `${failed} run(s), none measured` });
        continue;
      }
      const pick = (k: keyof Figures) => median(runs.map((r) => r[k]));
      rows.push({
        page: name,
        performance: runs.map((r) => r.performance).join(" / ") + (failed ? ` (${failed} not measured)` : ""),
        "LCP ms": Math.round(pick("lcp")),
        "TBT ms": Math.round(pick("tbt")),
        CLS: pick("cls").toFixed(3),
        "a11y / BP / SEO": `${pick("accessibility")} / ${pick("bestPractices")} / ${pick("seo")}`,
        "JS KB gz": (pick("js") / 1024).toFixed(1),
        scripts: pick("scripts"),
      });
    }
    console.log(
      `\nLighthouse mobile, ${RUNS} run(s) each (performance per run; the rest their median). Targets: performance ≥ 95, LCP < 2500 ms, TBT < 150 ms, CLS < 0.05, 100 / 100 / 100, race page JS ≤ 120 KB`,
    );
    console.table(rows);
  } finally {
    await browser?.close();
    fs.rmSync(profile, { recursive: true, force: true });
    server.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 1500));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
