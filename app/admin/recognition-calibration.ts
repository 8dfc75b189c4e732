// What each auto-tagging threshold gave on the benchmark's field set, the set
// nothing is tuned on (`npm run bench -- bibs`, docs/decisions/0006): the share
// of automatic tags that were right, and the share of bibs tagged with no
// human look. Shown beside the threshold so an operator knows what a setting buys.
// Re-measure and update when recognition changes.

export type CalibrationRow = { threshold: number; precision: number; recall: number; precisionWithList: number };

export const CALIBRATION_MEASURED = "2026-12-06";

// The reader's confidence is not calibrated: the wrong tags left (partial
// reads of bibs with a whole digit covered that the whole-number verifier
// passes, a sign's number seen in too few photos to count as scenery) are read
// as confidently as bibs, so a higher threshold buys little precision; a start
// list buys more.
export const CALIBRATION: CalibrationRow[] = [
  { threshold: 0.6, precision: 0.969, recall: 0.894, precisionWithList: 0.992 },
  { threshold: 0.7, precision: 0.969, recall: 0.89, precisionWithList: 0.992 },
  { threshold: 0.8, precision: 0.969, recall: 0.887, precisionWithList: 0.992 },
  { threshold: 0.85, precision: 0.973, recall: 0.879, precisionWithList: 0.992 },
  { threshold: 0.9, precision: 0.972, recall: 0.876, precisionWithList: 0.992 },
  { threshold: 0.95, precision: 0.976, recall: 0.869, precisionWithList: 0.992 },
  { threshold: 0.98, precision: 0.984, recall: 0.848, precisionWithList: 0.996 },
];
