import { describe, expect, it } from "vitest";
import { parseBibRanges } from "../../domain/bibs.ts";
import { decide, decidePhoto, REVIEW_FLOOR } from "./decide.ts";
import { numberText } from "./ctc-decode.ts";
import { bibCandidates, DEFAULT_RULES, mayBePartial } from "./plausibility.ts";
import { DEFAULT_TIMING_WINDOW } from "./timing.ts";
import type { TextReading } from "./read-text.ts";

const frame = { width: 2400, height: 1600 };

/** A confidently read line with a box of `height` px centred at (cx, cy). */
function line(text: string, opts: Partial<TextReading> & { cx?: number; cy?: number; h?: number; conf?: number } = {}): TextReading {
  const { cx = 1200, cy = 800, h = 100, conf = 0.99, ...rest } = opts;
  return {
    text,
    confidences: [...text].map(() => conf),
    detectionScore: 0.99,
    box: { cx, cy, width: h * 0.6 * text.length, height: h, angle: 0 },
    ...rest,
  };
}

const bibs = (lines: TextReading[], rules = DEFAULT_RULES) => bibCandidates(lines, frame, rules).map((c) => c.bib);

describe("bib plausibility", () => {
  it("keeps one number of 1 to 5 digits without a leading zero", () => {
    const lines = [
      line("7", { cx: 200 }),
      line("42", { cx: 500 }),
      line("123456", { cx: 900 }),
      line("0123", { cx: 1300 }),
      line("10745", { cx: 1700 }),
      line("4 21", { cx: 2000 }),
    ];
    expect(bibs(lines).sort()).toEqual([10745, 42, 7]);
  });

  it("drops numbers outside the race's bib list when the list is known", () => {
    const rules = { ...DEFAULT_RULES, ranges: parseBibRanges("1-1200 5001-5400") };
    expect(bibs([line("1201", { cx: 500 }), line("5200", { cx: 1500 })], rules)).toEqual([5200]);
    expect(bibs([line("1201", { cx: 500 }), line("5200", { cx: 1500 })])).toEqual(expect.arrayContaining([1201, 5200]));
  });

  it("drops signs: a number printed next to words on the same line", () => {
    expect(bibs([line("KM", { cx: 1000 }), line("21", { cx: 1140 })])).toEqual([]);
    expect(bibs([line("42K")])).toEqual([]);
    // A word far away, or far smaller, does not make a bib a sign.
    expect(bibs([line("KM", { cx: 300 }), line("21", { cx: 1200 })])).toEqual([21]);
    expect(bibs([line("ACME", { cx: 1200, cy: 700, h: 30 }), line("215", { cx: 1200 })])).toEqual([215]);
  });

  it("drops a piece of a longer figure read again on the same line (a phone number, a distance, a year)", () => {
    // "0800 555 1234" read whole as far as a head lets it, and its middle group in a box of its own.
    expect(bibs([line("08005551", { cx: 1000 }), line("555", { cx: 1100 })])).toEqual([]);
    expect(bibs([line("42.195", { cx: 1000 }), line("95", { cx: 1120 })])).toEqual([]);
    // A bib read short in one look and whole in another: the whole one stands.
    expect(bibs([line("1757", { cx: 1000 }), line("757", { cx: 1040 })])).toEqual([1757]);
    // The same digits on another line, or a number beside another it is not part of, stand.
    expect(bibs([line("08005551", { cx: 1000, cy: 300 }), line("555", { cx: 1000, cy: 900 })])).toEqual([555]);
    expect(bibs([line("1757", { cx: 600 }), line("757", { cx: 1800 })]).sort()).toEqual([1757, 757]);
  });

  it("reads a number past the dots and dashes a pin or a crease adds at its ends, not inside it", () => {
    expect(numberText("1046.")).toBe("1046");
    expect(numberText("-713..")).toBe("713");
    expect(numberText("42.195")).toBe("42.195");
    expect(bibs([line("1046.", { cx: 600 }), line("42.195", { cx: 1800 })])).toEqual([1046]);
    // A trailing dot does not make a number a word beside another one.
    expect(bibs([line("12.", { cx: 1000 }), line("21", { cx: 1140 })]).sort()).toEqual([12, 21]);
  });

  it("knows a number printed on a bib by the smaller print stacked above or below it", () => {
    const onBib = [line("MEDIA MARATON", { cy: 680, h: 40 }), line("7"), line("21K", { cy: 920, h: 35 })];
    expect(bibCandidates(onBib, frame)[0]).toMatchObject({ bib: 7, printed: true });
    // A sign's number alone, print beside it on the same line, or text far off or as big does not count.
    expect(bibCandidates([line("23")], frame)[0].printed).toBeUndefined();
    expect(bibCandidates([line("23"), line("CALLE", { cx: 1200, cy: 300, h: 40 })], frame)[0].printed).toBeUndefined();
    expect(bibCandidates([line("23"), line("PUESTO", { cy: 680, h: 100 })], frame)[0].printed).toBeUndefined();
  });

  it("doubts a number whose wider cut shows letters beside it (a sign's \"10K\" the detector's box cut short)", () => {
    const sign = bibCandidates([line("10", { wide: { text: "10K", confidences: [0.65, 0.48, 0.55] } })], frame)[0];
    expect(sign).toMatchObject({ bib: 10, doubts: ["unstable"] });
    expect(sign.confidence).toBeLessThan(0.7);
    // A pin or a crease beside a bib's number is no letter.
    expect(bibCandidates([line("626", { wide: { text: "#626#", confidences: [0.5, 0.9, 0.99, 0.96, 0.85] } })], frame)[0].doubts).toEqual([]);
  });

  it("doubts a number that sits half a digit or more off the centre of its bib's print (a covered or cut digit)", () => {
    // "52" of a hidden 522: the event name above is centred on the whole number, not on what is read.
    const covered = [line("52", { cx: 1140 }), line("CROSS DEL SUR", { cx: 1200, cy: 690, h: 35 })];
    // Read left of the print's centre: the digit gone is the last.
    expect(bibCandidates(covered, frame)[0]).toMatchObject({ bib: 52, doubts: ["off-centre"], gone: "end" });
    const firstGone = [line("22", { cx: 1260 }), line("CROSS DEL SUR", { cx: 1200, cy: 690, h: 35 })];
    expect(bibCandidates(firstGone, frame)[0]).toMatchObject({ bib: 22, gone: "start" });
    expect(bibCandidates(covered, frame)[0].confidence).toBeLessThan(0.7);
    // Centred under its print, or under one of two prints, it stands.
    const whole = [line("522", { cx: 1200 }), line("CROSS DEL SUR", { cx: 1205, cy: 690, h: 35 })];
    expect(bibCandidates(whole, frame)[0]).toMatchObject({ bib: 522, doubts: [] });
    const twoPrints = [...whole, line("SPONSOR", { cx: 1300, cy: 910, h: 35 })];
    expect(bibCandidates(twoPrints, frame)[0].doubts).toEqual([]);
    // A year or a logo in a corner of the bib is no centre to measure from.
    expect(bibCandidates([line("522", { cx: 1200 }), line("2024", { cx: 1080, cy: 690, h: 35 })], frame)[0].doubts).toEqual([]);
    // Without print on its bib there is nothing to be centred on.
    expect(bibCandidates([line("52", { cx: 1140 })], frame)[0].doubts).toEqual([]);
  });

  it("tags a lone digit or a year on its own when it is a bib's print, and leaves them to a person otherwise", () => {
    const race = {
      rules: DEFAULT_RULES,
      registered: new Set<number>(),
      autoThreshold: 0.9,
      timing: DEFAULT_TIMING_WINDOW,
      passings: new Map(),
      scenery: new Map(),
      proven: new Map(),
      read: new Map(),
      onBibs: new Map(),
    };
    const status = (lines: TextReading[]) => decidePhoto(lines, frame, null, race).map((d) => `${d.bib}:${d.status}`);
    expect(status([line("CITY HALF", { cy: 680, h: 40 }), line("4")])).toEqual(["4:auto"]);
    expect(status([line("2018"), line("42K", { cy: 920, h: 35 })])).toEqual(["2018:auto"]);
    expect(status([line("4")])).toEqual(["4:pending"]);
    expect(status([line("1988")])).toEqual(["1988:pending"]);
  });

  it("sends a number the whole-number verifier finds cut, covered or off a bib to a person, with its doubt", () => {
    const decided = (whole?: number) => decide(bibCandidates([line("133", { whole })], frame), 0.7).map((d) => `${d.bib}:${d.status}:${d.doubts.join(",")}`);
    expect(decided(0.004)).toEqual(["133:pending:not-whole"]);
    expect(decided(0.3)).toEqual(["133:auto:"]);
    // Read before the verifier came (stored readings decided again): as before.
    expect(decided(undefined)).toEqual(["133:auto:"]);
  });

  it("drops scenery read without a bib's print, and sends a number read often without one to a person", () => {
    const race = {
      rules: DEFAULT_RULES,
      registered: new Set<number>(),
      autoThreshold: 0.9,
      timing: DEFAULT_TIMING_WINDOW,
      passings: new Map(),
      scenery: new Map([["name:", { scenery: new Set([1280, 42]), oftenRead: new Set([1280, 42, 23]), comesAndGoes: new Set([42]) }]]),
      proven: new Map(),
      read: new Map(),
      onBibs: new Map(),
    };
    const decided = (lines: TextReading[]) => decidePhoto(lines, frame, null, race).map((d) => `${d.bib}:${d.status}:${d.doubts.join(",")}`);
    expect(decided([line("1280")])).toEqual([]);
    // Scenery by its count, but read only now and then (a runner lapping past): a person looks, unless it is on a bib.
    expect(decided([line("42")])).toEqual(["42:pending:scenery"]);
    expect(decided([line("CITY HALF", { cy: 680, h: 40 }), line("42")])).toEqual(["42:auto:"]);
    expect(decided([line("23")])).toEqual(["23:pending:often-read"]);
    // On a bib, with its event name stacked above it, a number read often is still a runner's.
    expect(decided([line("CITY HALF", { cy: 680, h: 40 }), line("23")])).toEqual(["23:auto:"]);
    expect(decided([line("CITY HALF", { cy: 680, h: 40 }), line("1280")])).toEqual(["1280:pending:scenery"]);
    expect(decided([line("512")])).toEqual(["512:auto:"]);
    // Read on a bib's print in another photo (of unknown time, or minutes away at most), it is a runner's here too.
    const onBibs = new Map([[23, [{ photo: 7, at: null }]]]);
    expect(decidePhoto([line("23")], frame, null, { ...race, onBibs }, { photo: { id: 3 } }).map((d) => d.status)).toEqual(["auto"]);
    // Its own photo is no other photo.
    expect(decidePhoto([line("23")], frame, null, { ...race, onBibs }, { photo: { id: 7 } }).map((d) => d.status)).toEqual(["pending"]);
    const at = Date.parse("2025-08-10T12:00:00Z");
    const timed = new Map([[23, [{ photo: 7, at }]]]);
    expect(decidePhoto([line("23")], frame, new Date(at + 60_000), { ...race, onBibs: timed }).map((d) => d.status)).toEqual(["auto"]);
    expect(decidePhoto([line("23")], frame, new Date(at + 30 * 60_000), { ...race, onBibs: timed }).map((d) => d.status)).toEqual(["pending"]);
  });

  it("drops scenery only in the photos of the camera that read it minute after minute", () => {
    const signAtFinish = { scenery: new Set([10]), oftenRead: new Set([10, 23]), comesAndGoes: new Set<number>() };
    const nothing = { scenery: new Set<number>(), oftenRead: new Set<number>(), comesAndGoes: new Set<number>() };
    const race = {
      rules: DEFAULT_RULES,
      registered: new Set<number>(),
      autoThreshold: 0.9,
      timing: DEFAULT_TIMING_WINDOW,
      passings: new Map(),
      scenery: new Map([
        ["finish", signAtFinish],
        ["km5", nothing],
      ]),
      proven: new Map(),
      read: new Map(),
      onBibs: new Map(),
    };
    const decided = (camera?: string) =>
      decidePhoto([line("10"), line("23")], frame, null, race, { photo: { id: 1, camera } }).map((d) => `${d.bib}:${d.status}`);
    // The finish's km sign, and a runner who stayed in its photographer's view for minutes.
    expect(decided("finish")).toEqual(["23:pending"]);
    // Runner 10 and runner 23 passing the photo point at km 5.
    expect(decided("km5")).toEqual(["10:auto", "23:auto"]);
    // A photo whose camera is not known is decided with every camera's scenery.
    expect(decided(undefined)).toEqual(["23:pending"]);
    // When the timing file has runner 10 crossing the photo point as the finish's photo is taken, a person looks.
    const at = Date.parse("2025-08-10T12:00:00Z");
    const passings = new Map([[10, [new Date(at + 20_000)]]]);
    const timed = (minutes: number) =>
      decidePhoto([line("10")], frame, new Date(at + minutes * 60_000), { ...race, passings }, { photo: { id: 1, camera: "finish" } }).map(
        (d) => `${d.bib}:${d.status}:${d.doubts.join(",")}`,
      );
    expect(timed(0)).toEqual(["10:pending:scenery"]);
    expect(timed(5)).toEqual([]);
  });

  it("merges the same number read twice into its most confident reading", () => {
    const candidates = bibCandidates([line("305", { cx: 600, conf: 0.7 }), line("305", { cx: 1800, conf: 0.98 })], frame);
    expect(candidates).toHaveLength(1);
    expect(candidates[0].confidence).toBeCloseTo(0.98, 2);
  });

  it("takes the weakest character as the reading's confidence", () => {
    const [c] = bibCandidates([{ ...line("512"), confidences: [0.99, 0.62, 0.97] }], frame);
    expect(c.confidence).toBeCloseTo(0.62, 2);
    expect(c.doubts).toContain("low-score");
    // A pin's dot beside the number is no character of it: "1380." read surely is a sure 1380.
    const [dotted] = bibCandidates([{ ...line("1380."), confidences: [0.99, 0.98, 0.99, 0.97, 0.41] }], frame);
    expect(dotted).toMatchObject({ bib: 1380, doubts: [] });
    expect(dotted.confidence).toBeCloseTo(0.97, 2);
  });

  it("doubts numbers at the frame edge and small print beside a bigger number", () => {
    const [edge] = bibCandidates([line("36", { cx: 40 })], frame);
    expect(edge.doubts).toEqual(["frame-edge"]);
    expect(edge.confidence).toBeLessThan(0.6);
    const small = bibCandidates([line("815"), line("2025", { cx: 1150, cy: 720, h: 25 })], frame).find((c) => c.bib === 2025)!;
    expect(small.doubts).toContain("small-print");
  });

  it("does not doubt a number at the frame edge that the race's ranges allow no longer bib around", () => {
    const rules = { ...DEFAULT_RULES, ranges: parseBibRanges("1-2999") };
    const [whole] = bibCandidates([line("1501", { cx: 40 })], frame, rules);
    expect(whole.doubts).toEqual([]);
    // Three digits of the same bib may be what the frame left of 1501.
    const [cut] = bibCandidates([line("501", { cx: 40 })], frame, rules);
    expect(cut).toMatchObject({ doubts: ["frame-edge"], gone: "start" });
    // At the right edge the last digit may be gone; at the bottom edge, either.
    expect(bibCandidates([line("150", { cx: 2370 })], frame, rules)[0].gone).toBe("end");
    expect(bibCandidates([line("150", { cy: 1580 })], frame, rules)[0].gone).toBe("either");
  });

  it("doubts a number when the reader half saw a digit past one of its ends (a digit half under a hand)", () => {
    const rules = { ...DEFAULT_RULES, ranges: parseBibRanges("1-2999") };
    const [cut, whole] = bibCandidates([line("133", { beyond: { start: 0, end: 0.3, endDigit: "7" } })], frame, rules);
    expect(cut).toMatchObject({ bib: 133, doubts: ["half-digit"], gone: "end" });
    expect(cut.confidence).toBeLessThan(0.5);
    // The digit it leant to makes the whole number, which a person confirms.
    expect(whole).toMatchObject({ bib: 1337, doubts: ["half-digit"], reviewOnly: true });
    expect(bibCandidates([line("133", { beyond: { start: 0.2, end: 0.1 } })], frame, rules)[0].gone).toBe("either");
    // A trace under 0.1 is a whole number's ink or noise; and 1501 has no longer bib in 1–2999 to be part of.
    expect(bibCandidates([line("133", { beyond: { start: 0.05, end: 0.02 } })], frame, rules)[0].doubts).toEqual([]);
    expect(bibCandidates([line("1501", { beyond: { start: 0.4, end: 0 } })], frame, rules)[0].doubts).toEqual([]);
  });

  it("leaves a number read between a bib's print, where the detector saw none, to a person", () => {
    const [c] = bibCandidates([{ ...line("7", { h: 180 }), between: true }], frame);
    expect(c).toMatchObject({ bib: 7, doubts: ["between-print"], reviewOnly: true });
    // The same number read plainly elsewhere in the photo stands on that reading.
    const both = bibCandidates([{ ...line("27", { h: 180 }), between: true, confidences: [0.8, 0.8] }, line("27", { cx: 400 })], frame);
    expect(both).toMatchObject([{ bib: 27, doubts: [] }]);
    expect(both[0].reviewOnly).toBeUndefined();
  });

  it("knows which readings can be a longer bib with a digit gone", () => {
    const upTo2999 = (text: string) => /^[1-9][0-9]*$/.test(text) && Number(text) <= 2999;
    expect(mayBePartial("501", upTo2999)).toBe(true);
    expect(mayBePartial("299", upTo2999)).toBe(true);
    expect(mayBePartial("1501", upTo2999)).toBe(false);
    expect(mayBePartial("3000", upTo2999)).toBe(false);
  });

  it("takes the longer number when a wider cut reads one digit more or less, and leaves the shorter to a person", () => {
    const clipped = { ...line("573"), wide: { text: "5738", confidences: [0.99, 0.99, 0.98, 0.95] } };
    expect(bibCandidates([clipped], frame).map((c) => [c.bib, c.doubts])).toEqual([
      [5738, []],
      [573, ["unstable"]],
    ]);
    const lost = { ...line("1070"), wide: { text: "107", confidences: [0.99, 0.99, 0.9] } };
    const [whole, part] = bibCandidates([lost], frame);
    expect([whole.bib, part.bib]).toEqual([1070, 107]);
    expect(part.confidence).toBeLessThan(0.6);
  });

  it("doubts a number that reads as another one from a wider cut, and offers both for review", () => {
    const swapped = { ...line("891"), wide: { text: "391", confidences: [0.9, 0.99, 0.99] } };
    const candidates = bibCandidates([swapped], frame);
    expect(candidates.map((c) => c.bib).sort()).toEqual([391, 891]);
    for (const c of candidates) {
      expect(c.doubts).toContain("unstable");
      expect(c.confidence).toBeLessThan(0.6);
    }
  });

  it("takes the reading clearly surer of the one digit two readings disagree on, and leaves the other to a person", () => {
    const wider = line("574", { confidences: [0.72, 0.99, 0.99], wide: { text: "674", confidences: [0.9, 0.99, 0.99] } });
    expect(bibCandidates([wider], frame)).toMatchObject([
      { bib: 674, doubts: [] },
      { bib: 574, doubts: ["unstable"] },
    ]);
    const narrow = line("558", { confidences: [0.99, 0.99, 0.94], wide: { text: "588", confidences: [0.99, 0.73, 0.99] } });
    expect(bibCandidates([narrow], frame).map((c) => c.bib)).toEqual([558, 588]);
    // Neither clearly surer: both wait.
    const torn = line("891", { confidences: [0.54, 0.99, 0.99], wide: { text: "391", confidences: [0.49, 0.99, 0.99] } });
    expect(bibCandidates([torn], frame).every((c) => c.confidence < 0.7 && c.doubts.includes("unstable"))).toBe(true);
  });

  it("ignores stray marks and implausible digits around a number in its wider reading", () => {
    const rules = { ...DEFAULT_RULES, ranges: parseBibRanges("10-1999 5001-5999") };
    const pinned = { ...line("1200"), wide: { text: "#1200-", confidences: [0.5, 0.99, 0.99, 0.99, 0.99, 0.4] } };
    const edged = { ...line("5667", { cx: 400 }), wide: { text: "15667", confidences: [0.99, 0.99, 0.99, 0.99, 0.99] } };
    const candidates = bibCandidates([pinned, edged], frame, rules);
    expect(candidates.map((c) => [c.bib, c.doubts])).toEqual([
      [1200, []],
      [5667, []],
    ]);
  });

  it("splits candidates at the threshold and drops noise under the review floor", () => {
    const candidates = bibCandidates(
      [
        line("101", { cx: 300 }),
        { ...line("202", { cx: 900 }), confidences: [0.6, 0.9, 0.9] },
        { ...line("303", { cx: 1500 }), confidences: [REVIEW_FLOOR / 2, 0.9, 0.9] },
      ],
      frame,
    );
    const decisions = decide(candidates, 0.9);
    expect(decisions.map((d) => [d.bib, d.status])).toEqual([
      [101, "auto"],
      [202, "pending"],
    ]);
  });
});

