import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { DataStore, ERRORS, Upload } from "@tus/server";
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { type Db, uploads } from "../db/index.ts";
import { isRunning } from "../server-lock.ts";
import type { Storage } from "../storage/index.ts";

/** tus names its uploads with 32 hex characters; nothing else reaches a storage key. */
const UPLOAD_ID = /^[0-9a-f]{32}$/;
/** A scratch file: `<upload id>-<offset it starts at>-<tag>`. */
const SCRATCH_FILE = /^([0-9a-f]{32})-(\d{1,15})-([0-9a-f]{8})$/;

const checkedId = (id: string) => {
  if (!UPLOAD_ID.test(id)) throw ERRORS.FILE_NOT_FOUND;
  return id;
};

/**
 * A tus store whose bytes live in the shop's Storage (the data folder or the
 * bucket) and whose state lives in the database, so every instance sees the
 * same upload: a PATCH begun on one and resumed on another continues at the
 * byte the first received. Each PATCH becomes one part object; the offset only
 * moves when the database agrees the part starts where the upload ended, so two
 * instances writing the same upload at once cannot interleave bytes. What a
 * dropped connection delivered is kept (tus resumes from it), and so is what a
 * killed process had written to its scratch file (`adoptLeftovers`).
 *
 * Why not @tus/s3-store: it needs the multipart-listing calls (ListParts,
 * ListMultipartUploads) that not every S3-compatible server has, caches upload
 * state per process, and would leave the data-folder shop on a second store
 * (docs/decisions/0008-shared-uploads.md).
 */
export class SharedUploadStore extends DataStore {
  private readonly db: Db;
  private readonly storage: Storage;
  /** Every process's scratch folders live here. */
  private readonly scratchRoot: string;
  /** This process's own: where a PATCH body lands before it is stored (never held in memory). */
  private readonly scratch: string;
  private readonly expireMs: number;

  constructor(db: Db, storage: Storage, scratchRoot: string, expireMs: number) {
    super();
    this.db = db;
    this.storage = storage;
    this.scratchRoot = scratchRoot;
    this.scratch = path.join(scratchRoot, `${process.pid}-${randomBytes(3).toString("hex")}`);
    this.expireMs = expireMs;
    this.extensions = ["creation", "creation-with-upload", "creation-defer-length", "termination", "expiration"];
  }

  async create(upload: Upload): Promise<Upload> {
    await this.db.insert(uploads).values({
      id: checkedId(upload.id),
      size: upload.size ?? null,
      metadata: upload.metadata ?? {},
      createdAt: upload.creation_date ? new Date(upload.creation_date) : new Date(),
    });
    return upload;
  }

  async getUpload(id: string): Promise<Upload> {
    const [row] = await this.db
      .select()
      .from(uploads)
      .where(eq(uploads.id, checkedId(id)));
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    return new Upload({
      id,
      size: row.size ?? undefined,
      offset: row.received,
      metadata: row.metadata,
      creation_date: row.createdAt.toISOString(),
    });
  }

