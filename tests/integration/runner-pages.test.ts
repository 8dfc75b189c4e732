import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, photoBibs, photos, races, startList, timingPassings } from "../../app/.server/db/index.ts";
import { racesWithBibs } from "../../app/.server/catalog/index.ts";
import { openTestDatabase } from "./helpers.ts";

// The searches the page warmer renders ahead (http/page-warmer.ts): every bib
// with a visible photo, then the runners the start list or timing file expect,
// race by race, the most recent first; read in slices so a big race does not
// hold the serving thread, whatever the slice, the same answer.

describe("the bibs runners are about to search", () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it("lists each race's bibs with visible photos and the expected runners without, most recent race first", async () => {
    const { db } = database;
    const race = async (slug: string, eventDate: string | null, status: "draft" | "published" | "archived" = "published") => {
      const [row] = await db
        .insert(races)
        .values({ slug, name: { es: slug }, status, eventDate, priceArs: 100000, priceUsd: 100 })
        .returning();
      return row.id;
    };
    let frame = 0;
    /** A photo of `bibs`, shown unless hidden or its images are not made yet. */
    const photo = async (raceId: number, bibs: number[], { hidden = false, made = true } = {}) => {
      frame++;
      const [row] = await db
        .insert(photos)
        .values({
          publicId: `p${frame}`,
          raceId,
          frame: `F${frame}`,
          originalKey: `o/${frame}.jpg`,
          sha256: `s${frame}`,
          width: 6000,
          height: 4000,
          hidden,
          thumbKey: made ? `public/${frame}-480.webp` : null,
          mediumKey: made ? `public/${frame}-1600.webp` : null,
        })
        .returning();
      if (bibs.length) await db.insert(photoBibs).values(bibs.map((bib) => ({ photoId: row.id, raceId, bib })));
    };

    const older = await race("older", "2025-03-01", "archived");
    await photo(older, [7]);
    const recent = await race("recent", "2025-04-01");
    for (const bibs of [[12, 3], [3], [45, 12], [101], [9]]) await photo(recent, bibs);
    await photo(recent, [500], { hidden: true });
    await photo(recent, [600], { made: false });
    await photo(recent, []);
    await db.insert(startList).values([3, 8, 500, 77].map((bib) => ({ raceId: recent, bib, name: `Runner ${bib}` })));
    const at = (minute: number) => new Date(Date.UTC(2025, 3, 1, 12, minute));
    await db.insert(timingPassings).values([
      { raceId: recent, bib: 8, passedAt: at(1) },
      { raceId: recent, bib: 8, passedAt: at(30) },
      { raceId: recent, bib: 600, passedAt: at(2) },
      { raceId: recent, bib: 9, passedAt: at(3) },
    ]);
    // Dated later, but without photos yet: nothing to search.
    await race("upcoming", "2025-05-01");
    const draft = await race("draft", "2025-06-01", "draft");
    await photo(draft, [1]);

    const expected = [
      { slug: "recent", bibs: [3, 9, 12, 45, 101], expected: [8, 77, 500, 600] },
      { slug: "older", bibs: [7], expected: [] },
    ];
    expect(await racesWithBibs(db)).toEqual(expected);
    // Slices smaller than a race's list, and one that ends exactly on a slice's edge.
    for (const slice of [1, 2, 5]) expect(await racesWithBibs(db, 8, slice)).toEqual(expected);
    expect(await racesWithBibs(db, 1, 2)).toEqual(expected.slice(0, 1));
  });
});
