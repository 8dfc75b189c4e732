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
