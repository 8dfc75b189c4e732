// `npm run cli -- <command>`: operator commands. With the embedded database and
// the shop running, the work is handed to the server over loopback (two
// processes must never open one PGlite folder).
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { boot } from "../app/.server/boot.ts";
import { EnvError, getEnv, loadEnvFile, type Env } from "../app/.server/env.ts";
import { claimDataDir, dataDirTaken, readServerLock, releaseDataDir } from "../app/.server/server-lock.ts";
import { copyFiles } from "../app/.server/backup/index.ts";
import { createStorage } from "../app/.server/storage/index.ts";
import type { Manifest } from "../app/.server/backup/index.ts";
import { generatePassword } from "../app/.server/staff/index.ts";
import type { ImportReport } from "../app/.server/catalog/index.ts";
import { describeProgress, type RecognitionProgress } from "../app/.server/recognition/index.ts";
import { progressBar } from "./progress-bar.ts";

const USAGE = `Usage: npm run cli -- <command>
  import <folder>                         import a race folder (race.json, photos/, photos.csv)
  create-admin <email> [--password P] [--role admin|photographer|organizer]
  backup <file>                           the whole shop (database and files) in one archive
  restore <file>                          a backup into an empty data folder or database (the shop stopped)
  move-to-postgres <DATABASE_URL> [--s3 <bucket> [--s3-endpoint <url>] [--s3-region <region>]]
                                          this embedded shop's database onto an empty PostgreSQL server,
                                          and its files into a bucket with --s3 (credentials: AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY)`;

type Line = { progress?: { done: number; total: number; file: string }; bibs?: RecognitionProgress; result?: unknown; error?: string };

/** Shows on `bar` the photos read (or given up) of those sent to recognition. */
const showBibsRead = (bar: ReturnType<typeof progressBar>, p: RecognitionProgress) =>
  bar.update(p.done + p.failed, p.done + p.failed + p.queued, "reading bibs");

