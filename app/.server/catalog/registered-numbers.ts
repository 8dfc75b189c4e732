import { eq } from "drizzle-orm";
import type { NearNumber } from "../../domain/api-contract.ts";
import { type Db, startList } from "../db/index.ts";
import { oneEditAway } from "../recognition/index.ts";
import { shownPhotoCounts } from "./races.ts";
import { noMemo, type VersionedMemo } from "./versioned-memo.ts";

/** Registered numbers a runner's typed one may have meant: a race page offers no more. */
export const NEAR_NUMBERS = 3;

/**
 * The numbers on a race's start list, or null when it has none. Kept while the
 * catalog does not change (a start list loaded or cleared bumps it, migration
 * 0022), so a runner's search reads no list.
 */
function registeredNumbers(db: Db, raceId: number, memo: VersionedMemo): Promise<Set<number> | null> {
  return memo(`registered:${raceId}`, async () => {
    const rows = await db.select({ bib: startList.bib }).from(startList).where(eq(startList.raceId, raceId));
    return rows.length ? new Set(rows.map((r) => r.bib)) : null;
  });
}

/**
 * Whether the race's start list has the number a runner searched (null: the
 * race has no list), and, when it does not and no photo shows it, the
 * registered numbers one keystroke away (a digit changed, dropped or added)
 * that photos show, most photos first: a runner's typo, told and mended with a
 * tap rather than left as "no photos".
 */
export async function searchedNumber(
  db: Db,
  raceId: number,
  bib: number,
  found: number,
  memo: VersionedMemo = noMemo,
): Promise<{ registered: boolean | null; near: NearNumber[] }> {
  const listed = await registeredNumbers(db, raceId, memo);
  if (!listed) return { registered: null, near: [] };
  if (listed.has(bib) || found > 0) return { registered: listed.has(bib), near: [] };
  const counts = await shownPhotoCounts(
    db,
    raceId,
    oneEditAway(bib).filter((b) => listed.has(b)),
  );
  const near = [...counts]
    .map(([n, fotos]) => ({ n, fotos }))
    .sort((a, b) => b.fotos - a.fotos || a.n - b.n)
    .slice(0, NEAR_NUMBERS);
  return { registered: false, near };
}
