import { randomUUID } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { assertSafeKey, MissingFile, type Storage } from "./storage.ts";

/** A temp name no concurrent write of the same file can share. */
const tempName = (target: string) => `${target}.${process.pid}.${randomUUID()}.tmp`;

/** Files in a local folder (DATA_DIR/files). Writes go to a temp file first so a crash never leaves half a file. */
export function localStorage(root: string): Storage {
  const full = (key: string) => path.join(root, assertSafeKey(key));
  return {
    async put(key, data) {
      const target = full(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const tmp = tempName(target);
      await fsp.writeFile(tmp, data);
      await fsp.rename(tmp, target);
    },
    async putFile(key, filePath) {
      const target = full(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const tmp = tempName(target);
      // A rename when on the same disk; a streamed copy when not.
      await fsp.rename(filePath, tmp).catch(async () => {
        await fsp.copyFile(filePath, tmp);
        await fsp.rm(filePath, { force: true });
      });
      await fsp.rename(tmp, target);
    },
    async get(key) {
      try {
        return await fsp.readFile(full(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new MissingFile(key);
        throw error;
      }
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
      await fsp.rm(full(key), { force: true });
    },
    async *list() {
      if (!fs.existsSync(root)) return;
      for (const entry of await fsp.readdir(root, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || entry.name.endsWith(".tmp")) continue;
        const key = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
        // Only what the shop could have stored under a key of its own.
        try {
          yield assertSafeKey(key);
        } catch {
          continue;
        }
      }
    },
  };
}
