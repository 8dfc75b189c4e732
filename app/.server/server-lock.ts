import fs from "node:fs";
import path from "node:path";
import type { Env } from "./env.ts";

// An embedded database belongs to one process. While the shop runs it leaves
// this file in DATA_DIR so the CLI hands its work to the server over loopback
// instead of opening the database beside it.

export type ServerLock = { pid: number; port: number; token: string };

const lockFile = (env: Env) => path.join(env.dataDir, "server.json");

export function writeServerLock(env: Env, token: string): void {
  fs.writeFileSync(lockFile(env), JSON.stringify({ pid: process.pid, port: env.PORT, token }), { mode: 0o600 });
}

export function removeServerLock(env: Env): void {
  fs.rmSync(lockFile(env), { force: true });
}

/** Whether a process with this id runs on this machine (signal 0 only asks). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The running server's lock, or undefined when none runs (a stale file from a crash is ignored). */
export function readServerLock(env: Env): ServerLock | undefined {
  try {
    const lock = JSON.parse(fs.readFileSync(lockFile(env), "utf8")) as ServerLock;
    return isRunning(lock.pid) ? lock : undefined;
  } catch {
    return undefined;
  }
}

// The lock above is written once the server listens, for the CLI. The embedded
// database needs one taken before it is opened: a second server started on the
// same DATA_DIR (another PORT, or a supervisor restarting a shop whose old
// process still runs), or a CLI command run while the server starts, would
// otherwise open it beside the first.

const ownerFile = (env: Env) => path.join(env.dataDir, "server.pid");

/** Whether `pid` is a live Dorsal server or CLI command (where /proc tells a process's command line; elsewhere any live process). */
function isDorsal(pid: number): boolean {
  if (pid === process.pid || !isRunning(pid)) return false;
  try {
    return /\b(server|cli)\.ts\b/.test(fs.readFileSync(`/proc/${pid}/cmdline`, "utf8"));
  } catch {
    return !fs.existsSync("/proc/self");
  }
}

/**
 * Takes the data folder for this process; returns the pid of the live server
 * or command that holds it instead (0 when another is claiming it this very
 * moment). A file left by a process that was killed (its pid gone or now
 * another program's, or the file left empty) is taken over.
 */
export function claimDataDir(env: Env): number | undefined {
  const file = ownerFile(env);
  fs.mkdirSync(env.dataDir, { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx", mode: 0o600 });
      return undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = Number(readOrEmpty(file));
    if (holder > 0 ? isDorsal(holder) : beingWritten(file)) return holder || 0;
    fs.rmSync(file, { force: true });
  }
  return 0;
}

/** An empty file not a second old: another process is writing its pid into it. */
function beingWritten(file: string): boolean {
  try {
    return Date.now() - fs.statSync(file).mtimeMs < 1000;
  } catch {
    return false;
  }
}

const readOrEmpty = (file: string) => {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return "";
  }
};

/** What a process refused the data folder says, before what to do about it. */
export const dataDirTaken = (env: Env, holder: number) => `Another Dorsal process${holder ? ` (pid ${holder})` : ""} is using the database in ${env.dataDir}`;

/** Gives the data folder back, if this process holds it. */
export function releaseDataDir(env: Env): void {
  if (Number(readOrEmpty(ownerFile(env))) === process.pid) fs.rmSync(ownerFile(env), { force: true });
}
