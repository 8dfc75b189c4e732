import type http from "node:http";
import path from "node:path";
import { isDbInt } from "../../domain/ids.ts";
import { Server, type Upload } from "@tus/server";
import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { ingestPhoto, type IngestOutcome } from "../catalog/index.ts";
import { type Db, races, uploads } from "../db/index.ts";
import type { Logger } from "../logger.ts";
import type { Storage } from "../storage/index.ts";
import { type Operator, audit, canUseRace } from "../staff/index.ts";
import { SharedUploadStore } from "./upload-store.ts";

export const UPLOAD_PATH = "/admin/uploads";
/** A camera JPEG is 5–40 MB; anything far larger is not a photo we sell. */
export const MAX_UPLOAD_BYTES = 200 * 1024 * 1024;
export const UPLOAD_EXPIRE_MS = 2 * 86_400_000;
/** An ingest claimed longer ago than this died with its instance; another may take it over. */
const INGEST_CLAIM_MS = 10 * 60_000;
const OUTCOME_POLL_MS = 250;
const JPEG_NAME = /\.jpe?g$/i;

export type UploadOutcome = IngestOutcome | { kind: "refused"; reason: string };

/** Header of the final PATCH answer: what became of the photo (tus allows no body there). */
export const OUTCOME_HEADER = "X-Dorsal-Outcome";

