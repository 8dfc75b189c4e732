import { describe, expect, it } from "vitest";
import { bibsNear, indexPassings, parseTimingCsv, timingEvidence, withTiming } from "./timing.ts";
import { DEFAULT_AUTO_THRESHOLD } from "./decide.ts";

const race = { date: "2025-03-15", timeZone: "America/Argentina/Buenos_Aires" }; // UTC−3

describe("timing file", () => {
  it("reads bib and time in the usual shapes, skipping a header and reporting bad lines", () => {
    const csv = "bib,time\n101,09:12:33\n102,2025-03-15 09:13:00\n103,2025-03-15T12:14:00Z\nabc,09:00:00\n104,soon\n105,25:61:00\n106,2025-02-30 09:00:00\n\n";
    const { passings, errors } = parseTimingCsv(csv, race);
    expect(passings).toEqual([
      { bib: 101, at: new Date("2025-03-15T12:12:33Z") },
      { bib: 102, at: new Date("2025-03-15T12:13:00Z") },
      { bib: 103, at: new Date("2025-03-15T12:14:00Z") },
    ]);
    expect(errors).toEqual([
      { line: 5, problem: "bib", value: "abc" },
      { line: 6, problem: "time", value: "soon" },
      { line: 7, problem: "time", value: "25:61:00" },
      { line: 8, problem: "time", value: "2025-02-30 09:00:00" },
    ]);
  });

  it("reads files as spreadsheets write them: semicolons with decimal commas, tabs, quoted cells, a BOM, Windows line ends", () => {
    const want = [
      { bib: 101, at: new Date("2025-03-15T12:12:33Z") },
      { bib: 102, at: new Date("2025-03-15T12:13:00Z") },
    ];
    expect(parseTimingCsv("\uFEFFdorsal;hora\r\n101;09:12:33,5\r\n102;09:13:00\r\n", race).passings.map((p) => p.bib)).toEqual([101, 102]);
    expect(parseTimingCsv("bib\ttime\n101\t09:12:33\n102\t2025-03-15 09:13:00\n", race).passings).toEqual(want);
    expect(parseTimingCsv('"bib","time","name"\n"101","09:12:33","Pérez, Ana"\n"102","09:13:00","Paz, Eva"\n', race).passings).toEqual(want);
    // A bad row names the line it starts on, blank lines counted.
    expect(parseTimingCsv("bib;time\n\n101;09:12:33\nx;09:13:00\n", race).errors).toEqual([{ line: 4, problem: "bib", value: "x" }]);
  });

  it("needs the race date for bare clock times", () => {
    expect(parseTimingCsv("101,09:12:33", { ...race, date: null }).errors).toEqual([{ line: 1, problem: "noDate", value: "09:12:33" }]);
  });
});

describe("timing match", () => {
  const { passings } = parseTimingCsv("101,09:00:00\n102,09:00:20\n103,10:30:00\n101,11:00:00", race);
  const byBib = indexPassings(passings);
  const photoAt = new Date("2025-03-15T12:00:10Z"); // 09:00:10 in the race's zone

  it("says near within the window, far outside it, absent when the bib never passed", () => {
    expect(timingEvidence(101, photoAt, byBib)).toBe("near");
    expect(timingEvidence(102, photoAt, byBib)).toBe("near");
    expect(timingEvidence(103, photoAt, byBib)).toBe("far");
    expect(timingEvidence(999, photoAt, byBib)).toBe("absent");
    expect(timingEvidence(102, photoAt, byBib, { windowSeconds: 5, offsetSeconds: 0 })).toBe("far");
  });

  it("knows nothing without a capture time or a timing file", () => {
    expect(timingEvidence(101, null, byBib)).toBe("unknown");
    expect(timingEvidence(101, photoAt, new Map())).toBe("unknown");
  });

  it("corrects for a camera clock that runs ahead", () => {
    const late = new Date("2025-03-15T12:02:10Z"); // camera two minutes fast
    expect(timingEvidence(101, late, byBib)).toBe("far");
    expect(timingEvidence(101, late, byBib, { windowSeconds: 30, offsetSeconds: 120 })).toBe("near");
  });

  it("raises confidence when near, lowers it when far or absent, and keeps it otherwise", () => {
    expect(withTiming(0.8, "near")).toBeGreaterThan(0.9);
    expect(withTiming(0.99, "far")).toBeLessThan(0.6);
    expect(withTiming(0.9, "absent")).toBeLessThan(0.9);
    // A sure reading of a bib the timing file never saw here waits for a person at the default threshold.
    expect(withTiming(1, "absent")).toBeLessThan(DEFAULT_AUTO_THRESHOLD);
    expect(withTiming(1, "near")).toBeGreaterThanOrEqual(DEFAULT_AUTO_THRESHOLD);
    expect(withTiming(0.9, "unknown")).toBe(0.9);
    for (const c of [0, 0.3, 0.99, 1])
      for (const e of ["near", "far", "absent", "unknown"] as const) {
        expect(withTiming(c, e)).toBeGreaterThanOrEqual(0);
        expect(withTiming(c, e)).toBeLessThanOrEqual(1);
      }
  });

  it("lists the bibs at the photo point when a photo was taken", () => {
    expect(bibsNear(photoAt, passings)).toEqual([101, 102]);
    expect(bibsNear(null, passings)).toEqual([]);
  });
});

describe("finding 8, timing file: a huge file is indexed in linear time", () => {
  it("indexes 100,000 passings of one bib without copying its list each time", () => {
    const at = new Date("2025-03-15T10:00:00Z");
    const passings = Array.from({ length: 100_000 }, (_, i) => ({ bib: i % 3 === 0 ? 7 : 100_000 + i, at }));
    const byBib = indexPassings(passings);
    expect(byBib.get(7)).toHaveLength(33_334);
    expect(byBib.size).toBe(1 + 100_000 - 33_334);
  });
});
