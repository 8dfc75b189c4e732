/**
 * End-to-end harness: a real shop in a child process and a Chromium to drive it.
 *
 *   const shop = await startShop();            // builds if stale, fresh DATA_DIR, demo data
 *   const browser = await launchBrowser();
 *   const page = await (await browser.newContext()).newPage();
 *   await page.goto(shop.url("/carreras"));
 *   …
 *   await browser.close();
 *   await shop.stop();                          // stops the server, removes its DATA_DIR
 *
 * `startShop({ env })` adds or overrides environment variables (e.g. `{ SEED_DEMO: "0" }`); the first
 * start seeds the demo shop (about 30 s on an idle machine; `E2E_START_TIMEOUT_MS`, default 7 min, bounds it);
 * `shop.output()` returns what the server printed, for failure messages. Open pages from
 * `browser.newContext()` (axe needs it). Each test file starts its own shop; e2e files run
 * one at a time (vitest.config.ts).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { isRunning } from "../../app/.server/server-lock.ts";
import { buildIfStale, projectNode, root } from "../../scripts/build-if-stale.ts";

export type Shop = {
  /** e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  /** baseUrl + path */
  url(pathAndQuery: string): string;
  dataDir: string;
  /** Everything the server wrote to stdout and stderr so far. */
  output(): string;
  stop(): Promise<void>;
  /** Kills the server at once (SIGKILL, as a crash or an OOM kill would) and keeps its DATA_DIR for a restart. */
  kill(): Promise<void>;
};

