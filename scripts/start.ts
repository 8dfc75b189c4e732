// `npm start`: builds the pages when the build is missing or older than the
// sources, then runs the server. A later start with no changes skips the build.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildMarker = path.join(root, "build/server/index.js");

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = Math.max(
  newestMtime(path.join(root, "app")),
  newestMtime(path.join(root, "public")),
  ...["vite.config.ts", "react-router.config.ts", "package-lock.json"].map((f) => fs.statSync(path.join(root, f)).mtimeMs),
);
if (!fs.existsSync(buildMarker) || fs.statSync(buildMarker).mtimeMs < sources) {
  console.log("Building the shop…");
  execFileSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.cjs"), "build"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
}
await import("../server.ts");
