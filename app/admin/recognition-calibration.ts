// What each auto-tagging threshold gave on the benchmark's field set, the set
// nothing is tuned on (`npm run bench -- bibs`, docs/decisions/0006): the share
// of automatic tags that were right, and the share of bibs tagged with no
// human look. Shown beside the threshold so an operator knows what a setting buys.
// Re-measure and update when recognition changes.

export type CalibrationRow = { threshold: number; precision: number; recall: number; precisionWithList: number };

export const CALIBRATION_MEASURED = "2026-11-25";

// The reader's confidence is not calibrated: the wrong tags left (numbers on
// signs, partial reads of covered bibs) are read as confidently as bibs, so a
// higher threshold buys little precision; a start list buys more.
export const CALIBRATION: CalibrationRow[] = [
  { threshold: 0.6, precision: 0.875, recall: 0.844, precisionWithList: 0.944 },
  { threshold: 0.7, precision: 0.881, recall: 0.837, precisionWithList: 0.944 },
  { threshold: 0.8, precision: 0.881, recall: 0.837, precisionWithList: 0.944 },
  { threshold: 0.85, precision: 0.88, recall: 0.83, precisionWithList: 0.944 },
  { threshold: 0.9, precision: 0.878, recall: 0.819, precisionWithList: 0.943 },
  { threshold: 0.95, precision: 0.885, recall: 0.816, precisionWithList: 0.943 },
  { threshold: 0.98, precision: 0.884, recall: 0.809, precisionWithList: 0.942 },
];