export const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"];

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The shop exited with code ${child.exitCode} before it was ready:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The shop was not healthy after ${timeoutMs / 1000} s:\n${output()}`);
}

/** Builds the pages if needed, then runs `node server.ts` on a free port with a fresh DATA_DIR and the demo data. */
export async function startShop({
  env = {},
  timeoutMs = Number(process.env.E2E_START_TIMEOUT_MS) || 420_000,
  dataDir: reuse,
}: {
  env?: Record<string, string>;
  timeoutMs?: number;
  /** The DATA_DIR of a shop killed before: this start is its restart. */
  dataDir?: string;
} = {}): Promise<Shop> {
  buildIfStale(() => {});
  const port = await freePort();
  const dataDir = reuse ?? fs.mkdtempSync(path.join(os.tmpdir(), "dorsal-e2e-"));
  if (!reuse && (env.SEED_DEMO ?? "1") === "1") fs.cpSync(await demoTemplate(), dataDir, { recursive: true });
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = "";
  const child = spawn(projectNode, ["server.ts"], {
    cwd: root,
    env: {
      ...process.env,
      // A developer's own .env never reaches the shops under test.
      ENV_FILE: "",
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      SEED_DEMO: "1",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (log += chunk));
  child.stderr!.on("data", (chunk) => (log += chunk));
  const output = () => log;

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGKILL");
    await exited;
  };

  try {
    await waitForHealth(baseUrl, child, output, timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, url: (p) => baseUrl + p, dataDir, output, stop, kill };
}

/** A logged-in operator's session cookie and CSRF token (for the back office's forms and JSON calls). */
export type Operator = { cookie: string; csrf: string };

/** Posts the back office's login form as a browser without JavaScript would (its CSRF cookie and field included): the raw answer. */
export async function postLogin(shop: Pick<Shop, "url">, email: string, password: string): Promise<Response> {
  const page = await fetch(shop.url("/admin/login"));
  const cookies = page.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const token = /name="_csrf" value="([^"]+)"/.exec(await page.text())?.[1] ?? "";
  return fetch(shop.url("/admin/login"), {
    method: "POST",
    body: new URLSearchParams({ email, password, _csrf: token }),
    headers: { cookie: cookies },
    redirect: "manual",
  });
}

/** Logs in through the back office's login form; undefined when refused. */
export async function logIn(shop: Pick<Shop, "url">, email: string, password: string): Promise<Operator | undefined> {
  const login = await postLogin(shop, email, password);
  const session = login.headers
    .getSetCookie()
    .find((c) => c.startsWith("dorsal_admin="))
    ?.split(";")[0];
  if (!session) return undefined;
  const office = await (await fetch(shop.url("/admin"), { headers: { cookie: session } })).text();
  const csrf = /name="_csrf" value="([^"]+)"/.exec(office)?.[1] ?? /"csrfToken":"([^"]+)"/.exec(office)?.[1] ?? "";
  return { cookie: session, csrf };
}

/** The password the shop generated for admin@dorsal.local at its first start. */
export function adminPassword(shop: Pick<Shop, "dataDir">): string {
  return fs.readFileSync(path.join(shop.dataDir, "admin-password.txt"), "utf8").trim();
}

/**
 * A DATA_DIR holding the whole demo shop, seeded once per version of the server
 * code that writes it (not per page build) and copied for every test file: each shop then starts in seconds with no background import
 * or job competing with the tests for the two cores.
 */
async function demoTemplate(): Promise<string> {
  const template = path.join(os.tmpdir(), `dorsal-e2e-demo-${seedKey()}`);
  // Another run is seeding the same template: wait for it rather than seed a second one beside it.
  const waitUntil = Date.now() + 1_200_000;
  while (!fs.existsSync(template) && Date.now() < waitUntil && seedingElsewhere(template)) await new Promise((r) => setTimeout(r, 2000));
  if (fs.existsSync(template)) return template;
  // Older finished templates go; another run's work in progress (".wip-") stays.
  for (const old of fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith("dorsal-e2e-demo-") && !n.includes(".wip-"))) {
    fs.rmSync(path.join(os.tmpdir(), old), { recursive: true, force: true });
  }
  const work = `${template}.wip-${process.pid}`;
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = "";
  const child = spawn(projectNode, ["server.ts"], {
    cwd: root,
    env: {
      ...process.env,
      ENV_FILE: "",
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseUrl,
      DATA_DIR: work,
      SEED_DEMO: "1",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (log += chunk));
  child.stderr!.on("data", (chunk) => (log += chunk));
  let seeded = false;
  try {
    // The first opening waits for the first races' images: minutes when the two cores are shared.
    await waitForHealth(baseUrl, child, () => log, 900_000);
    // Done when the 2,000-photo race is fully visible and no job is left.
    const deadline = Date.now() + 900_000;
    for (;;) {
      const health = (await (await fetch(`${baseUrl}/healthz`)).json()) as { jobs?: { queued: number; running: number } };
      const big = (await (await fetch(`${baseUrl}/api/fotos/maraton-buenos-aires-2025`)).json()) as { data?: { found_rows: number } };
      if (big.data?.found_rows === 2000 && health.jobs && health.jobs.queued + health.jobs.running === 0) break;
      if (Date.now() > deadline) throw new Error(`The demo shop did not finish seeding:\n${log}`);
      await new Promise((r) => setTimeout(r, 2000));
    }
    seeded = true;
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    }
    if (!seeded) fs.rmSync(work, { recursive: true, force: true });
  }
  if (fs.existsSync(template))
    fs.rmSync(work, { recursive: true, force: true }); // another run finished first
  else fs.renameSync(work, template);
  return template;
}

/** What the seeded DATA_DIR depends on: server code, migrations and packages. Page edits keep the template. */
function seedKey(): string {
  const hash = createHash("sha1");
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!entry.name.includes(".test.")) hash.update(path.relative(root, full)).update(fs.readFileSync(full));
    }
  };
  for (const dir of ["app/.server", "app/domain", "db/migrations"]) walk(path.join(root, dir));
  hash.update(fs.readFileSync(path.join(root, "package-lock.json")));
  return hash.digest("hex").slice(0, 12);
}

/** Whether a live process is seeding this template (its work folder is named `.wip-<pid>`). */
function seedingElsewhere(template: string): boolean {
  const prefix = `${path.basename(template)}.wip-`;
  return fs.readdirSync(os.tmpdir()).some((name) => {
    if (!name.startsWith(prefix)) return false;
    const pid = Number(name.slice(prefix.length));
    return Number.isInteger(pid) && pid !== process.pid && isRunning(pid);
  });
}

/** Debian's Chromium (or CHROMIUM_PATH) driven by playwright-core. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
}

/** How far a page scrolls sideways (px): 0 when it fits its viewport, as a phone needs. */
export function sideways(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * How many lines each element's text takes on screen (for `locator.evaluateAll`;
 * self-contained, as Playwright runs it in the page): an amount must not break
 * after its currency on a narrow phone.
 */
export function textLines(elements: Element[]): number[] {
  return elements.map((element) => {
    const text = document.createRange();
    text.selectNodeContents(element);
    return new Set([...text.getClientRects()].map((line) => Math.round(line.top))).size;
  });
}
