import type { StartListLineError, TimingLineError } from "../../.server/recognition/index.ts";
import type { taggingData } from "../../admin/tagging-data.ts";

/** What the tagging screen's loader gives its two modes. */
export type TaggingData = Awaited<ReturnType<typeof taggingData>>;

/** Which photos the tagging screen shows, and how (its query). */
export type TaggingView = TaggingData["view"];

/** The tagging screen's own address with some of its query changed. */
export type TaggingLink = (patch: Partial<TaggingView>) => string;

/** A line of a timing file or a start list that could not be read. */
type LineProblem = TimingLineError | StartListLineError;

/** What the review queue's forms answer (routes/admin/race-tagging.tsx's action). */
export type ReviewOutcome =
  | { ok: false; intent: string; error: string; lines?: LineProblem[]; lineCount?: number }
  | { ok: true; intent: "decide" | "undoAuto"; frame?: string }
  | { ok: true; intent: "recognitionSettings" | "clearTiming" | "clearStartList"; redecided: number }
  | { ok: true; intent: "timing"; passings: number; redecided: number; lines: LineProblem[]; lineCount: number }
  | { ok: true; intent: "startList"; entrants: number; redecided: number; lines: LineProblem[]; lineCount: number };
