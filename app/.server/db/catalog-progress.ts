import { sql } from "drizzle-orm";
import type { Db } from "./client.ts";

/**
 * Marks what the current transaction changes in the catalog as an import's
 * own progress (a new photo's row, its watermarked images, recognition's
 * automatic tags): the catalog's `progress` counter moves instead of its
 * version, and cached pages may show it a few seconds late (http/page-cache.ts).
 * A person's change (a price, a publication, a tag typed in the back office)
 * is never marked and shows on the very next request.
 */
export async function markImportProgress(tx: Db): Promise<void> {
  await tx.execute(sql`select set_config('dorsal.catalog_change', 'progress', true)`);
}
