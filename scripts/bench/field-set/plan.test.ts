import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FIELD_MAX_BIB, FIELD_SPLITS, fieldLabelOf, fieldSetFolder, HIDDEN_ACROSS, isAcross, planFieldSet } from "./plan.ts";

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

  it.each(["cover", "cover-tune"] as const)("covers most of the %s split's numbers across, readable or plainly not", (split) => {
    let across = 0;
    let runners = 0;
    for (const plan of planFieldSet(split)) {
      const label = fieldLabelOf(plan);
      for (const r of plan.runners) {
        runners++;
        if (!isAcross(r.occluder)) continue;
        across++;
        // No cover near the line a person reads past: a label is never a coin toss.
        expect(Math.abs(r.occluder.cover - HIDDEN_ACROSS)).toBeGreaterThanOrEqual(0.05);
        if (r.occluder.cover < HIDDEN_ACROSS) expect(label.classes[r.bib].occlusion).toMatch(/arm above|arm below|jacket hem/);
        else expect(label.hidden).toContain(r.bib);
      }
    }
    expect(across / runners).toBeGreaterThan(0.5);
  });
});
