import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Lang } from "../../i18n/langs.ts";
import { AROUND_AFTER_MINUTES, AROUND_BEFORE_MINUTES } from "../../domain/around-time.ts";
import { toUnits } from "../../domain/money.ts";
import { pageCount } from "../../domain/pagination.ts";
import { fullsetPrice } from "../../domain/pricing.ts";
import { bibSuggestions, type Db, fullsetOverrides, rowsOf, photoBibs, photoClaims, photos, photoTags, tags, timingPassings } from "../db/index.ts";
import { formatInZone, zonedToInstant } from "../images/index.ts";
// The module itself, not recognition's index: that would pull the recognizer into the catalog.
import { indexPassings } from "../recognition/index.ts";
import { noMemo, type VersionedMemo } from "./versioned-memo.ts";
import { namesListed } from "./runners-named.ts";
import { searchedNumber } from "./registered-numbers.ts";
import { findVisibleRace, memoizedRace, photoShown, raceTags, summarize, type MediaUrl, type RaceRow } from "./races.ts";
import type { PhotoView, RacePhotosView } from "../../domain/api-contract.ts";

export const PAGE_SIZE = 60;

export type { PhotoView, RacePhotosView } from "../../domain/api-contract.ts";

/**
 * `around`: "HH:MM" on the race's clock; the photos taken from a few minutes before to some after, in shooting order.
 * `maybe`, with `bib`: the photos that might be the runner's instead of those tagged with their number (mightBe).
 */
export type RacePhotosQuery = { slug: string; page: number; bib?: number; tag?: string; around?: string; maybe?: boolean; lang: Lang };

type PhotoRow = typeof photos.$inferSelect;

export function photoView(photo: PhotoRow, race: RaceRow, mediaUrl: MediaUrl): PhotoView {
  return {
    id: photo.publicId,
    id_photo: photo.frame,
    fechahora: photo.takenAt ? formatInZone(photo.takenAt, race.timezone) : "",
    src_thumb: mediaUrl(photo.thumbKey),
    src_media: mediaUrl(photo.mediumKey),
    width: photo.width,
    height: photo.height,
    free: photo.free ? "1" : "0",
    precio_arg: toUnits(photo.priceArs ?? race.priceArs),
    precio_usd: toUnits(photo.priceUsd ?? race.priceUsd),
    descuento_arg: toUnits(photo.saleArs ?? 0),
    descuento_usd: toUnits(photo.saleUsd ?? 0),
  };
}

/** Photos a visitor may see: not hidden and with their watermarked derivatives made (and, with `during`, taken then). */
export function visiblePhotosOf(raceId: number, bib?: number, tagSlug?: string, during?: [Date, Date]): SQL {
  const conditions: SQL[] = [eq(photos.raceId, raceId), photoShown()];
  if (during) conditions.push(sql`${photos.takenAt} >= ${during[0].toISOString()} and ${photos.takenAt} < ${during[1].toISOString()}`);
  if (bib !== undefined) {
    conditions.push(
      sql`exists (select 1 from ${photoBibs} where ${photoBibs.photoId} = ${photos.id} and ${photoBibs.raceId} = ${raceId} and ${photoBibs.bib} = ${bib})`,
    );
  }
  if (tagSlug !== undefined) {
    conditions.push(
      sql`exists (select 1 from ${photoTags} join ${tags} on ${tags.id} = ${photoTags.tagId} where ${photoTags.photoId} = ${photos.id} and ${tags.raceId} = ${raceId} and ${tags.slug} = ${tagSlug})`,
    );
  }
  return and(...conditions)!;
}

/**
 * Photos recognition thinks may show `bib` and nobody has yet said either way
 * (a review suggestion still pending: a digit covered or cut, a blurred
 * number, the runner's frame before or after), or that a runner said show
 * them (a claim still pending), not tagged with it. A runner whose number was
 * not read sees them apart from their own, as "might be you", instead of not
 * at all.
 */
export function mightBe(raceId: number, bib: number): SQL {
  // One list of photo ids, not two `exists` joined by `or`: the planner then starts from the few rows the number's
  // suggestions and claims name, where an `or` has it test every photo of the race.
  return sql`${photos.id} in (select ${bibSuggestions.photoId} from ${bibSuggestions} where ${bibSuggestions.raceId} = ${raceId} and ${bibSuggestions.bib} = ${bib} and ${bibSuggestions.status} = 'pending'
      union all select ${photoClaims.photoId} from ${photoClaims} where ${photoClaims.raceId} = ${raceId} and ${photoClaims.bib} = ${bib} and ${photoClaims.status} = 'pending')
    and not exists (select 1 from ${photoBibs} where ${photoBibs.photoId} = ${photos.id} and ${photoBibs.bib} = ${bib})`;
}

