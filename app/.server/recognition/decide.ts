import { cutInBurst, SAME_PASS_MS, type SeenInBurst } from "./bursts.ts";
import { bibCandidates, type BibCandidate, type BibRules, type Doubt } from "./plausibility.ts";
import type { TextReading } from "./read-text.ts";
import { type Scenery, type SceneryByCamera, sceneryAt } from "./scenery.ts";
import { listEvidence, MAX_NEAR, oneDigitMore, oneEditAway, type Registered } from "./start-list.ts";
import { type PassingsByBib, timingEvidence, withTiming, type TimingWindow } from "./timing.ts";

/**
 * From this confidence up a bib is tagged with no human look. Chosen on the
 * own set and the tuning split, where precision stays the same from 0.6 to
 * 0.9 while recall falls (tuning split 0.879 at 0.7, 0.853 at 0.9); 0.7 keeps
 * a margin above the lowest. See docs/decisions/0006.
 */
export const DEFAULT_AUTO_THRESHOLD = 0.7;
/** Below this a reading is noise, not worth an operator's keystroke. */
export const REVIEW_FLOOR = 0.15;
/** A lone digit is as often a sign, a wave or a stray mark as a bib: only a clear one is worth a look. */
const SHORT_REVIEW_FLOOR = 0.5;
/** A registered bib one digit away from a reading is offered with this share of the reading's confidence. */
const NEAR_SHARE = 0.8;

export type Decision = BibCandidate & { status: "auto" | "pending" };

/** Splits candidates into automatic tags and review-queue suggestions; the rest are dropped. */
export function decide(candidates: BibCandidate[], autoThreshold: number): Decision[] {
  return candidates
    .filter((c) => c.confidence >= REVIEW_FLOOR)
    .map((c) => ({ ...c, status: c.confidence >= autoThreshold && !c.reviewOnly ? ("auto" as const) : ("pending" as const) }));
}

/** What a race brings to the decision: its bib rules, start list, threshold and timing file (by bib). */
export type RaceContext = {
  rules: BibRules;
  /** The start list: how many bibs (none when the organiser sent none) and whether one is on it. */
  registered: Registered;
  autoThreshold: number;
  timing: TimingWindow;
  passings: PassingsByBib;
  /**
   * Per camera, numbers read in too many of its moments to be a runner's, and in half as many (read
   * often: without a bib's print, a person looks) (scenery.ts).
   */
  scenery: SceneryByCamera;
  /** The race's photos where each number read often was read with a bib's print stacked on it. */
  onBibs: Sightings;
  /** The race's photos tagged with each bib (automatically or by a person): the whole of a bib read short elsewhere. */
  proven: Sightings;
  /** The race's photos where each number was read as itself and waits for a person (not offered for another; tags are in `proven`). */
  read: Sightings;
};

/** A photo of the race: its id, capture time (ms; null when unknown) and camera (bursts.ts cameraKey; unknown in the benchmark). */
export type Sighting = { photo: number; at: number | null; camera?: string };
/** The race's photos a bib is tagged in, or a number read in. */
export type Sightings = Pick<ReadonlyMap<number, readonly Sighting[]>, "get">;

/**
 * How far apart in time a photo and another tagged with a bib may be for that
 * bib to be offered in place of a short reading: a runner's frames at one
 * photo point are seconds apart, and in a dense race some 70 runners a minute
 * pass it, so a few minutes leave about one bib of the ten a lost digit could make.
 */
export const PROVEN_WINDOW_MS = 2 * 60_000;

/** Whether `bib` is tagged in a photo of the race (other than `photo`) taken around `takenAt` (anywhere in the race when either time is unknown). */
export function provenNear(proven: Sightings, bib: number, takenAt: Date | null, photo?: number): boolean {
  const sightings = proven.get(bib)?.filter((s) => s.photo !== photo);
  if (!sightings?.length) return false;
  const at = takenAt?.getTime();
  return at === undefined || sightings.some((s) => s.at === null || Math.abs(s.at - at) <= PROVEN_WINDOW_MS);
}

/** A photo seen as a frame of a pass: its id (when stored), capture time and camera (any, when unknown). */
export type PassFrame = { id?: number; takenAt: Date; camera?: string };

/**
 * Whether `bib` is in one of `sightings`' photos other than `frame`, taken by
 * the same camera within SAME_PASS_MS of it: another frame of the same pass
 * (another photo point's camera, at the same moment, sees other runners).
 */
export function inSamePass(sightings: Sightings, bib: number, frame: PassFrame): boolean {
  const at = frame.takenAt.getTime();
  return (sightings.get(bib) ?? []).some(
    (s) =>
      s.photo !== frame.id &&
      s.at !== null &&
      Math.abs(s.at - at) <= SAME_PASS_MS &&
      (s.camera === undefined || frame.camera === undefined || s.camera === frame.camera),
  );
}

const doubted = (c: BibCandidate, doubt: Doubt): BibCandidate => ({ ...c, doubts: [...c.doubts, doubt] });

/** Years printed on banners, bibs and shirts outnumber runners who wear one as their number. */
const looksLikeYear = (bib: number) => bib >= 1950 && bib <= 2035;