  async write(readable: Readable, id: string, offset: number): Promise<number> {
    checkedId(id);
    await fsp.mkdir(this.scratch, { recursive: true });
    const tag = randomBytes(4).toString("hex");
    const scratchFile = path.join(this.scratch, `${id}-${offset}-${tag}`);
    let received = 0;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        done(null, chunk);
      },
    });
    let failure: unknown;
    try {
      await pipeline(readable, count, fs.createWriteStream(scratchFile));
    } catch (error) {
      failure = error;
    }
    try {
      if (received > 0) await this.appendPart(id, offset, received, scratchFile, tag);
    } finally {
      await fsp.rm(scratchFile, { force: true });
    }
    if (failure) throw ERRORS.FILE_WRITE_ERROR;
    return offset + received;
  }

  private async appendPart(id: string, offset: number, length: number, file: string, tag: string) {
    const key = `uploads/${id}/${String(offset).padStart(12, "0")}-${tag}`;
    await this.storage.putFile(key, file, "application/octet-stream");
    const moved = await this.db
      .update(uploads)
      .set({ received: sql`${uploads.received} + ${length}`, parts: sql`${uploads.parts} || jsonb_build_array(${key}::text)` })
      .where(and(eq(uploads.id, id), eq(uploads.received, offset), isNull(uploads.outcome)))
      .returning({ id: uploads.id });
    if (moved.length === 0) {
      // Another request moved the upload on first (or it was removed): these bytes are not part of it.
      await this.storage.delete(key).catch(() => {});
      throw ERRORS.INVALID_OFFSET;
    }
  }

  /**
   * What processes that died mid-PATCH left in their scratch folders becomes
   * part of its upload when it starts where the upload ends (the database
   * check makes a stale or foreign file harmless), then the folders go.
   * Files of the data-folder store of earlier versions go too.
   */
  async adoptLeftovers(): Promise<number> {
    let adopted = 0;
    const entries = await fsp.readdir(this.scratchRoot, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const folder = path.join(this.scratchRoot, entry.name);
      if (folder === this.scratch || (entry.isDirectory() && isLiveProcess(entry.name))) continue;
      if (entry.isDirectory()) {
        for (const name of await fsp.readdir(folder).catch(() => [] as string[])) {
          const match = SCRATCH_FILE.exec(name);
          const file = path.join(folder, name);
          const size = match ? ((await fsp.stat(file).catch(() => undefined))?.size ?? 0) : 0;
          if (match && size > 0) {
            adopted += await this.appendPart(match[1], Number(match[2]), size, file, match[3]).then(
              () => 1,
              () => 0,
            );
          }
        }
      }
      await fsp.rm(folder, { recursive: true, force: true });
    }
    return adopted;
  }

  async declareUploadLength(id: string, size: number): Promise<void> {
    const done = await this.db
      .update(uploads)
      .set({ size })
      .where(eq(uploads.id, checkedId(id)))
      .returning({ id: uploads.id });
    if (done.length === 0) throw ERRORS.FILE_NOT_FOUND;
  }

  async remove(id: string): Promise<void> {
    const [row] = await this.db
      .delete(uploads)
      .where(eq(uploads.id, checkedId(id)))
      .returning({ parts: uploads.parts });
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    await this.deleteParts(row.parts);
  }

  /** The whole file of a complete upload. */
  async readWhole(id: string): Promise<Buffer> {
    const [row] = await this.db
      .select({ parts: uploads.parts })
      .from(uploads)
      .where(eq(uploads.id, checkedId(id)));
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    const chunks: Buffer[] = [];
    for (const key of row.parts) chunks.push(await this.storage.get(key));
    return Buffer.concat(chunks);
  }

  /** Frees the bytes of an upload whose photo is stored; its row (and outcome) stays until it expires. */
  async releaseParts(id: string): Promise<void> {
    const [row] = await this.db
      .select({ parts: uploads.parts })
      .from(uploads)
      .where(eq(uploads.id, checkedId(id)));
    if (!row) return;
    await this.db.update(uploads).set({ parts: [] }).where(eq(uploads.id, id));
    await this.deleteParts(row.parts);
  }

  private async deleteParts(keys: string[]) {
    for (const key of keys) await this.storage.delete(key).catch(() => {});
  }

  getExpiration(): number {
    return this.expireMs;
  }

  /** Uploads older than the expiry go, halves with their bytes and finished ones with their outcome. */
  async deleteExpired(now = Date.now()): Promise<number> {
    const old = await this.db
      .delete(uploads)
      .where(lt(uploads.createdAt, new Date(now - this.expireMs)))
      .returning({ parts: uploads.parts });
    for (const row of old) await this.deleteParts(row.parts);
    return old.length;
  }
}

/** Whether a scratch folder (`<pid>-<tag>`) belongs to a process still running here. */
function isLiveProcess(folderName: string): boolean {
  const pid = Number(folderName.split("-")[0]);
  return Number.isSafeInteger(pid) && pid > 0 && pid !== process.pid && isRunning(pid);
}
