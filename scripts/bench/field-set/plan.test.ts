import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FIELD_MAX_BIB, FIELD_SPLITS, fieldLabelOf, fieldSetFolder, planFieldSet } from "./plan.ts";

const FIXTURES = path.resolve(import.meta.dirname, "../../../tests/fixtures");

describe("the field generator", () => {
  it.each(FIELD_SPLITS)("still draws the committed labels of the %s split", (split) => {
    const committed = JSON.parse(fs.readFileSync(path.join(FIXTURES, fieldSetFolder(split), "labels.json"), "utf8"));
    expect({ bibRanges: `1-${FIELD_MAX_BIB}`, photos: planFieldSet(split).map(fieldLabelOf) }).toEqual(committed);
  });

  // The tuning draw is denser: more of its runners are crowded out of all but one frame.
  it.each([
    ["race", 0.8],
    ["race-tune", 0.75],
  ] as const)("shows the %s split's runners in several frames, a few seconds apart", (split, share) => {
    const plans = planFieldSet(split);
    const seen = new Map<number, number[]>();
    for (const plan of plans) for (const r of plan.runners) seen.set(r.bib, [...(seen.get(r.bib) ?? []), Date.parse(plan.takenAt ?? "")]);
    const several = [...seen.values()].filter((times) => times.length >= 2);
    expect(several.length / seen.size).toBeGreaterThan(share);
    for (const times of several) expect(Math.max(...times) - Math.min(...times)).toBeLessThanOrEqual(16_000);
  });

  it.each(["close", "close-tune"] as const)("frames the %s split's nearest runner close, the bib whole in the photo", (split) => {
    for (const plan of planFieldSet(split)) {
      const nearest = plan.runners.reduce((a, b) => (b.bibWidth > a.bibWidth ? b : a));
      expect(nearest.bibWidth / plan.width).toBeGreaterThanOrEqual(0.2);
      expect(nearest.bibWidth / plan.width).toBeLessThanOrEqual(0.5);
      if (nearest.occluder.kind === "frame") continue;
      expect(nearest.x * plan.width - nearest.bibWidth / 2).toBeGreaterThan(0);
      expect(nearest.x * plan.width + nearest.bibWidth / 2).toBeLessThan(plan.width);
    }
  });
});
