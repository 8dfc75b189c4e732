import { randomUUID } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { assertSafeKey, MissingFile, type Storage } from "./storage.ts";

/** A temp name no concurrent write of the same file can share. */
const tempName = (target: string) => `${target}.${process.pid}.${randomUUID()}.tmp`;

/**
 * Runs a write into `target`'s folder, making the folder first; once more if a
 * deletion emptied and removed that folder in between.
 */
async function intoFolder(target: string, write: () => Promise<void>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    await fsp.mkdir(path.dirname(target), { recursive: true });
    try {
      return await write();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" || attempt > 0) throw error;
    }
  }
}

/** Files in a local folder (DATA_DIR/files). Writes go to a temp file first so a crash never leaves half a file. */
export function localStorage(root: string): Storage {
  const full = (key: string) => path.join(root, assertSafeKey(key));
  return {
    async put(key, data) {
      const target = full(key);
      await intoFolder(target, async () => {
        const tmp = tempName(target);
        await fsp.writeFile(tmp, data);
        await fsp.rename(tmp, target);
      });
    },
    async putFile(key, filePath) {
      const target = full(key);
      await intoFolder(target, async () => {
        const tmp = tempName(target);
        // A rename when on the same disk; a streamed copy when not.
        await fsp.rename(filePath, tmp).catch(async (error: NodeJS.ErrnoException) => {
          if (error.code === "ENOENT" && !fs.existsSync(filePath)) throw new Error(`nothing to store at ${filePath}`);
          await fsp.copyFile(filePath, tmp);
          await fsp.rm(filePath, { force: true });
        });
        await fsp.rename(tmp, target);
      });
    },
    async get(key) {
      try {
        return await fsp.readFile(full(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new MissingFile(key);
        throw error;
      }
    },
    async localFile(key) {
      const target = full(key);
      const stat = await fsp.stat(target).catch(() => undefined);
      if (!stat?.isFile()) throw new MissingFile(key);
      return target;
    },
    async stream(key): Promise<Readable> {
      const target = full(key);
      // A folder is no file either (it would fail mid-stream, after the headers).
      let isFile = false;
      try {
        isFile = fs.statSync(target, { throwIfNoEntry: false })?.isFile() ?? false;
      } catch {
        // A name too long for the disk, or a file where a folder should be: no such file either.
      }
      if (!isFile) throw new MissingFile(key);
      return fs.createReadStream(target);
    },
    async exists(key) {
      return fs.existsSync(full(key));
    },
    async delete(key) {
      const target = full(key);
      await fsp.rm(target, { force: true });
      // Folders emptied by the deletion go too (an upload's parts leave one per photo).
      for (let dir = path.dirname(target); dir.startsWith(root + path.sep); dir = path.dirname(dir)) {
        if (
          !(await fsp.rmdir(dir).then(
            () => true,
            () => false,
          ))
        )
          break;
      }
    },
    async *list() {
      if (!fs.existsSync(root)) return;
      for (const entry of await fsp.readdir(root, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || entry.name.endsWith(".tmp")) continue;
        const key = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
        // Only what the shop could have stored under a key of its own.
        try {
          yield assertSafeKey(key);
        } catch {}
      }
    },
  };
}
