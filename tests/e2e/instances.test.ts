/**
 * Two server processes on one PostgreSQL database and one S3-compatible bucket
 * (s3rver on loopback), as behind a load balancer: a back-office session opened
 * on one is valid on the other; the login and contact limits count the tries
 * made on both; an upload begun on one finishes on the other; a price changed
 * on one shows on the other at once; every queued job runs once although both
 * (and a CLI import beside them) take jobs; photos and zips live in the bucket
 * and download through either. Needs TEST_DATABASE_URL; each run makes its own
 * database and bucket.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_FAILURES_PER_PAIR } from "../../app/.server/staff/login.ts";
import { OUTCOME_HEADER, UPLOAD_PATH } from "../../app/.server/photo-desk/uploads.ts";
import { s3Storage } from "../../app/.server/storage/s3-storage.ts";
import { adminHref } from "../../app/i18n/admin-href.ts";
import { projectNode, root } from "../../scripts/build-if-stale.ts";
import { startS3TestServer, type S3TestServer } from "../support/s3-server.ts";
import { launchBrowser, logIn, postLogin, startShop, type Shop } from "./harness.ts";

const base = process.env.TEST_DATABASE_URL;
const ADMIN = { ADMIN_EMAIL: "ops@dorsal.local", ADMIN_PASSWORD: "two-instances-password" };

async function onServer<T = unknown>(sql: string, url = base): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

const SLUG = "fixture-trail-2025";
const FREE_EXTRA = 10;

/** The fixture race with ten more free photos (a zip needs ten): 13 new photos, a duplicate and a broken file. */
async function raceFolder(): Promise<string> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "dorsal-instances-"));
  fs.cpSync(path.join(root, "tests/fixtures/import-basic"), folder, { recursive: true });
  const lines: string[] = [];
  for (let i = 1; i <= FREE_EXTRA; i++) {
    const name = `F${String(i).padStart(3, "0")}.jpg`;
    const image = sharp({
      create: { width: 900, height: 600, channels: 3, background: { r: 20 * i, g: 90, b: 200 - 10 * i }, noise: { type: "gaussian", mean: 100, sigma: 25 } },
    });
    await image.jpeg().toFile(path.join(folder, "photos", name));
    lines.push(`${name},${110 + i},,1,,,,`);
  }
  fs.appendFileSync(path.join(folder, "photos.csv"), `${lines.join("\n")}\n`);
  return folder;
}

type Fotos = { data: { id: number; found_rows: number; fotos: { id: string; id_photo: string; free: string; src_thumb: string; precio_arg: number }[] } };
const fotosOn = async (shop: Shop): Promise<Fotos["data"]> => ((await (await fetch(shop.url(`/api/fotos/${SLUG}?p=1`))).json()) as Fotos).data;

