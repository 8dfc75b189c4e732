/**
 * Crash safety: the server is killed (SIGKILL, no chance to clean up) in the
 * middle of an import, a zip or a photo upload, then started again on the same
 * data. The import run again, the zip and the upload resumed, every photo ends
 * up in the shop exactly once, with no failed job. (Payments and e-mail:
 * crash-payment-mail.test.ts.)
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectNode, root } from "../../scripts/build-if-stale.ts";
import { OUTCOME_HEADER, UPLOAD_PATH } from "../../app/.server/photo-desk/uploads.ts";
import { adminPassword, freePort, logIn, startShop, type Operator, type Shop } from "./harness.ts";

const PHOTOS = 48;
const SLUG = "crash-trail-2025";

async function importFolder(): Promise<string> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "dorsal-crash-"));
  fs.mkdirSync(path.join(folder, "photos"));
  fs.writeFileSync(path.join(folder, "race.json"), JSON.stringify({ slug: SLUG, name: { es: "Trail del Corte" }, status: "published", date: "2025-04-01" }));
  const rows = ["file,bibs,tags,free,price_ars,price_usd,sale_ars,sale_usd"];
  for (let i = 0; i < PHOTOS; i++) {
    const file = `C${String(i).padStart(3, "0")}.jpg`;
    // Large enough that making its derivatives takes a moment: the kill lands mid-way.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="3600" height="2400"><rect width="3600" height="2400" fill="hsl(${i * 7},50%,40%)"/><circle cx="${400 + i * 50}" cy="1200" r="500" fill="#fff"/></svg>`;
    fs.writeFileSync(path.join(folder, "photos", file), await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer());
    rows.push(`${file},${100 + i},,,,,,`);
  }
  fs.writeFileSync(path.join(folder, "photos.csv"), rows.join("\n") + "\n");
  return folder;
}

/** Photos visible now: a query of its own each time, so the page cache's answer (which may show an import up to 5 s late) is not what is read. */
async function visible(shop: Shop): Promise<number> {
  const response = await fetch(shop.url(`/api/fotos/${SLUG}?p=1&now=${Date.now()}`)).catch(() => undefined);
  if (!response?.ok) return 0;
  return ((await response.json()) as { data: { found_rows: number } }).data.found_rows;
}

describe("crash safety", () => {
  let shop: Shop;
  let folder: string;
  beforeAll(async () => {
    folder = await importFolder();
    shop = await startShop({ env: { SEED_DEMO: "0" } });
  });
  afterAll(async () => {
    await shop?.stop();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it("an import killed while its images are being made completes after a restart, each photo once", async () => {
    const cli = spawn(projectNode, ["scripts/cli.ts", "import", folder], {
      cwd: root,
      env: { ...process.env, DATA_DIR: shop.dataDir, PUBLIC_URL: shop.baseUrl, PORT: new URL(shop.baseUrl).port, LOG_LEVEL: "silent" },
      stdio: "ignore",
    });
    // Kill once the photos are in and some, not all, of their images are made.
    let seen = 0;
    for (let i = 0; i < 600 && (seen === 0 || seen >= PHOTOS); i++) {
      seen = await visible(shop);
      if (seen >= PHOTOS) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await shop.kill();
    cli.kill("SIGKILL");
    expect(seen, "the kill should land while images are still being made").toBeLessThan(PHOTOS);

    shop = await startShop({ env: { SEED_DEMO: "0" }, dataDir: shop.dataDir });
    // The operator runs the import again, unsure what survived: what was stored stays, what was cut short is added.
    const again = spawn(projectNode, ["scripts/cli.ts", "import", folder], {
      cwd: root,
      env: { ...process.env, DATA_DIR: shop.dataDir, PUBLIC_URL: shop.baseUrl, PORT: new URL(shop.baseUrl).port, LOG_LEVEL: "silent" },
      stdio: "ignore",
    });
    await new Promise((r) => again.once("exit", r));
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline && (await visible(shop)) < PHOTOS) await new Promise((r) => setTimeout(r, 500));
    expect(await visible(shop)).toBe(PHOTOS);
    const health = (await (await fetch(shop.url("/healthz"))).json()) as { jobs: { failed: number } };
    expect(health.jobs.failed).toBe(0);
  }, 400_000);

  it("a second server started on the same data folder leaves the embedded database to the running one", async () => {
    // As a supervisor restarting a shop whose old process still runs would: another port, the same DATA_DIR.
    const second = spawn(projectNode, ["server.ts"], {
      cwd: root,
      env: { ...process.env, ENV_FILE: "", NODE_ENV: "production", DATA_DIR: shop.dataDir, PORT: String(await freePort()), HOST: "127.0.0.1", SEED_DEMO: "0" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let errors = "";
    second.stderr!.on("data", (chunk) => (errors += chunk));
    const code = await new Promise((r) => second.once("exit", r));
    expect(code).toBe(1);
    expect(errors).toMatch(/Another Dorsal process \(pid \d+\) is using the database in /);
    expect(await visible(shop)).toBe(PHOTOS);
  }, 60_000);
});

describe("crash safety of a zip", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await startShop();
  });
  afterAll(() => shop?.stop());

  it("a zip cut short by a kill is made after the restart, with every photo once", async () => {
    // Sixty free photos of the demo marathon: a free order is paid at once.
    const page = (await (await fetch(shop.url("/api/fotos/maraton-buenos-aires-2025?p=1"))).json()) as { data: { fotos: { id: string; free: string }[] } };
    const free = page.data.fotos.filter((f) => f.free === "1");
    expect(free.length).toBeGreaterThanOrEqual(20);
    const buyer = { country: "1", firstName: "Ana", lastName: "Zip", email: "zip@example.com", confirmEmail: "zip@example.com" };
    const order = (await (
      await fetch(shop.url("/api/purchase"), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ data: { ...buyer, images: free } }),
      })
    ).json()) as { data: { id: string } };
    const id = order.data.id;
    const asked = (await (
      await fetch(shop.url("/api/create_zip"), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ data: { id } }) })
    ).json()) as { data: { status: string } };
    expect(asked.data.status).toBe("processing");
    await shop.kill();

    shop = await startShop({ dataDir: shop.dataDir });
    const deadline = Date.now() + 180_000;
    let zip: string | null = null;
    while (Date.now() < deadline && !zip) {
      const view = (await (await fetch(shop.url(`/api/purchase/${id}`))).json()) as { data: { zip_file: string | null } };
      zip = view.data.zip_file;
      if (!zip) await new Promise((r) => setTimeout(r, 500));
    }
    expect(zip, "the zip is made after the restart").toBeTruthy();
    const file = Buffer.from(await (await fetch(new URL(new URL(zip!).pathname, shop.baseUrl))).arrayBuffer());
    // A zip's central directory names each entry once: count the entries by their signature.
    const entries = file.toString("latin1").split("PK\u0001\u0002").length - 1;
    expect(entries).toBe(free.length);
    const health = (await (await fetch(shop.url("/healthz"))).json()) as { jobs: { failed: number } };
    expect(health.jobs.failed).toBe(0);
  }, 400_000);
});

