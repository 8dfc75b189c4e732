import type { NearNumber } from "../../domain/api-contract.ts";
import type { Db } from "../db/index.ts";
import { oneEditAway, registeredAmong } from "../recognition/index.ts";
import { shownPhotoCounts } from "./races.ts";

/** Registered numbers a runner's typed one may have meant: a race page offers no more. */
export const NEAR_NUMBERS = 3;

/**
 * For a runner's search that found no photo: whether the race's start list has
 * the number (null: photos were found, or the race has no list), and, when it
 * does not, the registered numbers one keystroke away (a digit changed,
 * dropped or added) that photos show, most photos first: a runner's typo, told
 * and mended with a tap rather than left as "no photos". Two small indexed
 * reads, and only on a search with nothing to show.
 */
export async function searchedNumber(db: Db, raceId: number, bib: number, found: number): Promise<{ registered: boolean | null; near: NearNumber[] }> {
  if (found > 0) return { registered: null, near: [] };
  const neighbours = oneEditAway(bib);
  const listed = await registeredAmong(db, raceId, [bib, ...neighbours]);
  if (listed.size === 0) return { registered: null, near: [] };
  if (listed.has(bib)) return { registered: true, near: [] };
  const counts = await shownPhotoCounts(
    db,
    raceId,
    neighbours.filter((b) => listed.has(b)),
  );
  const near = [...counts]
    .map(([n, fotos]) => ({ n, fotos }))
    .sort((a, b) => b.fotos - a.fotos || a.n - b.n)
    .slice(0, NEAR_NUMBERS);
  return { registered: false, near };
}
