import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3TestServer, type S3TestServer } from "../../../tests/support/s3-server.ts";
import { localStorage } from "../storage/local-storage.ts";
import { s3Storage } from "../storage/s3-storage.ts";
import { copyFiles } from "./copy-files.ts";

describe("copying a shop's files into a bucket", () => {
  let s3: S3TestServer;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "dorsal-copy-"));
  beforeAll(async () => {
    s3 = await startS3TestServer();
    Object.assign(process.env, { AWS_ACCESS_KEY_ID: s3.env.AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY: s3.env.AWS_SECRET_ACCESS_KEY });
  });
  afterAll(async () => {
    await s3?.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it("copies every file byte for byte, leaves the source as it was, and skips what an earlier run copied", async () => {
    const local = localStorage(path.join(folder, "files"));
    const bucket = s3Storage({ bucket: s3.bucket, region: "us-east-1", endpoint: s3.endpoint });
    const files = {
      "originals/race-1/A001.jpg": Buffer.alloc(70_000, 1),
      "public/race-1/A001-thumb.webp": Buffer.from("thumb"),
      "zips/set-abc.zip": Buffer.alloc(10, 9),
    };
    for (const [key, data] of Object.entries(files)) await local.put(key, data);
    // An earlier run that was cut short had copied one file.
    await bucket.put("originals/race-1/A001.jpg", files["originals/race-1/A001.jpg"]);

    expect(await copyFiles(local, bucket)).toEqual({ copied: 2, skipped: 1 });
    for (const [key, data] of Object.entries(files)) {
      expect(Buffer.compare(await bucket.get(key), data)).toBe(0);
      expect(await local.exists(key)).toBe(true);
    }
    expect(await copyFiles(local, bucket)).toEqual({ copied: 0, skipped: 3 });
  });
});