describe("crash safety of a photo upload", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await startShop();
  });
  afterAll(() => shop?.stop());

  it("an upload cut short by a kill resumes after the restart where the server's disk left it, and the photo is stored once", async () => {
    const race = (await (await fetch(shop.url("/api/fotos/bariloche-21k-2025?p=1"))).json()) as { data: { id: number } };
    const op = (await logIn(shop, "admin@dorsal.local", adminPassword(shop)))!;
    expect(op).toBeDefined();
    // Noise compresses badly: a camera-sized file of several megabytes.
    const bytes = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: "#777", noise: { type: "gaussian", mean: 128, sigma: 60 } } })
      .jpeg({ quality: 95 })
      .toBuffer();
    const tus = (o: Operator) => ({ cookie: o.cookie, "x-csrf-token": o.csrf, "tus-resumable": "1.0.0" });
    const metadata = `filename ${Buffer.from("CRASH001.jpg").toString("base64")},raceId ${Buffer.from(String(race.data.id)).toString("base64")}`;
    const create = async (o: Operator) => {
      const created = await fetch(shop.url(UPLOAD_PATH), {
        method: "POST",
        headers: { ...tus(o), "upload-length": String(bytes.length), "upload-metadata": metadata },
      });
      expect(created.status).toBe(201);
      return created.headers.get("location")!;
    };
    const location = await create(op);
    const id = location.split("/").pop()!;
    // A PATCH body streams into the server's scratch folder (tmp/uploads/<pid>-<tag>/<id>-<offset>-<tag>) before it is stored.
    const scratch = path.join(shop.dataDir, "tmp", "uploads");
    const received = () =>
      !fs.existsSync(scratch)
        ? 0
        : fs
            .readdirSync(scratch, { recursive: true, withFileTypes: true })
            .filter((e) => e.isFile() && e.name.startsWith(`${id}-`))
            .reduce((sum, e) => sum + fs.statSync(path.join(e.parentPath, e.name)).size, 0);

    // The first half streams in; the server is killed while the request is still open.
    const half = Math.floor(bytes.length / 2);
    const request = http.request(shop.url(location), {
      method: "PATCH",
      headers: { ...tus(op), "upload-offset": "0", "content-type": "application/offset+octet-stream", "content-length": String(bytes.length) },
    });
    request.on("error", () => {});
    request.write(bytes.subarray(0, half));
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && received() < half / 2) await new Promise((r) => setTimeout(r, 50));
    await shop.kill();
    request.destroy();

    shop = await startShop({ dataDir: shop.dataDir });
    // The session lives in the database: the same operator goes on.
    const head = await fetch(shop.url(location), { method: "HEAD", headers: tus(op) });
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get("upload-offset"));
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(bytes.length);
    const rest = await fetch(shop.url(location), {
      method: "PATCH",
      headers: { ...tus(op), "upload-offset": String(offset), "content-type": "application/offset+octet-stream" },
      body: new Uint8Array(bytes.subarray(offset)),
    });
    expect(rest.status).toBe(204);
    const outcome = (r: Response) => JSON.parse(decodeURIComponent(r.headers.get(OUTCOME_HEADER) ?? "null")) as { kind: string; photoId?: number };
    const created = outcome(rest);
    expect(created).toMatchObject({ kind: "created", photoId: expect.any(Number) });

    // The whole file sent again is the same photo, unchanged, not a second one.
    const again = await fetch(shop.url(await create(op)), {
      method: "PATCH",
      headers: { ...tus(op), "upload-offset": "0", "content-type": "application/offset+octet-stream" },
      body: new Uint8Array(bytes),
    });
    expect(outcome(again)).toEqual({ kind: "unchanged", photoId: created.photoId });
  }, 400_000);
});
