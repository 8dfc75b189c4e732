import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../db/index.ts";

export type PhotoCounts = { photos: number; tagged: number; untagged: number; hidden: number; processing: number };

export const NO_PHOTOS: PhotoCounts = { photos: 0, tagged: 0, untagged: 0, hidden: 0, processing: 0 };

const photoCounts = (raceIds: number[]) => sql`
  select p.race_id,
    count(*)::int as photos,
    count(*) filter (where exists (select 1 from photo_bibs b where b.photo_id = p.id))::int as tagged,
    count(*) filter (where not exists (select 1 from photo_bibs b where b.photo_id = p.id))::int as untagged,
    count(*) filter (where p.hidden)::int as hidden,
    count(*) filter (where p.thumb_key is null)::int as processing
  from photos p
  where p.race_id in (${sql.join(
    raceIds.map((id) => sql`${id}`),
    sql`, `,
  )})
  group by p.race_id`;

export async function countsByRace(db: Db, raceIds: number[]): Promise<Map<number, PhotoCounts>> {
  const map = new Map<number, PhotoCounts>();
  if (!raceIds.length) return map;
  for (const row of rowsOf<PhotoCounts & { race_id: number }>(await db.execute(photoCounts(raceIds)))) {
    map.set(Number(row.race_id), {
      photos: Number(row.photos),
      tagged: Number(row.tagged),
      untagged: Number(row.untagged),
      hidden: Number(row.hidden),
      processing: Number(row.processing),
    });
  }
  return map;
}
