// `npm test`: every test. Unit, integration on PGlite (and again on PostgreSQL
// when TEST_DATABASE_URL is set), then end-to-end in Chromium against a fresh
// build. Ends with one "N passed, N failed" line.
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

run("typecheck", "npm", ["run", "--silent", "typecheck"]);
vitest("unit", "unit");
vitest("integration (PGlite)", "integration");
if (process.env.TEST_DATABASE_URL) vitest("integration (PostgreSQL)", "integration", { TEST_DB: "postgres" });
if (run("build", bin("react-router"), ["build"])) vitest("end-to-end (Chromium)", "e2e");

console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
fs.rmSync(reports, { recursive: true, force: true });
process.exit(broken || totals.failed > 0 ? 1 : 0);
