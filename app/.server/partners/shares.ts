import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import { shareProblem, type SharePercents, type ShareRecord } from "../../domain/revenue-split.ts";
import { inTransaction, lockTable, type Db, adminUsers, raceShares } from "../db/index.ts";
import { invalid } from "../errors.ts";

export type ShareRow = typeof raceShares.$inferSelect;

export function shareRecord(row: ShareRow): ShareRecord {
  return {
    id: row.id,
    raceId: row.raceId,
    organizerId: row.organizerId,
    percents: { photographer: row.photographerPct, organizer: row.organizerPct, shop: row.shopPct },
    createdAt: row.createdAt,
  };
}

export type ShareSetting = {
  id: number;
  organizerId: number | null;
  organizerName: string | null;
  percents: SharePercents;
  setBy: string | null;
  at: Date;
};

/**
 * A race's share settings, newest first (the first is in force now), or the
 * shop-wide default's when `raceId` is null. A race without its own shows none.
 */
export async function shareSettings(db: Db, raceId: number | null): Promise<ShareSetting[]> {
  const organizer = adminUsers;
  const rows = await db
    .select({ share: raceShares, organizerName: organizer.name, organizerEmail: organizer.email })
    .from(raceShares)
    .leftJoin(organizer, eq(organizer.id, raceShares.organizerId))
    .where(raceId === null ? isNull(raceShares.raceId) : eq(raceShares.raceId, raceId))
    .orderBy(desc(raceShares.createdAt), desc(raceShares.id));
  const setters = new Map(
    (
      await db
        .select({ id: adminUsers.id, email: adminUsers.email })
        .from(adminUsers)
        .where(inArray(adminUsers.id, [0, ...rows.map((r) => r.share.setBy ?? 0)]))
    ).map((u) => [u.id, u.email]),
  );
  return rows.map(({ share, organizerName, organizerEmail }) => ({
    id: share.id,
    organizerId: share.organizerId,
    organizerName: share.organizerId === null ? null : organizerName || organizerEmail,
    percents: shareRecord(share).percents,
    setBy: share.setBy === null ? null : (setters.get(share.setBy) ?? null),
    at: share.createdAt,
  }));
}

export type ShareInput = { raceId: number | null; organizerId: number | null; percents: SharePercents; setBy: number };

/** Records new shares for a race (or the shop): they apply to sales paid from now on. */
export async function saveShares(db: Db, input: ShareInput): Promise<number> {
  const problem = shareProblem(input.percents, input.organizerId);
  if (problem) throw invalid(`shares${problem[0].toUpperCase()}${problem.slice(1)}`);
  if (input.organizerId !== null) {
    const [partner] = await db
      .select({ id: adminUsers.id })
      .from(adminUsers)
      .where(and(eq(adminUsers.id, input.organizerId), eq(adminUsers.role, "organizer")));
    if (!partner) throw invalid("sharesNotOrganizer");
  }
  return inTransaction(db, async (tx) => {
    // The same shares again (a form sent twice, even at once: the saves take turns) add nothing to the history.
    await lockTable(tx, raceShares);
    const [latest] = await tx
      .select()
      .from(raceShares)
      .where(input.raceId === null ? isNull(raceShares.raceId) : eq(raceShares.raceId, input.raceId))
      .orderBy(desc(raceShares.createdAt), desc(raceShares.id))
      .limit(1);
    if (
      latest &&
      latest.organizerId === input.organizerId &&
      latest.photographerPct === input.percents.photographer &&
      latest.organizerPct === input.percents.organizer &&
      latest.shopPct === input.percents.shop
    )
      return latest.id;
    const [row] = await tx
      .insert(raceShares)
      .values({
        raceId: input.raceId,
        organizerId: input.organizerId,
        photographerPct: input.percents.photographer,
        organizerPct: input.percents.organizer,
        shopPct: input.percents.shop,
        setBy: input.setBy,
      })
      .returning({ id: raceShares.id });
    return row.id;
  });
}

/** The organiser accounts an admin can name for a race. */
export async function organizerOptions(db: Db): Promise<{ id: number; name: string }[]> {
  const rows = await db
    .select({ id: adminUsers.id, name: adminUsers.name, email: adminUsers.email })
    .from(adminUsers)
    .where(and(eq(adminUsers.role, "organizer"), isNull(adminUsers.disabledAt)))
    .orderBy(asc(adminUsers.name), asc(adminUsers.email));
  return rows.map((r) => ({ id: r.id, name: r.name || r.email }));
}