/**
 * Numbers a person should look at whatever the reader's confidence: a lone
 * digit (as often a sign, a wave or a stray mark; unclear ones are dropped)
 * and a year, unless the number is the big print of a bib, with its event
 * name or distance stacked above or below it.
 */
function withShapeDoubts(c: BibCandidate): BibCandidate[] {
  if (c.printed) return [c];
  if (c.bib < 10) return c.confidence >= SHORT_REVIEW_FLOOR ? [{ ...doubted(c, "short"), reviewOnly: true }] : [];
  if (looksLikeYear(c.bib)) return [{ ...doubted(c, "year"), reviewOnly: true }];
  return [c];
}

/**
 * The start list's word on a candidate: a registered bib stands; one that is
 * not waits for a person, along with the registered bibs one digit away (a
 * covered, cut or misread digit) when there are few enough to pick from, or
 * few of them are tagged in the race's photos of around the same time. A
 * reading that may have lost a digit brings the registered bibs it may be the
 * rest of, whether it is registered itself or not.
 */
function withStartList(c: BibCandidate, race: RaceContext, proven: (bib: number) => boolean): BibCandidate[] {
  const evidence = listEvidence(c.bib, race.registered, c.gone, proven);
  if (evidence.kind === "unknown") return [c];
  const others = evidence.kind === "registered" ? (evidence.longer ?? []) : evidence.near;
  // A short reading with the whole bib on the list waits for a person too.
  const reading = evidence.kind === "unregistered" ? { ...doubted(c, "unregistered"), reviewOnly: true } : others.length ? { ...c, reviewOnly: true } : c;
  // A reading with a digit gone brings the bibs one digit longer at that end; otherwise one digit differs.
  return [reading, ...offered(c, others, c.gone ? "longer-registered" : "near-registered", proven)];
}

/** Doubts of a bib offered in place of another reading (offered): not a number read itself. */
export const OFFERED_DOUBTS = ["near-registered", "longer-registered", "longer-proven"] as const satisfies Doubt[];

/** `bibs` offered for review in place of reading `c`, sharing its confidence (each is that much less likely). */
function offered(c: BibCandidate, bibs: number[], why: (typeof OFFERED_DOUBTS)[number], proven: (bib: number) => boolean): BibCandidate[] {
  const share = NEAR_SHARE / bibs.length;
  return bibs.map((bib) => {
    const doubts: Doubt[] = [...c.doubts, why, ...(why !== "longer-proven" && proven(bib) ? (["proven"] as const) : [])];
    return { ...c, doubts, bib, confidence: c.confidence * share, reviewOnly: true };
  });
}

/**
 * Without a start list, a reading that may have lost a digit brings the bibs
 * tagged in the race's photos of around the same time with one digit more at
 * that end (the runner's other frames at the photo point often show the whole
 * bib), and waits for a person with them. With a list, withStartList offers
 * the registered ones.
 */
function withProvenLonger(c: BibCandidate, race: RaceContext, proven: (bib: number) => boolean): BibCandidate[] {
  if (!c.gone || race.registered.size > 0) return [c];
  const longer = oneDigitMore(c.bib, c.gone).filter(proven);
  if (!longer.length || longer.length > MAX_NEAR) return [c];
  return [{ ...c, reviewOnly: true }, ...offered(c, longer, "longer-proven", proven)];
}

/**
 * A number read whole in this frame alone, while a bib one digit longer is
 * tagged in another frame of the same pass, is most likely that runner's bib
 * with a digit covered by a hand or an arm (which leaves no sign in the
 * reading): it waits for a person, with the longer bibs offered. A runner
 * really wearing the shorter number shows it in their other frames too, and
 * keeps the tag. Photos of unknown time are left alone.
 */
function withLongerInPass(c: BibCandidate, race: RaceContext, frame: PassFrame | undefined, proven: (bib: number) => boolean): BibCandidate[] {
  if (c.gone || c.reviewOnly || !frame) return [c];
  if (inSamePass(race.proven, c.bib, frame) || inSamePass(race.read, c.bib, frame)) return [c];
  const longer = [...oneDigitMore(c.bib, "start"), ...oneDigitMore(c.bib, "end")].filter((bib) => inSamePass(race.proven, bib, frame));
  if (!longer.length || longer.length > MAX_NEAR) return [c];
  return [{ ...doubted(c, "longer-in-pass"), reviewOnly: true }, ...offered(c, longer, "longer-proven", proven)];
}

/**
 * A reading too unsure to be tagged on its own (blur, small or faint print)
 * of a bib tagged in another frame of the same pass is that runner seen
 * again: tagged, with the doubt that says why. A reading a person must look
 * at for another reason (a digit that may be gone, a year, a lone digit)
 * still waits; so does noise under the review floor.
 */
function withTagInPass(c: BibCandidate, race: RaceContext, frame: PassFrame | undefined): BibCandidate {
  if (c.reviewOnly || !frame || c.confidence >= race.autoThreshold || c.confidence < REVIEW_FLOOR) return c;
  if (!inSamePass(race.proven, c.bib, frame)) return c;
  return { ...doubted(c, "in-pass"), confidence: race.autoThreshold };
}