describe("a number covered across its top or bottom", () => {
  const rules = { ...DEFAULT_RULES, ranges: parseBibRanges("1-2999") };
  const covered = (text: string, first: string, conf = 0.95, firstConf = 0.98) =>
    line(text, { conf, across: { edge: "bottom", first: { text: first, confidences: [...first].map(() => firstConf) } } });

  it("takes the number read again with some of the cover in the cut, and leaves the first reading to a person", () => {
    const [taken, first] = [1597, 1507].map((bib) => bibCandidates([covered("1597", "1507")], frame, rules).find((c) => c.bib === bib));
    // Sure enough to tag (the default threshold is 0.7); the first reading never is.
    expect(taken).toMatchObject({ confidence: 0.95, doubts: ["covered"] });
    expect(first).toMatchObject({ confidence: 0.5, doubts: ["covered"] });
  });

  it("is no surer of the second reading than it was of the first", () => {
    const taken = bibCandidates([covered("188", "288", 0.99, 0.21)], frame, rules).find((c) => c.bib === 188);
    expect(taken?.confidence).toBeCloseTo(0.21);
  });

  it("keeps the first reading when the second is no bib of the race", () => {
    expect(bibs([covered("3700", "370")], rules)).toEqual([370]);
  });

  it("reads a lettered first reading's number as any other", () => {
    expect(bibs([covered("650", "65U")], rules)).toEqual([650]);
  });
});
