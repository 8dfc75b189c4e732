import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localStorage } from "./local-storage.ts";
import { s3Storage } from "./s3-storage.ts";
import { startS3TestServer, type S3TestServer } from "../../../tests/support/s3-server.ts";
import { MissingFile, pathOrBytes, type Storage } from "./storage.ts";

// One contract for both places files live: the data folder and an S3-compatible bucket.

let s3: S3TestServer;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "dorsal-storage-"));
beforeAll(async () => {
  s3 = await startS3TestServer();
  Object.assign(process.env, { AWS_ACCESS_KEY_ID: s3.env.AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY: s3.env.AWS_SECRET_ACCESS_KEY });
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

const kinds: [string, () => Storage][] = [
  ["the data folder", () => localStorage(path.join(folder, "files"))],
  ["an S3 bucket", () => s3Storage({ bucket: s3.bucket, region: "us-east-1", endpoint: s3.endpoint })],
];

describe.each(kinds)("files in %s", (name, open) => {
  it("keeps bytes exactly, from a buffer and from a file on disk (which it consumes)", async () => {
    const storage = open();
    const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7) % 256));
    await storage.put("originals/race/a.jpg", bytes, "image/jpeg");
    expect(Buffer.compare(await storage.get("originals/race/a.jpg"), bytes)).toBe(0);
    const file = path.join(folder, "incoming.bin");
    fs.writeFileSync(file, bytes.subarray(1000));
    await storage.putFile("zips/set-1.zip", file, "application/zip");
    expect(fs.existsSync(file)).toBe(false);
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.stream("zips/set-1.zip")) chunks.push(Buffer.from(chunk));
    expect(Buffer.compare(Buffer.concat(chunks), bytes.subarray(1000))).toBe(0);
  });

  it("lists every key, says what exists, and deletes", async () => {
    const storage = open();
    await storage.put("public/x/1.webp", Buffer.from("one"));
    expect(await storage.exists("public/x/1.webp")).toBe(true);
    const keys: string[] = [];
    for await (const key of storage.list()) keys.push(key);
    expect(keys).toEqual(expect.arrayContaining(["originals/race/a.jpg", "zips/set-1.zip", "public/x/1.webp"]));
    await storage.delete("public/x/1.webp");
    expect(await storage.exists("public/x/1.webp")).toBe(false);
    // Deleting what is not there is no error.
    await storage.delete("public/x/1.webp");
  });

  it("answers a missing file with MissingFile and refuses keys that climb out", async () => {
    const storage = open();
    await expect(storage.get("originals/none.jpg")).rejects.toBeInstanceOf(MissingFile);
    await expect(storage.stream("originals/none.jpg")).rejects.toBeInstanceOf(MissingFile);
    await expect(storage.put("../escape.txt", Buffer.from("x"))).rejects.toThrow(/Unsafe/);
    await expect(pathOrBytes(storage, "originals/none.jpg")).rejects.toBeInstanceOf(MissingFile);
  });

  it("gives sharp and the readers a photo as a file path when it is on this disk, else as its bytes", async () => {
    const storage = open();
    await storage.put("originals/race/b.jpg", Buffer.from("photo"));
    const source = await pathOrBytes(storage, "originals/race/b.jpg");
    if (typeof source === "string") {
      expect(source.startsWith(folder)).toBe(true);
      expect(fs.readFileSync(source, "utf8")).toBe("photo");
    } else expect(source.toString()).toBe("photo");
    expect(typeof source).toBe(name === "the data folder" ? "string" : "object");
  });
});
