// The serving process's V8 flags, which only the command line can set
// (v8.setFlagsFromString comes too late for both). Measured with the
// 50,000-photo race under storefront load (`npm run bench -- http`, decision 0005):
//  - `--liftoff-only`: the embedded database's WebAssembly stays on V8's
//    baseline compiler. Optimizing it took the process to 1.1 GB while starting
//    and kept about 80 MB more for good; its queries are about a third slower
//    (0.58 instead of 0.43 ms for a bib search), a small part of a page.
//  - `--max-semi-space-size=16`: a young generation of 16 MB a half instead of
//    the 64 MB V8 grows to under load and keeps.
//  - `--heap-growing-percent=25`: after each full collection the old generation
//    may grow by a quarter of what is alive before the next, instead of up to
//    four times over under a high allocation rate (thousands of cached answers
//    a second): peak under storefront load 564 → 407 MB, with renders as fast
//    or faster (fewer, shorter full collections; `--optimize-for-size` reached
//    344 MB but made renders a third slower).
// A flag the command line already sets (to any value, or off with `--no-`) is left as given.
import { fileURLToPath } from "node:url";

export const SERVER_FLAGS = ["--liftoff-only", "--max-semi-space-size=16", "--heap-growing-percent=25"];

/** The flags `execArgv` still lacks, by name. */
export function missingServerFlags(execArgv: readonly string[]): string[] {
  const nameOf = (flag: string) => flag.split("=")[0].replace(/^--no-/, "--");
  const given = new Set(execArgv.map(nameOf));
  return SERVER_FLAGS.filter((flag) => !given.has(nameOf(flag)));
}

/**
 * Replaces this process (same pid, same environment and open output) with one
 * that runs `script` under the server's flags; returns only when none is
 * missing or the platform cannot exec (Windows).
 */
export function execWithServerFlags(script: URL): void {
  const missing = missingServerFlags(process.execArgv);
  if (missing.length === 0 || typeof process.execve !== "function") return;
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...missing, fileURLToPath(script), ...process.argv.slice(2)], process.env);
}
