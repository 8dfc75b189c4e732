import { and, between, type Column, eq, gt, gte, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { parseBibRanges } from "../../domain/bibs.ts";
import {
  markImportProgress,
  inTransaction,
  type Db,
  bibSuggestions,
  photoBibs,
  photoRecognitions,
  photos,
  raceNumberMoments,
  raceNumbers,
  racePrints,
  races,
  startList,
  timingPassings,
} from "../db/index.ts";
import { setAutoTags } from "../tagging/index.ts";
import { bibsInQuestion, type Decision, inSamePass, OFFERED_DOUBTS, PROVEN_WINDOW_MS, provenNear, type RaceContext, type Sighting } from "./decide.ts";
import { cameraKey, SAME_PASS_MS } from "./bursts.ts";
import type { TextReading } from "./read-text.ts";
import { type BibRules, bibCandidates, DEFAULT_RULES } from "./plausibility.ts";
import { knownFloor } from "./bib-print.ts";
import { oftenFloor, SCENERY_MIN_MOMENTS, type SceneryByCamera, sceneryByCamera } from "./scenery.ts";
import { oneDigitLess, oneEditAway } from "./start-list.ts";
import { recognitionSettings } from "./settings.ts";
import { indexPassings, type TimingWindow } from "./timing.ts";

type RaceBasics = Omit<RaceContext, "registered" | "passings" | "proven" | "read" | "onBibs">;

/** A race's rules, threshold, timing window, scenery and print: a few small queries. */
async function raceBasics(db: Db, raceId: number): Promise<RaceBasics> {
  const [race] = await db.select({ bibRanges: races.bibRanges }).from(races).where(eq(races.id, raceId));
  const settings = await recognitionSettings(db, raceId);
  let ranges: RaceContext["rules"]["ranges"] = [];
  try {
    ranges = parseBibRanges(race?.bibRanges ?? "");
  } catch {
    // A malformed list was let in somewhere else; better unknown than no recognition at all.
  }
  const read = await readIn(db, raceId);
  return {
    scenery: await sceneryIn(db, raceId, settings.timing),
    rules: { ...DEFAULT_RULES, ranges, prints: await printsIn(db, raceId, read.photos) },
    autoThreshold: settings.autoThreshold,
    timing: settings.timing,
  };
}

/** Everything about a race that recognition decides with, its whole start list and timing file included: for deciding many photos at once. */
export async function raceContext(db: Db, raceId: number): Promise<RaceContext> {
  const basics = await raceBasics(db, raceId);
  const passings = await db.select({ bib: timingPassings.bib, at: timingPassings.passedAt }).from(timingPassings).where(eq(timingPassings.raceId, raceId));
  const registered = await db.select({ bib: startList.bib }).from(startList).where(eq(startList.raceId, raceId));
  return {
    ...basics,
    registered: new Set(registered.map((r) => r.bib)),
    passings: indexPassings(passings),
    proven: await provenAt(db, raceId),
    read: await waitingAt(db, raceId),
    onBibs: await onBibsAt(db, raceId, [...readOftenNotScenery(basics)], basics.rules),
  };
}

/**
 * raceContext for deciding one photo's `lines`: the start list and timing
 * file asked only about the bibs the photo may show (bibsInQuestion). A
 * marathon's 25,000 bibs and passings loaded whole cost each photo 0.2 s.
 */
export async function photoContext(db: Db, raceId: number, lines: TextReading[], frame: { width: number; height: number }): Promise<RaceContext> {
  const basics = await raceBasics(db, raceId);
  const bibs = bibsInQuestion(lines, frame, basics.rules);
  const readOften = readOftenNotScenery(basics);
  return {
    ...basics,
    registered: await registeredAmong(db, raceId, bibs),
    passings: await passingsOf(db, raceId, bibs),
    proven: await provenAt(db, raceId, bibs),
    read: await waitingAt(db, raceId, bibs),
    onBibs: await onBibsAt(
      db,
      raceId,
      bibs.filter((b) => readOften.has(b)),
      basics.rules,
    ),
  };
}

/** The numbers some camera of the race read often but not (yet) as its scenery. */
const readOftenNotScenery = ({ scenery }: RaceBasics) =>
  new Set([...scenery.values()].flatMap((camera) => [...camera.oftenRead].filter((b) => !camera.scenery.has(b))));

/**
 * The race's photos whose reading shows one of `bibs` with a bib's print
 * stacked on it (photos with a suggestion of it, read again: a few each).
 */
async function onBibsAt(db: Db, raceId: number, bibs: number[], rules: BibRules): Promise<RaceContext["onBibs"]> {
  if (!bibs.length) return new Map();
  const rows = await db
    .select({
      bib: bibSuggestions.bib,
      photo: photos.id,
      takenAt: photos.takenAt,
      lines: photoRecognitions.lines,
      width: photoRecognitions.frameWidth,
      height: photoRecognitions.frameHeight,
    })
    .from(bibSuggestions)
    .innerJoin(photos, eq(photos.id, bibSuggestions.photoId))
    .innerJoin(photoRecognitions, eq(photoRecognitions.photoId, bibSuggestions.photoId))
    .where(and(eq(bibSuggestions.raceId, raceId), inArray(bibSuggestions.bib, bibs)));
  // A photo suggesting several of them is read again once.
  const printedIn = new Map<number, Set<number>>();
  const map = new Map<number, Sighting[]>();
  for (const { bib, photo, takenAt, lines, width, height } of rows) {
    let printed = printedIn.get(photo);
    if (!printed) {
      printed = new Set(bibCandidates(lines as TextReading[], { width, height }, rules).flatMap((c) => (c.printed ? [c.bib] : [])));
      printedIn.set(photo, printed);
    }
    if (printed.has(bib)) map.set(bib, [...(map.get(bib) ?? []), { photo, at: takenAt?.getTime() ?? null }]);
  }
  return map;
}

/**
 * `column` is one of `values` (integers), as one array parameter: a photo's
 * bibs in question run to a thousand (each number read and those one digit
 * away), which as a list of parameters took PGlite 1.6 times as long to parse
 * and plan, and a results board's would pass a query's 65,535 parameters.
 */
const anyOf = (column: Column, values: Iterable<number>) => sql`${column} = any(${`{${[...values].join(",")}}`}::int[])`;

/**
 * Whether the race has a start list (or timing file): all a decision asks of
 * its size. Counting a marathon's 25,000 rows cost each photo 5 to 10 ms.
 */
async function hasAny(db: Db, table: typeof startList | typeof timingPassings, raceId: number): Promise<boolean> {
  const [row] = await db.select({ raceId: table.raceId }).from(table).where(eq(table.raceId, raceId)).limit(1);
  return row !== undefined;
}

/** The start list as far as `bibs` go: which of them are on it; its size is 1 when it has any bib (0 when none). */
export async function registeredAmong(db: Db, raceId: number, bibs: number[]): Promise<RaceContext["registered"]> {
  if (!(await hasAny(db, startList, raceId))) return { size: 0, has: () => false };
  const rows = await db
    .select({ bib: startList.bib })
    .from(startList)
    .where(and(eq(startList.raceId, raceId), anyOf(startList.bib, bibs)));
  const listed = new Set(rows.map((r) => r.bib));
  return { size: 1, has: (bib) => listed.has(bib) };
}

/** The race's photos (id, capture time and camera) tagged with each of `bibs` (all, when not given). */
async function provenAt(db: Db, raceId: number, bibs?: number[]): Promise<RaceContext["proven"]> {
  const rows = await db
    .select({ bib: photoBibs.bib, photo: photos.id, takenAt: photos.takenAt, camera: photos.camera, frame: photos.frame })
    .from(photoBibs)
    .innerJoin(photos, eq(photos.id, photoBibs.photoId))
    .where(and(eq(photoBibs.raceId, raceId), bibs ? anyOf(photoBibs.bib, bibs) : undefined));
  return byBib(rows);
}

/** `values` as a PostgreSQL text[] literal of parameters (for jsonb's `?|`). */
const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** A suggestion that is a number read, waiting for a person: not a burst's, not offered for another reading. */
const waitingReading = [
  eq(bibSuggestions.status, "pending"),
  isNull(bibSuggestions.evidencePhotoId),
  sql`not ${bibSuggestions.doubts} ?| ${textArray(OFFERED_DOUBTS)}`,
];

/** The race's photos (id, capture time and camera) where each of `bibs` (all, when not given) was read and waits for a person, not offered for another number. */
async function waitingAt(db: Db, raceId: number, bibs?: number[]): Promise<RaceContext["read"]> {
  const rows = await db
    .select({ bib: bibSuggestions.bib, photo: photos.id, takenAt: photos.takenAt, camera: photos.camera, frame: photos.frame })
    .from(bibSuggestions)
    .innerJoin(photos, eq(photos.id, bibSuggestions.photoId))
    .where(and(eq(bibSuggestions.raceId, raceId), ...waitingReading, bibs ? anyOf(bibSuggestions.bib, bibs) : undefined));
  return byBib(rows);
}

/** The numbers read in `photoId` that wait for a person (not offered for another). */
export async function waitingIn(db: Db, photoId: number): Promise<number[]> {
  const rows = await db
    .select({ bib: bibSuggestions.bib })
    .from(bibSuggestions)
    .where(and(eq(bibSuggestions.photoId, photoId), ...waitingReading));
  return rows.map((r) => r.bib);
}

/** Rows of a bib and the photo it is in, as the Sightings of each bib. */
function byBib(rows: { bib: number; photo: number; takenAt: Date | null; camera: string | null; frame: string }[]): Map<number, Sighting[]> {
  const map = new Map<number, Sighting[]>();
  for (const { bib, photo, takenAt, ...taken } of rows)
    map.set(bib, [...(map.get(bib) ?? []), { photo, at: takenAt?.getTime() ?? null, camera: cameraKey(taken) }]);
  return map;
}

/** The timing file as far as `bibs` go: their passings; its size is 1 when it has any (0 when none). */
async function passingsOf(db: Db, raceId: number, bibs: number[]): Promise<RaceContext["passings"]> {
  if (!(await hasAny(db, timingPassings, raceId))) return { size: 0, get: () => undefined };
  const rows = await db
    .select({ bib: timingPassings.bib, at: timingPassings.passedAt })
    .from(timingPassings)
    .where(and(eq(timingPassings.raceId, raceId), anyOf(timingPassings.bib, bibs)));
  const byBib = indexPassings(rows);
  return { size: 1, get: (bib) => byBib.get(bib) };
}

/**
 * Photos taken within PROVEN_WINDOW_MS of `times` (decide.ts provenNear), or
 * of unknown time; no condition when one of `times` is unknown (any photo may be).
 */
function takenAround(times: (Date | null)[]) {
  const known = times.filter((t): t is Date => t !== null).map((t) => t.getTime());
  if (!known.length || known.length < times.length) return undefined;
  return or(isNull(photos.takenAt), between(photos.takenAt, new Date(Math.min(...known) - PROVEN_WINDOW_MS), new Date(Math.max(...known) + PROVEN_WINDOW_MS)));
}

/**
 * The race's other photos of around `photo`'s time (decide.ts provenNear)
 * that wait for a person with a reading one digit away from one of `bibs` and
 * one of `signs` among its doubts, and do not offer that bib yet.
 */
export async function shortReadingsOf(
  db: Db,
  photo: { id: number; raceId: number; takenAt: Date | null },
  bibs: number[],
  signs: readonly string[],
): Promise<number[]> {
  const wholeOf = new Map<number, number[]>();
  for (const bib of bibs) for (const b of oneEditAway(bib)) wholeOf.set(b, [...(wholeOf.get(b) ?? []), bib]);
  const around = takenAround([photo.takenAt]);
  const waiting = await db
    .select({ photoId: bibSuggestions.photoId, bib: bibSuggestions.bib, doubts: bibSuggestions.doubts })
    .from(bibSuggestions)
    .innerJoin(photos, eq(photos.id, bibSuggestions.photoId))
    .where(
      and(
        eq(bibSuggestions.raceId, photo.raceId),
        eq(bibSuggestions.status, "pending"),
        anyOf(bibSuggestions.bib, wholeOf.keys()),
        ne(bibSuggestions.photoId, photo.id),
        isNull(bibSuggestions.evidencePhotoId),
        around,
      ),
    );
  const short = waiting.filter((s) => s.doubts.some((d) => signs.includes(d)));
  // Those that already offer the whole bib have nothing to gain.
  const offering = short.length
    ? await db
        .select({ photoId: bibSuggestions.photoId, bib: bibSuggestions.bib })
        .from(bibSuggestions)
        .where(anyOf(bibSuggestions.photoId, new Set(short.map((s) => s.photoId))))
    : [];
  const offers = new Set(offering.map((o) => `${o.photoId}:${o.bib}`));
  const gains = (s: (typeof short)[number]) => wholeOf.get(s.bib)?.some((bib) => !offers.has(`${s.photoId}:${bib}`));
  return [...new Set(short.filter(gains).map((s) => s.photoId))];
}

/**
 * The race's other photos taken within SAME_PASS_MS of `photo` whose decision
 * `photo`'s numbers may change (decide.ts withLongerInPass, withTagInPass): an
 * automatic tag one digit shorter than one of `tagged` (a digit covered there,
 * now proven whole here), a reading left for a person for such a bib that
 * `read` now shows in a second frame, or a reading of one of `tagged` too
 * unsure to be tagged there on its own.
 */
export async function passFramesToRedecide(
  db: Db,
  photo: { id: number; raceId: number; takenAt: Date | null },
  tagged: number[],
  read: number[],
): Promise<number[]> {
  if (!photo.takenAt || (!tagged.length && !read.length)) return [];
  const at = photo.takenAt.getTime();
  const shorter = tagged.flatMap(oneDigitLess);
  const rows = await db
    .selectDistinct({ photoId: bibSuggestions.photoId })
    .from(bibSuggestions)
    .innerJoin(photos, eq(photos.id, bibSuggestions.photoId))
    .where(
      and(
        eq(bibSuggestions.raceId, photo.raceId),
        ne(bibSuggestions.photoId, photo.id),
        isNull(bibSuggestions.evidencePhotoId),
        between(photos.takenAt, new Date(at - SAME_PASS_MS), new Date(at + SAME_PASS_MS)),
        or(
          shorter.length ? and(eq(bibSuggestions.status, "auto"), inArray(bibSuggestions.bib, shorter)) : undefined,
          read.length
            ? and(eq(bibSuggestions.status, "pending"), inArray(bibSuggestions.bib, read), sql`${bibSuggestions.doubts} ? 'longer-in-pass'`)
            : undefined,
          tagged.length ? and(...waitingReading, inArray(bibSuggestions.bib, tagged)) : undefined,
        ),
      ),
    );
  return rows.map((r) => r.photoId);
}

/**
 * The race's photos, of around `times` (any when one is unknown), with an
 * open suggestion or automatic tag that has one of `doubts` (an offer, or a
 * tag, made on another photo's tag) whose bib is no longer tagged in another
 * photo around the photo's time (in its pass, for a tag made so).
 */
export async function offersOnTags(db: Db, raceId: number, times: (Date | null)[], doubts: readonly string[]): Promise<number[]> {
  const around = takenAround(times);
  const rows = await db
    .select({
      photoId: bibSuggestions.photoId,
      bib: bibSuggestions.bib,
      takenAt: photos.takenAt,
      camera: photos.camera,
      frame: photos.frame,
      doubts: bibSuggestions.doubts,
    })
    .from(bibSuggestions)
    .innerJoin(photos, eq(photos.id, bibSuggestions.photoId))
    .where(
      and(
        eq(bibSuggestions.raceId, raceId),
        inArray(bibSuggestions.status, ["pending", "auto"]),
        isNull(bibSuggestions.evidencePhotoId),
        sql`${bibSuggestions.doubts} ?| ${textArray(doubts)}`,
        around,
      ),
    );
  if (!rows.length) return [];
  const proven = await provenAt(db, raceId, [...new Set(rows.map((r) => r.bib))]);
  const gone = (r: (typeof rows)[number]) =>
    !provenNear(proven, r.bib, r.takenAt, r.photoId) ||
    (r.doubts.includes("in-pass") && r.takenAt !== null && !inSamePass(proven, r.bib, { id: r.photoId, takenAt: r.takenAt, camera: cameraKey(r) }));
  return [...new Set(rows.filter(gone).map((r) => r.photoId))];
}

/** The race's photos read so far (counted by a trigger under race_numbers' number 0). */
async function readIn(db: Db, raceId: number): Promise<{ photos: number }> {
  const [counted] = await db
    .select({ photos: raceNumbers.photos })
    .from(raceNumbers)
    .where(and(eq(raceNumbers.raceId, raceId), eq(raceNumbers.number, 0)));
  return counted ?? { photos: 0 };
}

/**
 * What each camera read in too many of its moments to be a runner's, or often
 * (counted by a trigger: race_number_moments, each camera's moments under
 * number 0). Only numbers some camera read in three moments or more (the
 * least any camera's floor can be; race_numbers.moments is the most one camera
 * read each in) are counted camera by camera: signs, and runners lingering or
 * lapping (whose timing file crossings momentsPassing counts, and whose
 * moments fall a lap apart: `span`). The cameras' moments come in the same
 * query: apart, they cost a photo 3.0 ms against 2.2 on a race of 10 cameras.
 */
async function sceneryIn(db: Db, raceId: number, timing: TimingWindow): Promise<SceneryByCamera> {
  const often = db
    .select({ number: raceNumbers.number })
    .from(raceNumbers)
    .where(and(eq(raceNumbers.raceId, raceId), gte(raceNumbers.moments, oftenFloor(0)), gt(raceNumbers.number, 0)));
  const m = raceNumberMoments;
  const rows = await db
    .select({
      number: m.number,
      camera: m.camera,
      moments: sql<number>`count(*)::int`,
      timed: sql<number>`(count(*) filter (where ${m.moment} >= 0))::int`,
      // The camera's own moments (its number 0 rows) from the first to the last timed one the number was read in;
      // asked only of numbers read in as many moments as the least scenery floor (nothing else comes and goes).
      span: sql<number | null>`case when ${m.number} > 0 and count(*) >= ${SCENERY_MIN_MOMENTS} then (
        select count(*)::int from race_number_moments own
        where own.race_id = ${raceId} and own.number = 0 and own.camera = race_number_moments.camera
          and own.moment between min(race_number_moments.moment) filter (where race_number_moments.moment >= 0)
            and max(race_number_moments.moment) filter (where race_number_moments.moment >= 0)
      ) end`,
    })
    .from(m)
    .where(and(eq(m.raceId, raceId), sql`${m.number} = any(array[0] || array(${often}))`))
    .groupBy(m.number, m.camera);
  const momentsRead = new Map(rows.filter((r) => r.number === 0).map((r) => [r.camera, r.moments]));
  const counts = rows.filter((r) => r.number > 0);
  if (!counts.length) return sceneryByCamera(momentsRead, []);
  const passing = await momentsPassing(db, raceId, [...new Set(counts.map((r) => r.number))], timing);
  return sceneryByCamera(
    momentsRead,
    counts.map((r) => ({ ...r, span: r.span ?? 0, passing: passing.get(`${r.number}:${r.camera}`) ?? 0 })),
  );
}

/**
 * In how many of the moments each camera read each of `numbers` in the timing
 * file has that runner crossing the photo point: a passing within the window
 * of some second of the minute (decide.ts timingEvidence), keyed "number:camera".
 * Driven by the numbers' passings (a few each): probing the timing file for
 * each moment of 30 signs read in 100 minutes cost a photo 8–13 ms, and the
 * planner's own choice, hashing the race's 160,000 passings, 30 ms.
 */
async function momentsPassing(db: Db, raceId: number, numbers: number[], { windowSeconds, offsetSeconds }: TimingWindow): Promise<Map<string, number>> {
  const m = raceNumberMoments;
  const p = timingPassings;
  const minute = (seconds: number) => sql`floor((extract(epoch from ${p.passedAt}) + ${seconds}) / 60)::bigint`;
  const rows = await db
    .select({ number: m.number, camera: m.camera, moments: sql<number>`count(distinct ${m.moment})::int` })
    .from(p)
    .innerJoin(
      m,
      and(eq(m.raceId, p.raceId), eq(m.number, p.bib), between(m.moment, minute(offsetSeconds - windowSeconds), minute(offsetSeconds + windowSeconds))),
    )
    .where(and(eq(p.raceId, raceId), anyOf(p.bib, numbers)))
    .groupBy(m.number, m.camera);
  return new Map(rows.map((r) => [`${r.number}:${r.camera}`, r.moments]));
}

/**
 * The race's photos but `photo` taken by its camera and tagged automatically with one of `tagged`, or
 * taken by any camera where one of `waiting` waits for a person as read often (a bib's print read in
 * `photo` may be what it waits for). The camera is the one its reading was counted under.
 */
export async function photosOfOftenRead(db: Db, raceId: number, tagged: number[], waiting: number[], photo: number): Promise<number[]> {
  const itsCamera = db.select({ camera: photoRecognitions.camera }).from(photoRecognitions).where(eq(photoRecognitions.photoId, photo));
  const rows = await db
    .selectDistinct({ photoId: bibSuggestions.photoId })
    .from(bibSuggestions)
    .innerJoin(photoRecognitions, eq(photoRecognitions.photoId, bibSuggestions.photoId))
    .where(
      and(
        eq(bibSuggestions.raceId, raceId),
        ne(bibSuggestions.photoId, photo),
        or(
          and(inArray(bibSuggestions.bib, tagged), eq(bibSuggestions.status, "auto"), sql`${photoRecognitions.camera} = (${itsCamera})`),
          waiting.length
            ? and(inArray(bibSuggestions.bib, waiting), eq(bibSuggestions.status, "pending"), sql`${bibSuggestions.doubts} ? 'often-read'`)
            : undefined,
        ),
      ),
    );
  return rows.map((r) => r.photoId);
}

/** Which of `keys` (a photo's print, just counted) became the race's print with this photo: counted exactly as often as needed. */
export async function newlyKnownPrints(db: Db, raceId: number, keys: string[]): Promise<string[]> {
  if (!keys.length) return [];
  const floor = knownFloor((await readIn(db, raceId)).photos);
  const rows = await db
    .select({ key: racePrints.key })
    .from(racePrints)
    .where(and(eq(racePrints.raceId, raceId), inArray(racePrints.key, keys), eq(racePrints.photos, floor)));
  return rows.map((r) => r.key);
}

/** The print on the race's bibs: read in enough of its photos (counted by a trigger: race_prints). */
async function printsIn(db: Db, raceId: number, photosRead: number): Promise<Set<string>> {
  const rows = await db
    .select({ key: racePrints.key })
    .from(racePrints)
    .where(and(eq(racePrints.raceId, raceId), gte(racePrints.photos, knownFloor(photosRead))));
  return new Set(rows.map((r) => r.key));
}

const isOpen = (status: string) => status === "auto" || status === "pending";

/**
 * Writes one photo's decisions: automatic tags into photo_bibs (source "auto"),
 * the rest as pending suggestions. Never touches a bib a person tagged or a
 * suggestion a person decided; open suggestions that are no longer read are
 * withdrawn with their automatic tags (a re-decision after a settings change).
 */
export async function storeDecisions(db: Db, photo: { id: number; raceId: number }, decisions: Decision[]) {
  return inTransaction(db, async (tx) => {
    await markImportProgress(tx);
    const tagged = await tx.select({ bib: photoBibs.bib, source: photoBibs.source }).from(photoBibs).where(eq(photoBibs.photoId, photo.id));
    const sourceOf = new Map(tagged.map((t) => [t.bib, t.source]));
    const previous = await tx.select().from(bibSuggestions).where(eq(bibSuggestions.photoId, photo.id));
    const before = new Map(previous.map((s) => [s.bib, s]));
    const kept = new Set<number>();
    const counts = { auto: 0, pending: 0 };
    const tags = { auto: [] as { bib: number; confidence: number }[], withdrawn: [] as number[] };

    for (const d of decisions) {
      const earlier = before.get(d.bib);
      if (earlier && !isOpen(earlier.status)) continue;
      const source = sourceOf.get(d.bib);
      if (source && source !== "auto") continue;
      kept.add(d.bib);
      // A reading of its own replaces a burst's guess.
      const values = { confidence: d.confidence, box: d.box, doubts: d.doubts, status: d.status, evidencePhotoId: null };
      if (earlier) await tx.update(bibSuggestions).set(values).where(eq(bibSuggestions.id, earlier.id));
      else await tx.insert(bibSuggestions).values({ photoId: photo.id, raceId: photo.raceId, bib: d.bib, ...values });
      if (d.status === "auto") tags.auto.push({ bib: d.bib, confidence: d.confidence });
      else if (source === "auto") tags.withdrawn.push(d.bib);
      counts[d.status]++;
    }
    for (const s of previous) {
      // A burst's suggestion stands on another frame's reading, not on this one's.
      if (!isOpen(s.status) || kept.has(s.bib) || s.evidencePhotoId !== null) continue;
      await tx.delete(bibSuggestions).where(eq(bibSuggestions.id, s.id));
      if (s.status === "auto") tags.withdrawn.push(s.bib);
    }
    // Runners who pre-ordered get the automatically tagged photos in their sale.
    await setAutoTags(tx, photo, tags);
    // `lost`: automatic tags taken away, which may have proved its burst's or pass's suggestions.
    return { ...counts, lost: tags.withdrawn.length };
  });
}