/**
 * A number the photo's camera read all through the race is the place's, not a
 * runner's: dropped, unless it is a bib's print, the timing file has its
 * runner crossing the photo point now, or the camera read it only now and then
 * (then a person looks, it may be both). One the camera read only now and then
 * on a bib's print is a runner lapping past, decided as any runner. One read
 * often waits for a person unless a bib's print is stacked on it here or in
 * another photo of around this time (anywhere, when a time is unknown): a
 * runner's frames of unknown time are each a moment, and a sign is no bib.
 */
function withScenery(
  c: BibCandidate,
  { scenery, oftenRead, comesAndGoes }: Scenery,
  onBibElsewhere: (bib: number) => boolean,
  passing: (bib: number) => boolean,
): BibCandidate[] {
  const lapping = comesAndGoes.has(c.bib);
  if (scenery.has(c.bib) && !(lapping && c.printed)) return c.printed || lapping || passing(c.bib) ? [{ ...doubted(c, "scenery"), reviewOnly: true }] : [];
  if (oftenRead.has(c.bib) && !c.printed && !onBibElsewhere(c.bib)) return [{ ...doubted(c, "often-read"), reviewOnly: true }];
  return [c];
}

/** A number the same runner shows one digit longer in another frame of the burst has a digit covered here: a person looks. */
function withBurst(c: BibCandidate, burst: SeenInBurst[], frame: { width: number; height: number }): BibCandidate {
  if (!cutInBurst(c.bib, c.box, burst, frame)) return c;
  return { ...doubted(c, "burst-cut"), confidence: c.confidence / 2, reviewOnly: true };
}

/** The most confident candidate of each bib (a near-registered guess may repeat a number read plainly elsewhere). */
function strongestPerBib(candidates: BibCandidate[]): BibCandidate[] {
  const best = new Map<number, BibCandidate>();
  for (const c of candidates) {
    const seen = best.get(c.bib);
    if (!seen || c.confidence > seen.confidence || (c.confidence === seen.confidence && !c.reviewOnly)) best.set(c.bib, c);
  }
  return [...best.values()].sort((a, b) => b.confidence - a.confidence);
}

/**
 * Every bib deciding a photo's `lines` may ask the start list or the timing
 * file about: each candidate and the bibs one digit away from it (the
 * registered bibs a partial or misread number is offered as).
 */
export function bibsInQuestion(lines: TextReading[], frame: { width: number; height: number }, rules: BibRules): number[] {
  const bibs = new Set<number>();
  for (const { bib } of bibCandidates(lines, frame, rules)) for (const b of [bib, ...oneEditAway(bib)]) bibs.add(b);
  return [...bibs];
}

/**
 * The whole decision for one photo's text lines: plausibility, scenery, the race's other photos, the start
 * list, the photo's burst (`burst`: bibs proven in its other frames, burst-store.ts provenNearby), timing,
 * then the threshold. `photo`: its id, so that its own tags and readings do not count as another frame's, and camera.
 */
export function decidePhoto(
  lines: TextReading[],
  frame: { width: number; height: number },
  takenAt: Date | null,
  race: RaceContext,
  { burst = [], photo }: { burst?: SeenInBurst[]; photo?: { id: number; camera?: string } } = {},
): Decision[] {
  // This photo as a frame of a runner's pass at a photo point (its time known).
  const frameOfPass = takenAt ? { id: photo?.id, takenAt, camera: photo?.camera } : undefined;
  // Tagged in the race's photos of around this one's time.
  const proven = (bib: number) => provenNear(race.proven, bib, takenAt);
  const scenery = sceneryAt(race.scenery, photo?.camera);
  const candidates = bibCandidates(lines, frame, race.rules)
    .flatMap((c) =>
      withScenery(
        c,
        scenery,
        (bib) => provenNear(race.onBibs, bib, takenAt, photo?.id),
        (bib) => timingEvidence(bib, takenAt, race.passings, race.timing) === "near",
      ),
    )
    .flatMap((c) => withProvenLonger(c, race, proven))
    // A burst showing the longer bib at the same place in the frame says more, with its frame (withBurst).
    .flatMap((c) => (cutInBurst(c.bib, c.box, burst, frame) ? [c] : withLongerInPass(c, race, frameOfPass, proven)))
    .flatMap((c) => withStartList(c, race, proven))
    .flatMap(withShapeDoubts)
    .map((c) => withBurst(c, burst, frame))
    .map((c) => withTagInPass(c, race, frameOfPass))
    .map((c) => {
      const evidence = timingEvidence(c.bib, takenAt, race.passings, race.timing);
      const doubts = evidence === "far" ? [...c.doubts, "timing-far" as const] : evidence === "absent" ? [...c.doubts, "timing-absent" as const] : c.doubts;
      return { ...c, confidence: withTiming(c.confidence, evidence), doubts };
    });
  return decide(strongestPerBib(candidates), race.autoThreshold);
}
