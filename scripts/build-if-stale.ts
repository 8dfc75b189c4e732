// Builds the pages when the build is missing or older than the sources. Used by
// `npm start` and by the end-to-end harness; a lock directory keeps two processes
// on one checkout from writing the same build at once.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The project's Node 24 (the npm dependency), whatever Node runs this file. */
export const projectNode = fs.existsSync(path.join(root, "node_modules/.bin/node")) ? path.join(root, "node_modules/.bin/node") : process.execPath;

const buildMarker = path.join(root, "build/server/index.js");
const lockDir = path.join(root, ".build-lock");

function newestMtime(dir: string): number {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

export function buildIsStale(): boolean {
  const sources = Math.max(
    newestMtime(path.join(root, "app")),
    newestMtime(path.join(root, "public")),
    ...["vite.config.ts", "react-router.config.ts", "package-lock.json"].map((f) => fs.statSync(path.join(root, f)).mtimeMs),
  );
  return !fs.existsSync(buildMarker) || fs.statSync(buildMarker).mtimeMs < sources;
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Runs `react-router build` when needed; returns whether it built. */
export function buildIfStale(log: (line: string) => void = console.log): boolean {
  if (!buildIsStale()) return false;
  // Another process is building: wait for it (a lock older than 10 minutes is left over from a crash).
  for (;;) {
    try {
      fs.mkdirSync(lockDir);
      break;
    } catch {
      const age = Date.now() - (fs.statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 10 * 60_000) fs.rmSync(lockDir, { recursive: true, force: true });
      else sleep(500);
    }
  }
  try {
    if (!buildIsStale()) return false;
    log("Building the shop…");
    execFileSync(projectNode, [path.join(root, "node_modules/@react-router/dev/bin.cjs"), "build"], {
      cwd: root,
      // Vitest sets NODE_ENV=test, which would put React's development build into the pages.
      env: { ...process.env, NODE_ENV: "production" },
      stdio: ["ignore", "ignore", "inherit"],
    });
    return true;
  } finally {
    fs.rmSync(lockDir, { recursive: true, force: true });
  }
}
