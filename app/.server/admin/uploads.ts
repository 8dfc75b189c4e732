import fs from "node:fs/promises";
import type http from "node:http";
import path from "node:path";
import { FileStore } from "@tus/file-store";
import { Server, type Upload } from "@tus/server";
import { eq } from "drizzle-orm";
import { ingestPhoto, type IngestOutcome } from "../catalog/index.ts";
import type { Db } from "../db/client.ts";
import { races } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import type { Storage } from "../storage/index.ts";
import { audit } from "./audit.ts";
import { canUseRace, type Operator } from "./operator.ts";

export const UPLOAD_PATH = "/admin/uploads";
/** A camera JPEG is 5–40 MB; anything far larger is not a photo we sell. */
export const MAX_UPLOAD_BYTES = 200 * 1024 * 1024;
const EXPIRE_MS = 2 * 86_400_000;
const JPEG_NAME = /\.jpe?g$/i;

export type UploadOutcome = IngestOutcome | { kind: "refused"; reason: string };

/** Header of the final PATCH answer: what became of the photo (tus allows no body there). */
export const OUTCOME_HEADER = "X-Dorsal-Outcome";

type Deps = {
  db: Db;
  storage: Storage;
  logger: Logger;
  directory: string;
  authenticate: (cookieHeader: string | null | undefined) => Promise<Operator | undefined>;
};

const refuse = (status_code: number, body: string) => ({ status_code, body });

/**
 * One ingest at a time per race: the same picture arriving twice at once (a
 * copy under another name) must meet the first as a duplicate, not race it.
 */
function serialQueue() {
  const tails = new Map<number, Promise<unknown>>();
  return <T>(key: number, run: () => Promise<T>): Promise<T> => {
    const next = (tails.get(key) ?? Promise.resolve()).catch(() => {}).then(run);
    tails.set(key, next);
    void next.finally(() => tails.get(key) === next && tails.delete(key)).catch(() => {});
    return next;
  };
}

/**
 * Resumable photo uploads (tus protocol). Files stream to DATA_DIR/tmp/uploads
 * in chunks, never whole in memory; a dropped connection resumes at the last
 * byte the server has. Each finished file goes through ingestPhoto (duplicate
 * check, EXIF time, broken-file report, derivatives job) and is then removed.
 */
export function createPhotoUploads({ db, storage, logger, directory, authenticate }: Deps) {
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: EXPIRE_MS });
  const serially = serialQueue();

  async function operatorOf(req: Request): Promise<Operator> {
    const op = await authenticate(req.headers.get("cookie"));
    if (!op) throw refuse(401, "login required");
    if (req.headers.get("x-csrf-token") !== op.csrfToken) throw refuse(403, "bad csrf token");
    return op;
  }

  async function raceFor(op: Operator, metadata: Upload["metadata"]) {
    const raceId = Number(metadata?.raceId);
    if (!Number.isSafeInteger(raceId) || raceId <= 0) throw refuse(400, "raceId metadata missing");
    if (!(await canUseRace(db, op, raceId))) throw refuse(403, "not your race");
    const [race] = await db.select().from(races).where(eq(races.id, raceId));
    if (!race) throw refuse(404, "no such race");
    return race;
  }

  const fileName = (metadata: Upload["metadata"]) => path.basename(String(metadata?.filename ?? metadata?.name ?? ""));

  const server = new Server({
    path: UPLOAD_PATH,
    datastore,
    relativeLocation: true,
    maxSize: MAX_UPLOAD_BYTES,
    exposedHeaders: [OUTCOME_HEADER],
    async onIncomingRequest(req) {
      await operatorOf(req);
    },
    async onUploadCreate(req, upload) {
      const op = await operatorOf(req);
      await raceFor(op, upload.metadata);
      if (!JPEG_NAME.test(fileName(upload.metadata))) throw refuse(415, "only .jpg files");
      return { metadata: { ...upload.metadata, operatorId: String(op.id) } };
    },
    async onUploadFinish(req, upload) {
      const op = await operatorOf(req);
      const race = await raceFor(op, upload.metadata);
      const name = fileName(upload.metadata);
      const file = path.join(directory, upload.id);
      let outcome: UploadOutcome;
      try {
        const data = await fs.readFile(file);
        outcome = await serially(race.id, () => ingestPhoto(db, storage, { race, fileName: name, data }));
      } catch (error) {
        logger.error({ err: error, raceId: race.id, file: name }, "ingesting an uploaded photo failed");
        outcome = { kind: "refused", reason: "could not be stored" };
      } finally {
        await datastore.remove(upload.id).catch(() => {});
      }
      await audit(db, op, "photo.upload", { raceId: race.id, file: name, outcome: outcome.kind });
      return { headers: { [OUTCOME_HEADER]: encodeURIComponent(JSON.stringify(outcome)) } };
    },
  });

  // Half-finished uploads nobody resumed are cleared on start.
  datastore.deleteExpired().catch((error: unknown) => logger.warn({ err: error }, "clearing expired uploads failed"));

  return {
    handle: (req: http.IncomingMessage, res: http.ServerResponse) => server.handle(req, res),
  };
}
