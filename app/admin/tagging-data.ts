// What the tagging screen (routes/admin/race-tagging.tsx) loads: a window of
// photos for the desk and the grid, or the review queue and the start list.
// Apart from the route so its components can name the data's type
// (components/admin/tagging-types.ts) without importing the route that
// renders them.
import { z } from "zod";
import type { Operator } from "../.server/staff/index.ts";
import { dbId } from "../domain/fields.ts";
import type { Services } from "../.server/services.ts";

const GRID_WINDOW = 120;
const cursor = dbId.optional().catch(undefined);
const viewQuery = z.object({
  mode: z.enum(["single", "grid", "review"]).catch("single"),
  filter: z.enum(["all", "untagged", "review"]).catch("all"),
  after: cursor,
  before: cursor,
  from: cursor,
  /** The start list's view on the review tab: everyone, or the registered runners with no photo. */
  who: z.enum(["all", "missing"]).catch("all"),
});

export async function taggingData(admin: Services["admin"], op: Operator, raceId: number, url: URL) {
  const view = viewQuery.parse(Object.fromEntries(url.searchParams));
  const race = await admin.races.header(op, raceId);
  // The review queue lists readings, not photos: it needs no window of photos.
  const window: Awaited<ReturnType<typeof admin.photos.window>> =
    view.mode === "review"
      ? { photos: [], hasNext: false, hasPrevious: false, photographers: [] }
      : await admin.photos.window(op, raceId, { ...view, limit: view.mode === "grid" ? GRID_WINDOW : undefined });
  const review = view.mode === "review" ? await admin.bibs.review(op, raceId) : null;
  const startList = view.mode === "review" ? await admin.bibs.startList(op, raceId, { withoutPhotos: view.who === "missing" }) : null;
  const number = (key: string) => Number(url.searchParams.get(key) ?? 0) || 0;
  return { race, view, ...window, review, startList, notice: url.searchParams.get("notice"), count: number("count"), hiddenCount: number("hidden") };
}