/** The numbers a pending suggestion or claim names in the race. */
async function bibsWaiting(db: Db, raceId: number): Promise<Set<number>> {
  const [suggested, claimed] = await Promise.all([
    db
      .selectDistinct({ bib: bibSuggestions.bib })
      .from(bibSuggestions)
      .where(and(eq(bibSuggestions.raceId, raceId), eq(bibSuggestions.status, "pending"))),
    db
      .selectDistinct({ bib: photoClaims.bib })
      .from(photoClaims)
      .where(and(eq(photoClaims.raceId, raceId), eq(photoClaims.status, "pending"))),
  ]);
  return new Set([...suggested, ...claimed].map((r) => r.bib));
}

/** A statement counting the photos `where` holds; as a subquery of another, its `photos` are its own. */
const countOf = (where: SQL) => sql`select count(*)::int from ${photos} where ${where}`;

export async function countVisiblePhotos(db: Db, raceId: number, bib?: number, tagSlug?: string, during?: [Date, Date]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(photos)
    .where(visiblePhotosOf(raceId, bib, tagSlug, during));
  return Number(row.n);
}

/**
 * `findRace` defaults to visible races only; the back office's preview passes one
 * that also finds drafts. `memo` keeps the race, its tags and overrides while the
 * catalog does not change (the storefront's; none for the preview).
 */
export async function racePhotos(
  db: Db,
  query: RacePhotosQuery,
  mediaUrl: MediaUrl,
  findRace: (db: Db, slug: string) => Promise<RaceRow> = findVisibleRace,
  memo: VersionedMemo = noMemo,
): Promise<RacePhotosView> {
  const race = await memoizedRace(db, query.slug, memo, findRace);
  // Not memoized: without a race date it stands on the first photo, which an import's progress may change.
  const during = query.around === undefined ? undefined : await aroundTime(db, race, query.around);
  const maybeBib = query.maybe ? query.bib : undefined;
  const maybe = maybeBib !== undefined;
  // The runner's "might be you" photos: every other filter the same, the suggestions instead of the tags.
  const mightBeWhere = (bib: number) => and(visiblePhotosOf(race.id, undefined, query.tag, during ?? undefined), mightBe(race.id, bib))!;
  // A time no photo day can place (a race without date or photos) finds nothing rather than everything.
  const where = during === null ? sql`false` : maybe ? mightBeWhere(maybeBib) : visiblePhotosOf(race.id, query.bib, query.tag, during);
  // Written as photos_race_order_idx sorts (free is never null), so a page is an index scan, not a sort of the race.
  const order = during ? sql`${photos.takenAt} asc, ${photos.id} asc` : sql`${photos.free} desc nulls last, ${photos.takenAt} asc nulls last, ${photos.id} asc`;
  const offset = (query.page - 1) * PAGE_SIZE;
  let rows: PhotoRow[];
  let foundRows: number;
  // How many more might be the runner's (the link to them), counted in the same statement as their page, and not
  // at all for a number no photo waits with (known unless an import moved on since the race's were read): a bib
  // search no page cache holds is the busiest hour's costliest request.
  const runner = maybe || during === null ? undefined : query.bib;
  const waiting = runner === undefined ? undefined : await memo(`waiting:${race.id}`, () => bibsWaiting(db, race.id), { progress: "lagging" });
  const mightBeCount = runner !== undefined && (waiting === undefined || waiting.has(runner)) ? sql`(${countOf(mightBeWhere(runner))})` : sql`0`;
  let maybeRows = 0;
  if (query.bib === undefined && query.tag === undefined && during === undefined) {
    // The whole race: its count is kept until the catalog or an import's progress changes, never a count(*) of 50,000 rows a page.
    [rows, foundRows] = await Promise.all([
      db.select().from(photos).where(where).orderBy(order).limit(PAGE_SIZE).offset(offset),
      memo(`count:${race.id}`, () => countVisiblePhotos(db, race.id), { progress: true }),
    ]);
  } else {
    // A runner's, a tag's or a time's photos are few: the page and their total in one query; only a page past the end counts on its own.
    const page = await db
      .select({ photo: photos, total: sql<number>`count(*) over ()`.mapWith(Number), maybe: sql<number>`${mightBeCount}`.mapWith(Number) })
      .from(photos)
      .where(where)
      .orderBy(order)
      .limit(PAGE_SIZE)
      .offset(offset);
    rows = page.map((r) => r.photo);
    if (page.length) [foundRows, maybeRows] = [page[0].total, page[0].maybe];
    else if (during === null) foundRows = 0;
    else {
      const [counts] = rowsOf<{ total: number; maybe: number }>(await db.execute(sql`select (${countOf(where)}) as total, ${mightBeCount} as maybe`));
      [foundRows, maybeRows] = [Number(counts.total), Number(counts.maybe)];
    }
  }
  const foundPages = pageCount(foundRows, PAGE_SIZE);

  const summary = summarize(race, query.lang, mediaUrl);
  if (query.bib !== undefined) {
    const overrides = await memo(`overrides:${race.id}`, () => db.select().from(fullsetOverrides).where(eq(fullsetOverrides.raceId, race.id)));
    const price = fullsetPrice(
      { ars: race.fullsetArs, usd: race.fullsetUsd },
      overrides.map((o) => ({ bibRanges: o.bibRanges, ars: o.priceArs, usd: o.priceUsd })),
      query.bib,
    );
    summary.fullin_arg = toUnits(price.ars);
    summary.fullin_usd = toUnits(price.usd);
  }

  const link = (page: number) => {
    const params = new URLSearchParams({ p: String(page) });
    if (query.bib !== undefined) params.set("n", String(query.bib));
    if (query.tag !== undefined) params.set("t", query.tag);
    if (query.around !== undefined) params.set("h", query.around);
    if (maybe) params.set("m", "1");
    return `/api/fotos/${encodeURIComponent(race.slug)}?${params}`;
  };

  return {
    ...summary,
    fotos: rows.map((p) => photoView(p, race, mediaUrl)),
    found_rows: foundRows,
    found_pages: foundPages,
    page: query.page,
    previous: query.page > 1 ? link(Math.min(query.page - 1, foundPages)) : null,
    next: query.page < foundPages ? link(query.page + 1) : null,
    tags: await memo(`tags:${race.id}:${query.lang}`, () => raceTags(db, race.id, query.lang)),
    n: query.bib ?? null,
    t: query.tag ?? null,
    h: query.around ?? null,
    m: maybe,
    maybe: maybe ? foundRows : maybeRows,
    passings: query.bib === undefined ? [] : ((await memo(`passings:${race.id}`, () => passingsByBib(db, race))).get(query.bib) ?? []),
    namesListed: await namesListed(db, race.id, memo),
    ...(query.bib === undefined || maybe ? { registered: null, near: [] } : await searchedNumber(db, race.id, query.bib, foundRows)),
  };
}

