import type { Readable } from "node:stream";

/**
 * Where files live. Keys are relative, slash-separated paths. Keys under
 * `originals/` hold photographers' full-quality files and are never served
 * publicly; only `public/` keys (derivatives, logos, banners) reach a URL.
 */
export interface Storage {
  put(key: string, data: Buffer, contentType?: string): Promise<void>;
  /** Stores a file from disk without reading it into memory (zips of hundreds of photos); the file is consumed. */
  putFile(key: string, filePath: string, contentType?: string): Promise<void>;
  get(key: string): Promise<Buffer>;
  /**
   * The file's path when it is on this machine's disk (local storage only):
   * sharp and the recognition readers open it themselves, so a photo's bytes
   * never pass through the server's memory. Throws MissingFile when absent.
   */
  localFile?(key: string): Promise<string>;
  stream(key: string): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Every stored key (backups copy them all), in no particular order. */
  list(): AsyncIterable<string>;
}

export class MissingFile extends Error {
  constructor(key: string) {
    super(`No stored file at ${key}`);
  }
}

const SAFE_KEY = /^(?:[a-z0-9][a-z0-9._-]*\/)*[a-z0-9][a-z0-9._-]*$/i;

/** Rejects keys that could climb out of the storage root. */
export function assertSafeKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`Unsafe storage key: ${key}`);
  return key;
}

/** A stored photo as sharp and the recognizer take it: its path when local (see Storage.localFile), else its bytes. */
export function pathOrBytes(storage: Storage, key: string): Promise<string | Buffer> {
  return storage.localFile ? storage.localFile(key) : storage.get(key);
}

export function isPublicKey(key: string): boolean {
  return key.startsWith("public/") && SAFE_KEY.test(key) && !key.includes("..");
}
