import fs from "node:fs/promises";
import path from "node:path";
import { importFolder, type ImportReport } from "../catalog/index.ts";
import type { Db } from "../db/client.ts";
import { DomainError, invalid } from "../errors.ts";
import type { Storage } from "../storage/index.ts";
import { audit } from "./audit.ts";
import { requireAdmin, type Operator } from "./operator.ts";

/**
 * Imports an import folder (ARCHITECTURE.md §4) that is already on the server,
 * e.g. a memory card copied there; the same folder twice changes nothing.
 * Admins only: it reads any path the server process can read.
 */
export async function importServerFolder(db: Db, storage: Storage, op: Operator, folder: string): Promise<ImportReport> {
  requireAdmin(op);
  const absolute = path.resolve(folder.trim());
  const stat = await fs.stat(absolute).catch(() => undefined);
  if (!folder.trim() || !stat?.isDirectory()) throw invalid("folderMissing");
  let report: ImportReport;
  try {
    report = await importFolder(db, storage, absolute);
  } catch (error) {
    // race.json problems come back as one readable line naming the field.
    throw new DomainError("Invalid", "importFailed", { reason: error instanceof Error ? error.message : String(error) });
  }
  await audit(db, op, "race.import", {
    folder: absolute,
    slug: report.slug,
    created: report.created,
    duplicates: report.duplicates.length,
    broken: report.broken.length,
  });
  return report;
}
