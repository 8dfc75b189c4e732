import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { FolderError, importFolder, type ImportReport } from "../catalog/index.ts";
import { type Db, jobs, races } from "../db/index.ts";
import { invalid } from "../errors.ts";
import { enqueue } from "../jobs/index.ts";
import type { Logger } from "../logger.ts";
import type { Storage } from "../storage/index.ts";
import { type Operator, audit, requireAdmin } from "../staff/index.ts";
import type { OnPublished } from "./publish.ts";

/**
 * Importing a folder from the back office runs as a durable job, not inside the
 * request: a memory card of thousands of photos takes longer than any proxy
 * waits, and a restart in the middle resumes it (an import is idempotent, so the
 * files already in are met as unchanged). The job's own row is the run's record:
 * its payload carries the progress and, at the end, the report or the error.
 */
export const IMPORT_JOB = "admin.import-folder";

const payloadSchema = z.object({
  runId: z.string(),
  folder: z.string(),
  operatorId: z.number().int(),
});

export type ImportRunReport = Pick<ImportReport, "slug" | "created" | "updated" | "unchanged" | "duplicates" | "broken">;

export type ImportRun = {
  runId: string;
  folder: string;
  /** queued → running → done (with report) or failed (with error). */
  state: "queued" | "running" | "done" | "failed";
  done: number;
  total: number;
  file: string;
  report: ImportRunReport | null;
  error: string | null;
  startedAt: Date;
};

/** Progress is written at most this often (each write also renews the job's lease). */
const PROGRESS_EVERY_MS = 1000;
const RUNS_SHOWN = 5;

/** Queues an import of a folder already on the server. Admins only: it reads any path the server process can read. */
export async function startImport(db: Db, op: Operator, folder: string): Promise<{ runId: string }> {
  requireAdmin(op);
  const absolute = path.resolve(folder.trim());
  const stat = await fs.stat(absolute).catch(() => undefined);
  if (!folder.trim() || !stat?.isDirectory()) throw invalid("folderMissing");
  const runId = randomUUID();
  await enqueue(
    db,
    IMPORT_JOB,
    { runId, folder: absolute, operatorId: op.id, progress: { done: 0, total: 0, file: "" } },
    { uniqueKey: `import:${runId}`, maxAttempts: 3 },
  );
  await audit(db, op, "race.import.start", { folder: absolute, runId });
  return { runId };
}

async function patchRun(db: Db, runId: string, patch: Record<string, unknown>): Promise<void> {
  await db.execute(sql`
    update jobs set payload = payload || ${JSON.stringify(patch)}::jsonb, locked_at = case when status = 'running' then now() else locked_at end
    where unique_key = ${`import:${runId}`}`);
}

/** The slug a folder's race.json names, to know whether the import publishes a race that was not public. */
async function slugOf(folder: string): Promise<string | undefined> {
  try {
    const file = JSON.parse(await fs.readFile(path.join(folder, "race.json"), "utf8")) as { slug?: unknown };
    return typeof file.slug === "string" ? file.slug : undefined;
  } catch {
    return undefined;
  }
}

async function statusOf(db: Db, slug: string | undefined) {
  if (!slug) return undefined;
  const [race] = await db.select({ id: races.id, status: races.status }).from(races).where(eq(races.slug, slug));
  return race;
}

/**
 * The worker's handler. A folder whose race.json is wrong fails at once with the
 * reason (retrying cannot fix it); a read error elsewhere is retried by the queue.
 * An import that turns a race public goes through the same publish step as the
 * editor, so its notify list is written to once and paid pre-orders become sales.
 */
export function importJob(db: Db, storage: Storage, logger: Logger, onPublished: OnPublished) {
  return async (raw: unknown): Promise<void> => {
    const { runId, folder, operatorId } = payloadSchema.parse(raw);
    const op = { id: operatorId };
    const before = await statusOf(db, await slugOf(folder));
    let last = 0;
    // Progress is written one update after another, and the last one before the run's end: on a
    // PostgreSQL pool a progress update left running could otherwise land after the final one.
    let progressSaved = Promise.resolve();
    let report: ImportReport;
    try {
      report = await importFolder(
        db,
        storage,
        folder,
        (done, total, file) => {
          const now = Date.now();
          if (now - last < PROGRESS_EVERY_MS && done < total) return;
          last = now;
          progressSaved = progressSaved
            .then(() => patchRun(db, runId, { progress: { done, total, file } }))
            .catch((error: unknown) => logger.warn({ err: error, runId }, "import progress not saved"));
        },
        operatorId,
      );
    } catch (error) {
      await progressSaved;
      const reason = error instanceof Error ? error.message : String(error);
      // Only a wrong race.json or photos.csv is final: the operator must fix the folder. Anything
      // else (the database, a disk, another import of the same folder) is retried by the queue.
      if (!(error instanceof FolderError)) throw error;
      await patchRun(db, runId, { error: reason });
      await audit(db, op, "race.import", { folder, runId, error: reason });
      return;
    }
    const summary: ImportRunReport = {
      slug: report.slug,
      created: report.created,
      updated: report.updated,
      unchanged: report.unchanged,
      duplicates: report.duplicates,
      broken: report.broken,
    };
    await progressSaved;
    await patchRun(db, runId, { progress: { done: report.total, total: report.total, file: "" }, report: summary });
    await audit(db, op, "race.import", {
      folder,
      runId,
      slug: report.slug,
      created: report.created,
      duplicates: report.duplicates.length,
      broken: report.broken.length,
    });
    const after = await statusOf(db, report.slug);
    if (after?.status === "published" && before?.status !== "published") await onPublished(after.id);
  };
}

const storedSchema = z.object({
  runId: z.string(),
  folder: z.string(),
  progress: z.object({ done: z.number(), total: z.number(), file: z.string() }).optional(),
  report: z.custom<ImportRunReport>((v) => typeof v === "object" && v !== null).optional(),
  error: z.string().optional(),
});

/** The latest imports, newest first, for the races screen to follow. */
export async function importRuns(db: Db, op: Operator): Promise<ImportRun[]> {
  requireAdmin(op);
  const rows = await db
    .select({ status: jobs.status, payload: jobs.payload, lastError: jobs.lastError, createdAt: jobs.createdAt })
    .from(jobs)
    .where(and(eq(jobs.type, IMPORT_JOB)))
    .orderBy(desc(jobs.id))
    .limit(RUNS_SHOWN);
  return rows.flatMap((row) => {
    const parsed = storedSchema.safeParse(row.payload);
    if (!parsed.success) return [];
    const p = parsed.data;
    // A queue failure's text can be a whole SQL statement: its first line is enough here (the log has the rest).
    const error = p.error ?? (row.status === "failed" ? (row.lastError ?? "").split("\n")[0].slice(0, 300) : null);
    const state: ImportRun["state"] =
      error !== null ? "failed" : p.report ? "done" : row.status === "running" ? "running" : row.status === "failed" ? "failed" : "queued";
    return [
      {
        runId: p.runId,
        folder: p.folder,
        state,
        done: p.progress?.done ?? 0,
        total: p.progress?.total ?? 0,
        file: p.progress?.file ?? "",
        report: p.report ?? null,
        error,
        startedAt: row.createdAt,
      },
    ];
  });
}
