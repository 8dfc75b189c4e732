import path from "node:path";
import type { Env } from "../env.ts";
import { localStorage } from "./local-storage.ts";
import { s3Storage } from "./s3-storage.ts";
import type { Storage } from "./storage.ts";

export { assertSafeKey, isPublicKey, MissingFile, pathOrBytes, type Storage } from "./storage.ts";
export { localStorage } from "./local-storage.ts";

export function createStorage(env: Env): Storage {
  if (env.S3_BUCKET) return s3Storage({ bucket: env.S3_BUCKET, region: env.S3_REGION, endpoint: env.S3_ENDPOINT });
  return localStorage(path.join(env.dataDir, "files"));
}