async function viaServer(env: Env, endpoint: string, body: unknown, onLine: (line: Line) => void): Promise<unknown> {
  const lock = readServerLock(env);
  if (!lock) return undefined;
  const response = await fetch(`http://127.0.0.1:${lock.port}/internal/cli/${endpoint}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-cli-token": lock.token },
    body: JSON.stringify(body),
  }).catch(() => {
    throw new Error(`The shop is running (pid ${lock.pid}) but did not answer on port ${lock.port}; stop it and run this again.`);
  });
  if (!response.ok || !response.body) throw new Error(`The running shop refused the command (HTTP ${response.status}).`);
  let buffered = "";
  let result: unknown = null;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffered += Buffer.from(chunk).toString("utf8");
    let newline;
    while ((newline = buffered.indexOf("\n")) >= 0) {
      const line = JSON.parse(buffered.slice(0, newline)) as Line;
      buffered = buffered.slice(newline + 1);
      if (line.error) throw new Error(line.error);
      if ("result" in line) result = line.result;
      onLine(line);
    }
  }
  return result ?? {};
}

/** Runs locally, or through the running shop when it holds the embedded database. */
async function run<T>(env: Env, endpoint: string, body: unknown, onLine: (line: Line) => void, local: () => Promise<T>): Promise<T> {
  if (!env.DATABASE_URL) {
    const remote = await viaServer(env, endpoint, body, onLine);
    if (remote !== undefined) return remote as T;
  }
  return local();
}

type ImportResult = ImportReport & { recognition?: RecognitionProgress };

function printReport(report: ImportResult) {
  console.log(
    `${report.slug}: ${report.total} photos · ${report.created} new · ${report.updated} updated · ${report.unchanged} unchanged` +
      (report.raceCreated ? " · race created" : ""),
  );
  for (const d of report.duplicates) console.log(`  duplicate: ${d.file} (same as ${d.of}), skipped`);
  for (const b of report.broken) console.log(`  unreadable: ${b.file} (${b.reason}), skipped`);
  if (report.recognition) console.log(describeProgress(report.recognition));
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  loadEnvFile();
  const env = getEnv();
  if (command === "import") {
    const folder = rest[0];
    if (!folder) throw new EnvError(USAGE);
    const absolute = path.resolve(folder);
    const bar = progressBar(process.stderr);
    const bibBar = progressBar(process.stderr);
    const onLine = (line: Line) => {
      if (line.progress) bar.update(line.progress.done, line.progress.total, line.progress.file);
      if (line.bibs) {
        bar.done();
        showBibsRead(bibBar, line.bibs);
      }
    };
    const report = await run<ImportResult>(env, "import", { folder: absolute }, onLine, () =>
      withServices(env, async (services) => {
        // The worker runs while the photos are stored, as the shop's does: the first photos' images and bibs
        // are made while the rest are copied in, instead of a core waiting for the last file (some 5 % of an import).
        services.worker.start();
        let result: ImportReport;
        try {
          result = await services.imports.folder(absolute, (done, total, file) => bar.update(done, total, file));
        } finally {
          await services.worker.stop();
        }
        bar.done();
        console.log("Making watermarked images and reading bibs…");
        // One look at a time, and the last one awaited: a look still running when the services close would use a closed pool.
        let looking: Promise<unknown> = Promise.resolve();
        const follow = setInterval(() => {
          looking = looking.then(() => services.recognition.progressForSlug(result.slug).then((p) => p && showBibsRead(bibBar, p)));
        }, 1000);
        try {
          await services.worker.drain();
        } finally {
          clearInterval(follow);
          await looking;
        }
        return { ...result, recognition: await services.recognition.progressForSlug(result.slug) };
      }),
    );
    bar.done();
    bibBar.done();
    printReport(report);
    return;
  }
  if (command === "create-admin") {
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      options: { password: { type: "string" }, role: { type: "string" } },
    });
    const email = positionals[0];
    if (!email) throw new EnvError(USAGE);
    // An unknown role is refused, never taken for admin.
    const role = values.role ?? "admin";
    if (role !== "admin" && role !== "photographer" && role !== "organizer") throw new EnvError(USAGE);
    const password = values.password ?? generatePassword();
    const result = await run<{ created: boolean }>(
      env,
      "create-admin",
      { email, password, role },
      () => {},
      () => withServices(env, (services) => services.admins.create(email, password, role)),
    );
    console.log(`${result.created ? "Created" : "Updated"} ${role} ${email}${values.password ? "" : ` with password ${password}`}`);
    return;
  }
  if (command === "backup") {
    const file = rest[0];
    if (!file) throw new EnvError(USAGE);
    const absolute = path.resolve(file);
    const manifest = await run<Manifest>(
      env,
      "backup",
      { file: absolute },
      () => {},
      () => withServices(env, (services) => services.backup.write(absolute)),
    );
    console.log(`Backup written to ${absolute}: ${describe(manifest)}`);
    return;
  }
  if (command === "restore") {
    const file = rest[0];
    if (!file) throw new EnvError(USAGE);
    if (readServerLock(env)) throw new Error("The shop is running on this data folder: stop it, then restore.");
    const manifest = await withServices(env, (services) => services.backup.restore(path.resolve(file)));
    console.log(`Restored ${describe(manifest)} (backup of ${manifest.createdAt})`);
    return;
  }
  if (command === "move-to-postgres") {
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      options: { s3: { type: "string" }, "s3-endpoint": { type: "string" }, "s3-region": { type: "string" } },
    });
    const url = positionals[0];
    if (!url || !/^postgres(ql)?:\/\//.test(url)) throw new EnvError(USAGE);
    if (env.DATABASE_URL) throw new Error("This shop already runs on PostgreSQL (DATABASE_URL is set).");
    const bucket = values.s3 ? { S3_BUCKET: values.s3, S3_ENDPOINT: values["s3-endpoint"], S3_REGION: values["s3-region"] ?? env.S3_REGION } : undefined;
    if (bucket?.S3_ENDPOINT && !URL.canParse(bucket.S3_ENDPOINT)) throw new EnvError(`--s3-endpoint is not a URL: ${bucket.S3_ENDPOINT}`);
    if (bucket && env.S3_BUCKET) throw new Error("This shop's files are already in a bucket (S3_BUCKET is set): leave out --s3.");
    // A consistent copy of the embedded database (through the running shop if it runs), then into the server.
    const temp = path.join(env.dataDir, `move-to-postgres-${Date.now()}.tar.gz`);
    try {
      await run<Manifest>(
        env,
        "backup",
        { file: temp, files: false },
        () => {},
        () => withServices(env, (services) => services.backup.write(temp, { files: false })),
      );
      const target: Env = { ...env, DATABASE_URL: url, ...bucket };
      if (bucket) {
        // Files first: a database that names photos the bucket lacks must never go live.
        const bar = progressBar(process.stderr);
        const { copied, skipped } = await copyFiles(createStorage(env), createStorage(target), (done, total, key) => bar.update(done, total, key));
        bar.done();
        console.log(`Copied ${copied} files into the bucket ${bucket.S3_BUCKET}${skipped ? ` (${skipped} were there already)` : ""}.`);
      }
      const manifest = await withServices(target, (services) => services.backup.restore(temp, { files: false }));
      const rows = describe(manifest).replace(/, 0 files$/, "");
      console.log(
        bucket
          ? `Moved ${rows} to PostgreSQL. Start the shop with DATABASE_URL, S3_BUCKET${bucket.S3_ENDPOINT ? ", S3_ENDPOINT" : ""} and the AWS credentials set (and SESSION_SECRET in production); ${path.join(env.dataDir, "files")} is no longer read and can go once the shop runs.`
          : `Moved ${rows} to PostgreSQL. Files stay in ${path.join(env.dataDir, "files")}: start the shop with DATABASE_URL set (and SESSION_SECRET in production) and the same DATA_DIR.`,
      );
    } finally {
      fs.rmSync(temp, { force: true });
    }
    return;
  }
  console.log(USAGE);
  process.exitCode = command ? 1 : 0;
}

async function withServices<T>(env: Env, work: (services: Awaited<ReturnType<typeof boot>>) => Promise<T>): Promise<T> {
  if (!env.DATABASE_URL) {
    // No server answers (viaServer), but one may be starting on this folder, or another command running.
    const holder = claimDataDir(env);
    if (holder !== undefined) throw new Error(`${dataDirTaken(env, holder)}: run this again once the shop is up or that process has stopped.`);
  }
  try {
    const services = await boot(env);
    try {
      return await work(services);
    } finally {
      await services.close();
    }
  } finally {
    if (!env.DATABASE_URL) releaseDataDir(env);
  }
}

const describe = (m: Manifest) => `${Object.values(m.tables).reduce((a, b) => a + b, 0)} rows in ${Object.keys(m.tables).length} tables, ${m.files} files`;

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
