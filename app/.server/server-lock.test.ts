import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Env } from "./env.ts";
import { claimDataDir, releaseDataDir } from "./server-lock.ts";

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function dataDir(): { env: Env; pidFile: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dorsal-lock-"));
  dirs.push(dir);
  return { env: { dataDir: dir } as Env, pidFile: path.join(dir, "server.pid") };
}

/** A live process whose command line names `script`, as a running server's or CLI command's does. */
async function running(script: string): Promise<number> {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)", script], { stdio: "ignore" });
  children.push(child);
  await new Promise((resolve) => child.once("spawn", resolve));
  return child.pid!;
}

describe("the embedded database's data folder, one server at a time", () => {
  it("is taken by the first server and refused to a second while the first runs", async () => {
    const { env, pidFile } = dataDir();
    const other = await running("server.ts");
    fs.writeFileSync(pidFile, String(other));
    expect(claimDataDir(env)).toBe(other);
    expect(fs.readFileSync(pidFile, "utf8")).toBe(String(other));
  });

  it("is refused to a server while a CLI command works on the database", async () => {
    const { env, pidFile } = dataDir();
    const command = await running("scripts/cli.ts");
    fs.writeFileSync(pidFile, String(command));
    expect(claimDataDir(env)).toBe(command);
  });

  it("is taken over from a server that was killed, or whose pid another program now has", async () => {
    const { env, pidFile } = dataDir();
    const gone = await running("server.ts");
    children[0].kill("SIGKILL");
    await new Promise((resolve) => children[0].once("exit", resolve));
    fs.writeFileSync(pidFile, String(gone));
    expect(claimDataDir(env)).toBeUndefined();
    expect(fs.readFileSync(pidFile, "utf8")).toBe(String(process.pid));

    const { env: env2, pidFile: pidFile2 } = dataDir();
    fs.writeFileSync(pidFile2, String(await running("something-else.js")));
    expect(claimDataDir(env2)).toBeUndefined();
    expect(fs.readFileSync(pidFile2, "utf8")).toBe(String(process.pid));
  });

  it("waits for a file another server is writing, and takes over one left empty long ago", () => {
    const { env, pidFile } = dataDir();
    fs.writeFileSync(pidFile, "");
    expect(claimDataDir(env)).toBe(0);
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(pidFile, old, old);
    expect(claimDataDir(env)).toBeUndefined();
  });

  it("is given back only by the process that holds it", async () => {
    const { env, pidFile } = dataDir();
    expect(claimDataDir(env)).toBeUndefined();
    releaseDataDir(env);
    expect(fs.existsSync(pidFile)).toBe(false);

    const other = await running("server.ts");
    fs.writeFileSync(pidFile, String(other));
    releaseDataDir(env);
    expect(fs.readFileSync(pidFile, "utf8")).toBe(String(other));
  });
});