/** `npm run cli -- …` with the instances' environment: on PostgreSQL it works beside them, not through them. */
function cli(env: Record<string, string>, args: string[], ownDataDir?: string): Promise<string> {
  const dataDir = ownDataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "dorsal-cli-"));
  return new Promise((resolve, reject) => {
    const child = spawn(projectNode, ["scripts/cli.ts", ...args], {
      cwd: root,
      env: { ...process.env, ENV_FILE: "", LOG_LEVEL: "warn", DATA_DIR: dataDir, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (c) => (out += c));
    child.stderr.on("data", (c) => (out += c));
    child.on("exit", (code) => {
      if (!ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      if (code === 0) resolve(out);
      else reject(new Error(`cli ${args.join(" ")} exited ${code}:\n${out}`));
    });
  });
}

/** Until neither instance has a job queued or running. */
async function idle(...shops: Shop[]) {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const counts = await Promise.all(
      shops.map(async (s) => ((await (await fetch(s.url("/healthz"))).json()) as { jobs: { queued: number; running: number } }).jobs),
    );
    if (counts.every((j) => j.queued + j.running === 0)) return;
    if (Date.now() > deadline) throw new Error(`jobs still waiting: ${JSON.stringify(counts)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

describe.skipIf(!base)("two server processes on one PostgreSQL and one bucket", () => {
  const name = `dorsal_e2e_${process.pid}_${randomBytes(3).toString("hex")}`;
  let a: Shop;
  let b: Shop;
  let s3: S3TestServer;
  let env: Record<string, string>;
  let databaseUrl = "";
  const bucketKeys = async () => {
    const keys: string[] = [];
    Object.assign(process.env, { AWS_ACCESS_KEY_ID: s3.env.AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY: s3.env.AWS_SECRET_ACCESS_KEY });
    for await (const key of s3Storage({ bucket: s3.bucket, region: "us-east-1", endpoint: s3.endpoint }).list()) keys.push(key);
    return keys;
  };

  beforeAll(async () => {
    await onServer(`create database ${name}`);
    s3 = await startS3TestServer();
    const url = new URL(base!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    env = { DATABASE_URL: databaseUrl, SESSION_SECRET: randomBytes(32).toString("hex"), SEED_DEMO: "0", ...ADMIN, ...s3.env };
    // One after the other: the first applies the migrations and makes the admin account.
    a = await startShop({ env });
    b = await startShop({ env });
  }, 120_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await s3?.close();
    await onServer(`drop database if exists ${name} with (force)`);
  });

  it("imports a race beside both instances: its photos land in the bucket and every queued job runs exactly once", async () => {
    // The import queues the watermarked images and the bib reading; the CLI and both instances take jobs.
    const folder = await raceFolder();
    const report = await cli(env, ["import", folder]);
    fs.rmSync(folder, { recursive: true, force: true });
    expect(report).toContain(`${SLUG}: ${5 + FREE_EXTRA} photos · ${3 + FREE_EXTRA} new`);
    await idle(a, b);
    const ran = await onServer<{ type: string; status: string; attempts: number }>("select type, status, attempts from jobs", databaseUrl);
    expect(ran.length).toBeGreaterThanOrEqual(3);
    expect(ran.filter((j) => j.status !== "done" || j.attempts !== 1)).toEqual([]);
    const keys = await bucketKeys();
    expect(keys.filter((k) => k.startsWith("originals/"))).toHaveLength(3 + FREE_EXTRA);
    expect(keys.filter((k) => k.startsWith("public/")).length).toBeGreaterThanOrEqual(2 * (3 + FREE_EXTRA));
    // Nothing of the shop's files stayed on either instance's disk.
    for (const shop of [a, b]) expect(fs.existsSync(path.join(shop.dataDir, "files"))).toBe(false);
    expect((await fotosOn(a)).found_rows).toBe(3 + FREE_EXTRA);
    expect((await fotosOn(b)).found_rows).toBe(3 + FREE_EXTRA);
  }, 300_000);

  it("serves the photos and a zip from the bucket through either instance", async () => {
    const { fotos } = await fotosOn(a);
    const thumb = new URL(fotos[0].src_thumb).pathname;
    const [fromA, fromB] = await Promise.all([a, b].map(async (s) => Buffer.from(await (await fetch(s.url(thumb))).arrayBuffer())));
    expect(fromA.length).toBeGreaterThan(1000);
    expect(Buffer.compare(fromA, fromB)).toBe(0);

    // The free photos, ordered on B, zipped on A's request; the zip is made by whichever instance takes the job.
    const free = fotos.filter((f) => f.free === "1");
    expect(free).toHaveLength(1 + FREE_EXTRA);
    const buyer = { country: "1", firstName: "Ana", lastName: "Dos", email: "dos@example.com", confirmEmail: "dos@example.com" };
    const order = (await (
      await fetch(b.url("/api/purchase"), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ data: { ...buyer, images: free } }),
      })
    ).json()) as {
      data: { id: string };
    };
    const asked = await fetch(a.url("/api/create_zip"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ data: { id: order.data.id } }),
    });
    expect(asked.status).toBe(200);
    let zip: string | null = null;
    const deadline = Date.now() + 60_000;
    while (!zip && Date.now() < deadline) {
      zip = ((await (await fetch(b.url(`/api/purchase/${order.data.id}`))).json()) as { data: { zip_file: string | null } }).data.zip_file;
      if (!zip) await new Promise((r) => setTimeout(r, 300));
    }
    expect(zip).toBeTruthy();
    const zipPath = new URL(zip!).pathname;
    const [zipA, zipB] = await Promise.all([a, b].map(async (s) => Buffer.from(await (await fetch(s.url(zipPath))).arrayBuffer())));
    expect(zipA.subarray(0, 2).toString("latin1")).toBe("PK");
    expect(Buffer.compare(zipA, zipB)).toBe(0);
    expect((await bucketKeys()).some((k) => k.startsWith("zips/"))).toBe(true);
  });

  it("finishes on one instance a photo upload begun on the other", async () => {
    const raceId = (await fotosOn(a)).id;
    const op = (await logIn(a, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD))!;
    const tus = { cookie: op.cookie, "x-csrf-token": op.csrf, "tus-resumable": "1.0.0" };
    const bytes = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: "#3a7", noise: { type: "gaussian", mean: 120, sigma: 40 } } })
      .jpeg()
      .toBuffer();
    const metadata = `filename ${Buffer.from("TWO001.jpg").toString("base64")},raceId ${Buffer.from(String(raceId)).toString("base64")}`;
    const created = await fetch(a.url(UPLOAD_PATH), {
      method: "POST",
      headers: { ...tus, "upload-length": String(bytes.length), "upload-metadata": metadata },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get("location")!;
    const half = Math.floor(bytes.length / 2);
    const patch = (shop: Shop, from: number, body: Buffer) =>
      fetch(shop.url(location), {
        method: "PATCH",
        headers: { ...tus, "upload-offset": String(from), "content-type": "application/offset+octet-stream" },
        body: new Uint8Array(body),
      });
    expect((await patch(a, 0, bytes.subarray(0, half))).status).toBe(204);
    // The load balancer sends the rest to B: it knows where A left the upload.
    const head = await fetch(b.url(location), { method: "HEAD", headers: tus });
    expect(head.headers.get("upload-offset")).toBe(String(half));
    const done = await patch(b, half, bytes.subarray(half));
    expect(done.status).toBe(204);
    expect(JSON.parse(decodeURIComponent(done.headers.get(OUTCOME_HEADER) ?? "null"))).toMatchObject({ kind: "created" });
    // A client that lost that answer asks A: the same outcome, not a second photo.
    const again = await fetch(a.url(location), { method: "HEAD", headers: tus });
    expect(JSON.parse(decodeURIComponent(again.headers.get(OUTCOME_HEADER) ?? "null"))).toMatchObject({ kind: "created" });
    await idle(a, b);
    // An upload counts as import progress: a cached race page may show it up to five seconds late.
    await expect.poll(async () => (await fotosOn(b)).fotos.map((f) => f.id_photo), { timeout: 15_000, interval: 500 }).toContain("TWO001");
    const keys = await bucketKeys();
    expect(keys.filter((k) => k.startsWith("originals/"))).toHaveLength(4 + FREE_EXTRA);
    // The upload's parts are freed once the photo is stored.
    expect(keys.filter((k) => k.startsWith("uploads/"))).toEqual([]);
  });

  it("shows a price changed on one instance on the other at once", async () => {
    const before = (await fotosOn(b)).fotos.find((f) => f.id_photo === "A001")!;
    expect(before.precio_arg).toBe(5000);
    const browser = await launchBrowser();
    try {
      const page = await (await browser.newContext()).newPage();
      await page.goto(a.url(adminHref("adminLogin", "es")));
      await page.fill("input[name=email]", ADMIN.ADMIN_EMAIL);
      await page.fill("input[name=password]", ADMIN.ADMIN_PASSWORD);
      await Promise.all([page.waitForURL((u) => !u.pathname.endsWith("/login")), page.click("form button[type=submit]")]);
      await page.goto(a.url(adminHref("adminRace", "es", { raceId: (await fotosOn(a)).id })));
      await page.fill("input[name=price_ars]", "6500");
      await Promise.all([page.waitForURL(/notice=saved/), page.click("form[enctype='multipart/form-data'] button[type=submit]")]);
    } finally {
      await browser.close();
    }
    const after = (await fotosOn(b)).fotos.find((f) => f.id_photo === "A001")!;
    expect(after.precio_arg).toBe(6500);
  });

  it("a back-office session opened on one instance is valid on the other", async () => {
    const op = await logIn(a, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    expect(op).toBeDefined();
    const office = await fetch(b.url("/admin"), { headers: { cookie: op!.cookie }, redirect: "manual" });
    expect(office.status).toBe(200);
  });

  it("counts wrong passwords sent to both instances at once against one login limit", async () => {
    const email = "target@dorsal.local";
    const tries = Array.from({ length: 4 * MAX_FAILURES_PER_PAIR }, (_, i) => (i % 2 ? a : b));
    const answers = await Promise.all(tries.map(async (shop) => (await postLogin(shop, email, "wrong-password")).status));
    // Exactly as many were checked as one process alone would allow; every other was refused.
    expect(answers.filter((s) => s !== 429)).toHaveLength(MAX_FAILURES_PER_PAIR);
    expect(answers.filter((s) => s === 429)).toHaveLength(tries.length - MAX_FAILURES_PER_PAIR);
  });

  it("counts contact messages sent to both instances against one limit per address", async () => {
    const send = (shop: Shop, i: number) =>
      fetch(shop.url("/api/contact_email"), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ data: { name: "Ana", email: "ana@example.com", phone: "", message: `Hola, consulta número ${i}` } }),
      }).then((r) => r.status);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push(await send(i % 2 ? a : b, i));
    // Eight in ten minutes per address, whichever instance takes them.
    expect(statuses.slice(0, 8)).toEqual(Array(8).fill(200));
    expect(statuses.slice(8)).toEqual(Array(4).fill(429));
  });
});

describe.skipIf(!base)("moving an embedded shop up", () => {
  const name = `dorsal_up_${process.pid}_${randomBytes(3).toString("hex")}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dorsal-embedded-"));
  let s3: S3TestServer;
  let shop: Shop | undefined;

  beforeAll(async () => {
    await onServer(`create database ${name}`);
    s3 = await startS3TestServer("moved-up");
  });
  afterAll(async () => {
    await shop?.stop();
    await s3?.close();
    await onServer(`drop database if exists ${name} with (force)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("moves the database onto PostgreSQL and the files into a bucket with one command, and a shop started there sells the same race", async () => {
    const embedded = { SEED_DEMO: "0" };
    const imported = await cli(embedded, ["import", path.join(root, "tests/fixtures/import-basic")], dataDir);
    expect(imported).toContain(`${SLUG}: 5 photos · 3 new`);
    const url = new URL(base!);
    url.pathname = `/${name}`;
    const credentials = { AWS_ACCESS_KEY_ID: s3.env.AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY: s3.env.AWS_SECRET_ACCESS_KEY };
    const moved = await cli({ ...embedded, ...credentials }, ["move-to-postgres", url.toString(), "--s3", s3.bucket, "--s3-endpoint", s3.endpoint], dataDir);
    expect(moved).toMatch(/Copied \d+ files into the bucket moved-up/);
    expect(moved).toContain("Moved ");

    // A new instance with nothing on its disk: the race, its prices and its images come from the server and the bucket.
    shop = await startShop({ env: { DATABASE_URL: url.toString(), SESSION_SECRET: randomBytes(32).toString("hex"), SEED_DEMO: "0", ...s3.env } });
    const race = await fotosOn(shop);
    expect(race.found_rows).toBe(3);
    expect(race.fotos.find((f) => f.id_photo === "A001")?.precio_arg).toBe(5000);
    const thumb = await fetch(shop.url(new URL(race.fotos[0].src_thumb).pathname));
    expect(thumb.status).toBe(200);
    expect((await thumb.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    // Running it again changes nothing: the database is no longer empty.
    await expect(
      cli({ ...embedded, ...credentials }, ["move-to-postgres", url.toString(), "--s3", s3.bucket, "--s3-endpoint", s3.endpoint], dataDir),
    ).rejects.toThrow(/exited 1/);
  }, 300_000);
});