type Deps = {
  db: Db;
  storage: Storage;
  logger: Logger;
  /** Where PATCH bodies land before they are stored (a folder per process inside). */
  scratch: string;
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

/** What became of a finished upload, kept with the upload until it expires. */
type Finished = { raceId: number; size: number; outcome: UploadOutcome };

/**
 * Resumable photo uploads (tus protocol). Each PATCH streams to a scratch file
 * and then into storage (upload-store.ts), never whole in memory; a dropped
 * connection resumes at the last byte the shop has, on any instance and after
 * a restart. Each finished file goes through ingestPhoto (duplicate check,
 * EXIF time, broken-file report, derivatives job) exactly once, claimed in the
 * database, and its bytes are then freed; its outcome is kept so that a client
 * that lost the final answer and asks again (tus asks with HEAD) still learns
 * it, from whichever instance it asks. A file whose bytes all arrived but
 * whose ingest a crash cut short is ingested when a server next starts
 * (`recover`), or when its client comes back, whichever is first.
 */
export function createPhotoUploads({ db, storage, logger, scratch, authenticate }: Deps) {
  const datastore = new SharedUploadStore(db, storage, scratch, UPLOAD_EXPIRE_MS);
  const serially = serialQueue();
  const inFlight = new Map<string, Promise<Finished>>();

  async function operatorOf(req: Request): Promise<Operator> {
    const op = await authenticate(req.headers.get("cookie"));
    if (!op) throw refuse(401, "login required");
    if (req.headers.get("x-csrf-token") !== op.csrfToken) throw refuse(403, "bad csrf token");
    return op;
  }

  async function raceFor(op: Pick<Operator, "id" | "role">, metadata: Upload["metadata"]) {
    const raceId = /^\d{1,10}$/.test(String(metadata?.raceId ?? "")) ? Number(metadata?.raceId) : NaN;
    if (!isDbInt(raceId)) throw refuse(400, "raceId metadata missing");
    if (!(await canUseRace(db, op as Operator, raceId))) throw refuse(403, "not your race");
    const [race] = await db.select().from(races).where(eq(races.id, raceId));
    if (!race) throw refuse(404, "no such race");
    return race;
  }

  const fileName = (metadata: Upload["metadata"]) => path.basename(String(metadata?.filename ?? metadata?.name ?? ""));

  async function readFinished(id: string): Promise<Finished | undefined> {
    const [row] = await db.select({ outcome: uploads.outcome }).from(uploads).where(eq(uploads.id, id));
    return (row?.outcome as Finished | null) ?? undefined;
  }

  /** No instance holds the ingest, or its claim is older than any ingest takes. */
  const unclaimed = () => or(isNull(uploads.ingestClaimedAt), lt(uploads.ingestClaimedAt, sql`now() - make_interval(secs => ${INGEST_CLAIM_MS / 1000})`));

  /** Takes the ingest of a whole upload for this instance, unless another holds a live claim or it is done. */
  async function claimIngest(id: string): Promise<boolean> {
    const claimed = await db
      .update(uploads)
      .set({ ingestClaimedAt: sql`now()` })
      .where(and(eq(uploads.id, id), isNull(uploads.outcome), unclaimed()))
      .returning({ id: uploads.id });
    return claimed.length > 0;
  }

  /** The outcome another instance is writing: waited for as long as its claim lives. */
  async function awaitOutcome(id: string): Promise<Finished> {
    const deadline = Date.now() + INGEST_CLAIM_MS;
    while (Date.now() < deadline) {
      const finished = await readFinished(id);
      if (finished) return finished;
      await new Promise((resolve) => setTimeout(resolve, OUTCOME_POLL_MS));
    }
    throw new Error(`upload ${id}: no outcome while another instance held its ingest`);
  }

  /** Ingests a complete upload once (across instances), records its outcome, and frees its bytes. */
  function finish(upload: Upload, operatorId: number, race: typeof races.$inferSelect): Promise<Finished> {
    const running = inFlight.get(upload.id);
    if (running) return running;
    const work = (async (): Promise<Finished> => {
      if (!(await claimIngest(upload.id))) return (await readFinished(upload.id)) ?? awaitOutcome(upload.id);
      const name = fileName(upload.metadata);
      let outcome: UploadOutcome;
      try {
        const data = await datastore.readWhole(upload.id);
        outcome = await serially(race.id, () => ingestPhoto(db, storage, { race, fileName: name, data, photographerId: operatorId }));
      } catch (error) {
        logger.error({ err: error, raceId: race.id, file: name }, "ingesting an uploaded photo failed");
        outcome = { kind: "refused", reason: "could not be stored" };
      }
      const finished: Finished = { raceId: race.id, size: upload.size ?? upload.offset, outcome };
      await db.update(uploads).set({ outcome: finished, finishedAt: sql`now()` }).where(eq(uploads.id, upload.id));
      await datastore.releaseParts(upload.id).catch((error: unknown) => logger.warn({ err: error, upload: upload.id }, "freeing an upload's parts failed"));
      await audit(db, { id: operatorId }, "photo.upload", { raceId: race.id, file: name, outcome: outcome.kind });
      return finished;
    })();
    inFlight.set(upload.id, work);
    void work.finally(() => inFlight.delete(upload.id)).catch(() => {});
    return work;
  }

  const outcomeHeaders = (finished: Finished) => ({ [OUTCOME_HEADER]: encodeURIComponent(JSON.stringify(finished.outcome)) });

  const server = new Server({
    path: UPLOAD_PATH,
    datastore,
    relativeLocation: true,
    maxSize: MAX_UPLOAD_BYTES,
    exposedHeaders: [OUTCOME_HEADER],
    async onIncomingRequest(req) {
      await operatorOf(req);
    },
    // Our refusals keep their words; anything else (a database error, a full disk) is logged, never shown.
    onResponseError(_req, error) {
      if (!(error instanceof Error)) return undefined;
      logger.error({ err: error }, "upload request failed");
      return { status_code: 500, body: "upload failed, try again\n" };
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
      return { headers: outcomeHeaders(await finish(upload, op.id, race)) };
    },
  });

  /**
   * A HEAD for an upload that is already whole: the client lost the final PATCH
   * answer (dropped connection, restart). Answer as tus would for a complete
   * upload, with the outcome; ingest first if a crash left it waiting.
   */
  async function answerWhole(req: http.IncomingMessage, res: http.ServerResponse, id: string): Promise<boolean> {
    const op = await authenticate(req.headers.cookie);
    if (!op || req.headers["x-csrf-token"] !== op.csrfToken) return false;
    let finished = await readFinished(id);
    if (!finished) {
      const upload = await datastore.getUpload(id).catch(() => undefined);
      if (!upload || upload.size === undefined || upload.offset !== upload.size) return false;
      const race = await raceFor(op, upload.metadata).catch(() => undefined);
      if (!race) return false;
      finished = await finish(upload, op.id, race);
    }
    if (!(await canUseRace(db, op, finished.raceId))) return false;
    res.writeHead(200, {
      "Tus-Resumable": "1.0.0",
      "Cache-Control": "no-store",
      "Upload-Offset": String(finished.size),
      "Upload-Length": String(finished.size),
      "Access-Control-Expose-Headers": OUTCOME_HEADER,
      ...outcomeHeaders(finished),
    });
    res.end();
    return true;
  }

  /** On start: keep what a killed process received, ingest whole uploads a crash left behind (unless a live instance is on it), and forget expired ones. */
  async function recover(): Promise<void> {
    adopting = datastore.adoptLeftovers().then((adopted) => {
      if (adopted > 0) logger.info({ adopted }, "kept the bytes of uploads cut short by a stop");
    });
    await adopting;
    const waiting = await db
      .select({ id: uploads.id })
      .from(uploads)
      .where(and(isNull(uploads.outcome), isNotNull(uploads.size), eq(uploads.received, uploads.size)));
    for (const { id } of waiting) {
      const upload = await datastore.getUpload(id).catch(() => undefined);
      if (!upload) continue;
      const operatorId = Number(upload.metadata?.operatorId);
      const race = await raceFor({ id: operatorId, role: "admin" }, upload.metadata).catch(() => undefined);
      if (race && Number.isSafeInteger(operatorId) && (await claimable(id))) await finish(upload, operatorId, race);
    }
    await datastore.deleteExpired();
  }

  /** Whether no live claim holds this upload's ingest (so a start-up sweep does not wait on another instance). */
  async function claimable(id: string): Promise<boolean> {
    const [row] = await db
      .select({ id: uploads.id })
      .from(uploads)
      .where(and(eq(uploads.id, id), unclaimed()));
    return Boolean(row);
  }

  let recovering: Promise<void> | undefined;
  /** Requests wait for a stopped process's bytes to be adopted, or a resumed upload would start before them. */
  let adopting: Promise<void> | undefined;

  return {
    async handle(req: http.IncomingMessage, res: http.ServerResponse) {
      await adopting?.catch(() => {});
      const id = req.url ? decodeURIComponent(new URL(req.url, "http://x").pathname.slice(UPLOAD_PATH.length + 1)) : "";
      if (req.method === "HEAD" && id && !id.includes("/")) {
        try {
          if (await answerWhole(req, res, id)) return;
        } catch (error) {
          logger.warn({ err: error, upload: id }, "answering a finished upload failed");
        }
      }
      await server.handle(req, res);
    },
    /**
     * The start-up sweep, run once by the serving process only: a CLI run beside
     * it must never ingest an upload the server is finishing.
     */
    recover: () => (recovering ??= recover().catch((error: unknown) => logger.warn({ err: error }, "recovering uploads failed"))),

    /** Forgets uploads past their expiry, halves and their bytes included (housekeeping); how many went. */
    expire: () => datastore.deleteExpired(),
  };
}
