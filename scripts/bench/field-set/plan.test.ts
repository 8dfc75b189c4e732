import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FIELD_MAX_BIB, fieldLabelOf, planFieldSet, type FieldSplit } from "./plan.ts";

const FIXTURES = path.resolve(import.meta.dirname, "../../../tests/fixtures");
const DIRS: Record<FieldSplit, string> = { field: "field-bibs", tune: "tune-bibs", race: "race-bibs", "race-tune": "race-tune-bibs" };

describe("the field generator", () => {
  it.each(Object.keys(DIRS) as FieldSplit[])("still draws the committed labels of the %s split", (split) => {
    const committed = JSON.parse(fs.readFileSync(path.join(FIXTURES, DIRS[split], "labels.json"), "utf8"));
    expect({ bibRanges: `1-${FIELD_MAX_BIB}`, photos: planFieldSet(split).map(fieldLabelOf) }).toEqual(committed);
  });

  it.each(["race", "race-tune"] as const)("shows the %s split's runners in several frames, a few seconds apart", (split) => {
    const plans = planFieldSet(split);
    const seen = new Map<number, number[]>();
    for (const plan of plans) for (const r of plan.runners) seen.set(r.bib, [...(seen.get(r.bib) ?? []), Date.parse(plan.takenAt ?? "")]);
    const several = [...seen.values()].filter((times) => times.length >= 2);
    expect(several.length / seen.size).toBeGreaterThan(0.75);
    for (const times of several) expect(Math.max(...times) - Math.min(...times)).toBeLessThanOrEqual(16_000);
  });
});
