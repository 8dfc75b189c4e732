import { bibCandidates, type BibCandidate, type BibRules } from "./plausibility.ts";
import type { TextReading } from "./read-text.ts";
import { timingEvidence, withTiming, type TimingWindow } from "./timing.ts";

/** From this confidence up a bib is tagged with no human look (set from the benchmark; see docs/decisions). */
export const DEFAULT_AUTO_THRESHOLD = 0.9;
/** Below this a reading is noise, not worth an operator's keystroke. */
export const REVIEW_FLOOR = 0.15;

export type Decision = BibCandidate & { status: "auto" | "pending" };

/** Splits candidates into automatic tags and review-queue suggestions; the rest are dropped. */
export function decide(candidates: BibCandidate[], autoThreshold: number): Decision[] {
  return candidates
    .filter((c) => c.confidence >= REVIEW_FLOOR)
    .map((c) => ({ ...c, status: c.confidence >= autoThreshold ? ("auto" as const) : ("pending" as const) }));
}

/** What a race brings to the decision: its bib rules, threshold and timing file (by bib). */
export type RaceContext = {
  rules: BibRules;
  autoThreshold: number;
  timing: TimingWindow;
  passings: Map<number, Date[]>;
};

/** The whole decision for one photo's text lines: plausibility, then timing, then the threshold. */
export function decidePhoto(
  lines: TextReading[],
  frame: { width: number; height: number },
  takenAt: Date | null,
  race: RaceContext,
): Decision[] {
  const candidates = bibCandidates(lines, frame, race.rules).map((c) => {
    const evidence = timingEvidence(c.bib, takenAt, race.passings, race.timing);
    const doubts = evidence === "far" ? [...c.doubts, "timing-far" as const] : evidence === "absent" ? [...c.doubts, "timing-absent" as const] : c.doubts;
    return { ...c, confidence: withTiming(c.confidence, evidence), doubts };
  });
  return decide(candidates, race.autoThreshold);
}