/**
 * The instants "around HH:MM" covers on the race's day (its date, else the day
 * of its first photo), on its own clock; null when the race has neither.
 */
async function aroundTime(db: Db, race: RaceRow, around: string): Promise<[Date, Date] | null> {
  let day = race.eventDate;
  if (!day) {
    const [first] = await db
      .select({ at: sql<Date | null>`min(${photos.takenAt})`.mapWith((v) => (v ? new Date(v) : null)) })
      .from(photos)
      .where(eq(photos.raceId, race.id));
    day = first?.at ? formatInZone(first.at, race.timezone).slice(0, 10) : null;
  }
  const at = day ? zonedToInstant(`${day} ${around}:00`, race.timezone) : undefined;
  if (!at) return null;
  return [new Date(at.getTime() - AROUND_BEFORE_MINUTES * 60_000), new Date(at.getTime() + AROUND_AFTER_MINUTES * 60_000)];
}

/**
 * When the timing file says each runner crossed the photo point, on the race's
 * clock ("YYYY-MM-DD HH:MM:SS"), by bib: read once per catalog version (a
 * timing file bumps it), so a bib search no page cache holds costs no extra query.
 */
async function passingsByBib(db: Db, race: RaceRow): Promise<Map<number, string[]>> {
  const rows = await db
    .select({ bib: timingPassings.bib, at: timingPassings.passedAt })
    .from(timingPassings)
    .where(eq(timingPassings.raceId, race.id))
    .orderBy(timingPassings.passedAt);
  return new Map([...indexPassings(rows)].map(([bib, times]) => [bib, times.slice(0, 5).map((at) => formatInZone(at, race.timezone))]));
}
