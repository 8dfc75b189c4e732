import { and, eq, ne } from "drizzle-orm";
import { NAME_MAX_MATCHES, nameMatches, nameWords, readNameQuery } from "../../domain/runner-names.ts";
import type { RunnersNamedView } from "../../domain/api-contract.ts";
import { type Db, startList } from "../db/index.ts";
import { invalid } from "../errors.ts";
import { noMemo, type VersionedMemo } from "./versioned-memo.ts";
import { memoizedRace, shownPhotoCounts } from "./races.ts";

/** The race's start-list entries with a name. */
const named = (raceId: number) => and(eq(startList.raceId, raceId), ne(startList.name, ""));

type Registered = { bib: number; name: string; distance: string; team: string; words: string[] };

/**
 * The race's start list as names are searched: only entries with a name, bib
 * order. Kept in memory while the catalog does not change (importing a start
 * list bumps its version, migration 0022), so a search reads no list.
 */
function registeredNames(db: Db, raceId: number, memo: VersionedMemo = noMemo): Promise<Registered[]> {
  return memo(`names:${raceId}`, async () => {
    const rows = await db
      .select({ bib: startList.bib, name: startList.name, distance: startList.distance, team: startList.team })
      .from(startList)
      .where(named(raceId))
      .orderBy(startList.bib);
    return rows.map((r) => ({ ...r, words: nameWords(r.name) }));
  });
}

/** Whether the race's start list names any of its runners: the race page then offers the look-up. */
export function namesListed(db: Db, raceId: number, memo: VersionedMemo = noMemo): Promise<boolean> {
  return memo(`listed:${raceId}`, async () => {
    const [row] = await db.select({ raceId: startList.raceId }).from(startList).where(named(raceId)).limit(1);
    return row !== undefined;
  });
}

/**
 * The registered runners of a visible race whose name has every word of `q`
 * (runner-names.ts), bib order, at most NAME_MAX_MATCHES, each with how many
 * visible photos carry their number; `more` when others matched too. When no
 * name has the words as typed, those one slip off (`near`). Less than a first
 * and a last name is refused (invalidName).
 */
export async function runnersNamed(db: Db, slug: string, q: string, memo: VersionedMemo = noMemo): Promise<RunnersNamedView> {
  const race = await memoizedRace(db, slug, memo);
  const typed = readNameQuery(q);
  if (!typed) throw invalid("invalidName");
  const registered = await registeredNames(db, race.id, memo);
  let matching = registered.filter((r) => nameMatches(typed, r.words));
  const near = matching.length === 0;
  if (near) matching = registered.filter((r) => nameMatches(typed, r.words, { typos: true }));
  const shown = matching.slice(0, NAME_MAX_MATCHES);
  const photosOf = await shownPhotoCounts(
    db,
    race.id,
    shown.map((r) => r.bib),
  );
  return {
    q,
    corredores: shown.map((r) => ({ n: r.bib, nombre: r.name, distancia: r.distance, equipo: r.team, fotos: photosOf.get(r.bib) ?? 0 })),
    more: matching.length > shown.length,
    near: near && shown.length > 0,
  };
}
