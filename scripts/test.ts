// `npm test`: every test. Lint and format (Biome), import cycles, typecheck, unit, integration on PGlite (and again on PostgreSQL
// when TEST_DATABASE_URL is set), then end-to-end in Chromium against a fresh
// build. Ends with one "N passed, N failed" line and the time it took.
// The end-to-end tests need Debian's chromium: installed here when we may
// (root with apt-get, as on CI), else the run stops at once saying how.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name: string) => path.join(root, "node_modules/.bin", name);
const reports = fs.mkdtempSync(path.join(os.tmpdir(), "dorsal-tests-"));

type Totals = { passed: number; failed: number; skipped: number };
const totals: Totals = { passed: 0, failed: 0, skipped: 0 };
let broken = false;
const started = Date.now();

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(chromium)) {
  const canInstall = process.getuid?.() === 0 && spawnSync("apt-get", ["--version"], { stdio: "ignore" }).status === 0;
  if (!canInstall) {
    console.error(
      `The end-to-end tests need Chromium at ${chromium}. Install Debian's package first:\n\n  sudo apt-get install -y chromium\n\n(or point CHROMIUM_PATH at a Chromium), then run npm test again.`,
    );
    process.exit(1);
  }
  console.log("Installing Debian's chromium for the end-to-end tests (apt-get)…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  if (spawnSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env }).status !== 0 || !fs.existsSync(chromium)) {
    console.error("Could not install chromium with apt-get: install it (sudo apt-get install -y chromium) and run npm test again.");
    process.exit(1);
  }
}

function run(label: string, command: string, args: string[], env: Record<string, string> = {}) {
  console.log(`\n── ${label} ──`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) broken = true;
  return result.status === 0;
}

function vitest(label: string, project: string, env: Record<string, string> = {}) {
  const out = path.join(reports, `${label.replace(/\W+/g, "-")}.json`);
  run(label, bin("vitest"), ["run", "--project", project, "--passWithNoTests", "--reporter=default", "--reporter=json", `--outputFile.json=${out}`], env);
  if (!fs.existsSync(out)) {
    totals.failed++;
    return;
  }
  const report = JSON.parse(fs.readFileSync(out, "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    testResults: { status: string; message?: string }[];
  };
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests + report.testResults.filter((f) => f.status === "failed" && f.message).length;
  totals.skipped += report.numPendingTests + report.numTodoTests;
}

run("lint and format (Biome)", bin("biome"), ["ci", "."]);
run("import cycles", process.execPath, ["scripts/import-cycles.ts"]);
run("typecheck", "npm", ["run", "--silent", "typecheck"]);
vitest("unit", "unit");
vitest("integration (PGlite)", "integration");
if (process.env.TEST_DATABASE_URL) vitest("integration (PostgreSQL)", "integration", { TEST_DB: "postgres" });
if (run("build", bin("react-router"), ["build"])) vitest("end-to-end (Chromium)", "e2e");

const minutes = (Date.now() - started) / 60_000;
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped in ${Math.floor(minutes)} min ${Math.round((minutes % 1) * 60)} s`);
fs.rmSync(reports, { recursive: true, force: true });
process.exit(broken || totals.failed > 0 ? 1 : 0);
