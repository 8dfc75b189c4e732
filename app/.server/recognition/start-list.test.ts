import { describe, expect, it } from "vitest";
import { decidePhoto, type RaceContext } from "./decide.ts";
import { DEFAULT_RULES } from "./plausibility.ts";
import type { TextReading } from "./read-text.ts";
import { listEvidence, oneDigitMore, oneEditAway, parseStartListCsv } from "./start-list.ts";
import { DEFAULT_TIMING_WINDOW } from "./timing.ts";

describe("start list file", () => {
  it("reads bib, name, distance and team by the header's names in any of the three languages", () => {
    const csv = '\uFEFFNombre;Dorsal;Equipo;Distancia\n"Pérez; Ana";1043;Los Andes;21K\nJoão;7;;10K\n';
    const { entrants, errors } = parseStartListCsv(csv);
    expect(errors).toEqual([]);
    expect(entrants).toEqual([
      { bib: 1043, name: "Pérez; Ana", distance: "21K", team: "Los Andes" },
      { bib: 7, name: "João", distance: "10K", team: "" },
    ]);
  });

  it("takes the plain order bib, name, distance, team when there is no header, and reports bad and repeated bibs by line", () => {
    const { entrants, errors } = parseStartListCsv("12,Ana,42K,Club\nABC,Bea\n12,Carla\n0,Dora\n13\n");
    expect(entrants.map((e) => e.bib)).toEqual([12, 13]);
    expect(entrants[0]).toEqual({ bib: 12, name: "Ana", distance: "42K", team: "Club" });
    expect(errors).toEqual([
      { line: 2, problem: "bib", value: "ABC" },
      { line: 3, problem: "duplicate", value: "12" },
      { line: 4, problem: "bib", value: "0" },
    ]);
  });
});

describe("one digit away", () => {
  it("changes, drops or adds one digit, never giving a leading zero", () => {
    const near = oneEditAway(867);
    for (const bib of [8670, 8679, 1867, 86, 67, 87, 868, 967, 857]) expect(near).toContain(bib);
    expect(near).not.toContain(867);
    expect(near).not.toContain(67 * 10 + 8); // two edits
    expect(oneEditAway(10)).not.toContain(0);
    expect(oneEditAway(10).every((b) => !String(b).startsWith("0"))).toBe(true);
  });

  it("names the registered bibs one digit away when there are a few to pick from, and none when too many are", () => {
    const registered = new Set([867, 1203, 1208, 1500, 1501, 1502, 1503]);
    expect(listEvidence(867, registered)).toEqual({ kind: "registered" });
    expect(listEvidence(8670, registered)).toEqual({ kind: "unregistered", near: [867] });
    expect(listEvidence(120, registered)).toEqual({ kind: "unregistered", near: [1203, 1208] }); // the covered last digit
    expect(listEvidence(150, registered)).toEqual({ kind: "unregistered", near: [] }); // four of them: the reading says too little
    expect(listEvidence(5555, registered)).toEqual({ kind: "unregistered", near: [] });
    expect(listEvidence(5555, new Set())).toEqual({ kind: "unknown" });
  });
});

describe("what a reading with a digit gone may be", () => {
  it("adds one digit at the end that went, or anywhere when either could have", () => {
    expect(oneDigitMore(27, "end")).toEqual([270, 271, 272, 273, 274, 275, 276, 277, 278, 279]);
    expect(oneDigitMore(27, "start")).toEqual([127, 227, 327, 427, 527, 627, 727, 827, 927]);
    expect(oneDigitMore(27)).toEqual(expect.arrayContaining([207, 217, 297, 127, 279]));
    expect(oneDigitMore(27)).not.toContain(28);
  });

  it("names the registered bibs a partial reading may be the rest of, registered or not itself", () => {
    // 2652, 2777, 2778, 1287 registered; "277" at the right edge of the frame.
    const registered = new Set([31, 331, 2652, 2777, 2778, 2787, 1287, 1277]);
    expect(listEvidence(277, registered, "end")).toEqual({ kind: "unregistered", near: [2777, 2778] });
    // Anywhere, too many to pick from: 1277, 2777, 2778, 2787 and more would fit.
    expect(listEvidence(277, registered, "either")).toEqual({ kind: "unregistered", near: [] });
    expect(listEvidence(31, registered, "start")).toEqual({ kind: "registered", longer: [331] });
    expect(listEvidence(31, registered)).toEqual({ kind: "registered" });
  });
});

/** Bibs tagged in photos of unknown time. */
const anytime = (bibs: number[]) => new Map(bibs.map((bib, i) => [bib, [{ photo: 100 + i, at: null }]]));

describe("the start list as recognition's prior", () => {
  const frame = { width: 2400, height: 1600 };
  const line = (text: string, cx: number, conf = 0.99): TextReading => ({
    text,
    confidences: [...text].map(() => conf),
    detectionScore: 0.99,
    box: { cx, cy: 800, width: 60 * text.length, height: 100, angle: 0 },
  });
  const race = (registered: number[], ranges = DEFAULT_RULES.ranges): RaceContext => ({
    rules: { ...DEFAULT_RULES, ranges },
    registered: new Set(registered),
    autoThreshold: 0.9,
    timing: DEFAULT_TIMING_WINDOW,
    passings: new Map(),
    scenery: new Map(),
    proven: new Map(),
    read: new Map(),
    onBibs: new Map(),
  });
  const decided = (lines: TextReading[], r: RaceContext) =>
    decidePhoto(lines, frame, null, r)
      .map((d) => `${d.bib}:${d.status}`)
      .sort();

  it("tags a confident reading of a registered bib, and never tags one the list does not hold", () => {
    expect(decided([line("1043", 600), line("1988", 1600)], race([1043, 2001]))).toEqual(["1043:auto", "1988:pending"]);
  });

  it("offers the one registered bib a digit away from a reading (a cut or covered digit) for review, not as a tag", () => {
    const decisions = decidePhoto([line("8670", 1200)], frame, null, race([867, 5000]));
    expect(decisions.map((d) => [d.bib, d.status])).toEqual([
      [8670, "pending"],
      [867, "pending"],
    ]);
    expect(decisions[1].doubts).toContain("near-registered");
  });

  it("offers each of the few registered bibs a covered digit could make, sharing the reading's confidence", () => {
    const decisions = decidePhoto([line("120", 1200)], frame, null, race([1203, 1208, 5000]));
    expect(decisions.map((d) => [d.bib, d.status])).toEqual([
      [120, "pending"],
      [1203, "pending"],
      [1208, "pending"],
    ]);
    expect(decisions[1].confidence).toBeLessThan(decisions[0].confidence / 2);
  });

  it("offers the registered bib that a number cut by the frame may be the rest of, though the rest is registered too", () => {
    // "31" of 331 at the left edge: the first digit went beyond the frame.
    const decisions = decidePhoto([line("31", 40)], frame, null, race([31, 331, 1331, 5000]));
    expect(decisions.map((d) => [d.bib, d.status])).toEqual([
      [31, "pending"],
      [331, "pending"],
    ]);
    expect(decisions[1].doubts).toEqual(["frame-edge", "longer-registered"]);
  });

  it("without a start list, offers the bibs tagged elsewhere in the race that a number cut by the frame may be the rest of", () => {
    // "31" at the left edge, and 331 tagged in another photo of the race: a person picks.
    const withProof = (proven: number[]) => decidePhoto([line("31", 40)], frame, null, { ...race([]), proven: anytime(proven) });
    const decisions = withProof([331, 3100]);
    expect(decisions.map((d) => [d.bib, d.status])).toEqual([
      [31, "pending"],
      [331, "pending"],
    ]);
    expect(decisions[1].doubts).toEqual(["frame-edge", "longer-proven"]);
    // The whole reading of a centred number is tagged, whatever the race proved.
    expect(decided([line("31", 1200)], { ...race([]), proven: anytime([331]) })).toEqual(["31:auto"]);
    // Too many bibs it may be the rest of: none is worth a guess.
    expect(withProof([131, 231, 331, 431]).map((d) => d.bib)).toEqual([31]);
  });

  it("offers only the bibs tagged in photos taken within minutes of the short reading's, when both times are known", () => {
    const at = (iso: string) => Date.parse(`2026-05-03T${iso}Z`);
    // 331 was tagged at 9:00:40 and again at 11:00; 231 at 10:30; 131 in a photo of unknown time.
    const proven = new Map([
      [
        331,
        [
          { photo: 1, at: at("09:00:40") },
          { photo: 2, at: at("11:00:00") },
        ],
      ],
      [231, [{ photo: 3, at: at("10:30:00") }]],
      [131, [{ photo: 4, at: null }]],
    ]);
    const offeredAt = (iso: string | null) =>
      decidePhoto([line("31", 40)], frame, iso ? new Date(at(iso)) : null, { ...race([]), proven })
        .map((d) => d.bib)
        .sort((a, b) => a - b);
    expect(offeredAt("09:00:00")).toEqual([31, 131, 331]);
    expect(offeredAt("09:30:00")).toEqual([31, 131]);
    expect(offeredAt("10:29:00")).toEqual([31, 131, 231]);
    // A photo of unknown time could be any of the four: too many to offer.
    expect(offeredAt(null)).toEqual([31]);
  });

  describe("a number read whole beside a bib one digit longer tagged in the same pass", () => {
    const at = (seconds: number) => Date.parse("2026-05-03T09:00:00Z") + seconds * 1000;
    const seen = (entries: [number, number, number | null][]) => {
      const map = new Map<number, { photo: number; at: number | null }[]>();
      for (const [bib, photo, second] of entries) map.set(bib, [...(map.get(bib) ?? []), { photo, at: second === null ? null : at(second) }]);
      return map;
    };
    // Photo 1, taken at 9:00:00, reads a centred "664" (no sign of a digit gone).
    const decideAt = (proven: [number, number, number | null][], read: [number, number, number | null][] = [], takenAt: Date | null = new Date(at(0))) =>
      decidePhoto([line("664", 1200)], frame, takenAt, { ...race([]), proven: seen(proven), read: seen(read) }, { photo: { id: 1 } }).map((d) => [
        d.bib,
        d.status,
        d.doubts,
      ]);

    it("waits for a person with the longer bib offered: a hand covered a digit in this frame", () => {
      expect(decideAt([[1664, 2, 4]])).toEqual([
        [664, "pending", ["longer-in-pass"]],
        [1664, "pending", ["longer-proven"]],
      ]);
      // At either end: 6640 seconds later.
      expect(decideAt([[6640, 2, -8]]).map(([bib, status]) => [bib, status])).toEqual([
        [664, "pending"],
        [6640, "pending"],
      ]);
    });

    it("keeps the tag when the runner shows the number in another frame of the pass too", () => {
      expect(
        decideAt([
          [1664, 2, 4],
          [664, 3, 8],
        ]).map(([bib, status]) => [bib, status]),
      ).toEqual([[664, "auto"]]);
      // Read there and left for a person (by this same rule) counts as well: the two frames agree.
      expect(decideAt([[1664, 2, 4]], [[664, 3, -4]]).map(([bib, status]) => [bib, status])).toEqual([[664, "auto"]]);
    });

    it("keeps the tag when the longer bib is further away in time, unknown in time, or only in this photo", () => {
      expect(decideAt([[1664, 2, 30]]).map(([bib, status]) => [bib, status])).toEqual([[664, "auto"]]);
      expect(decideAt([[1664, 2, null]]).map(([bib, status]) => [bib, status])).toEqual([[664, "auto"]]);
      expect(decideAt([[1664, 2, 4]], [], null).map(([bib, status]) => [bib, status])).toEqual([[664, "auto"]]);
      // Its own tags and readings are not another frame's: 664 tagged in photo 1 itself proves nothing.
      expect(
        decideAt([
          [1664, 2, 4],
          [664, 1, 0],
        ]).map(([bib, status]) => [bib, status]),
      ).toEqual([
        [664, "pending"],
        [1664, "pending"],
      ]);
      // Another camera's frame of the same moment is another photo point, other runners.
      const otherCamera = new Map([[1664, [{ photo: 2, at: at(4), camera: "Canon EOS R6 #2" }]]]);
      const withCamera = (proven: typeof otherCamera, camera: string) =>
        decidePhoto([line("664", 1200)], frame, new Date(at(0)), { ...race([]), proven }, { photo: { id: 1, camera } }).map((d) => d.status);
      expect(withCamera(otherCamera, "Nikon Z 6II #1")).toEqual(["auto"]);
      expect(withCamera(otherCamera, "Canon EOS R6 #2")).toEqual(["pending", "pending"]);
      // A digit added inside the number is not a hand at its end.
      expect(decideAt([[6694, 2, 4]]).map(([bib, status]) => [bib, status])).toEqual([[664, "auto"]]);
    });

    it("tags a reading too unsure on its own when another frame of the pass is tagged with it", () => {
      const unsure = (proven: [number, number, number | null][], takenAt: Date | null = new Date(at(0))) =>
        decidePhoto([line("664", 1200, 0.6)], frame, takenAt, { ...race([]), proven: seen(proven) }, { photo: { id: 1 } }).map((d) => [
          d.bib,
          d.status,
          d.doubts,
        ]);
      expect(unsure([])).toEqual([[664, "pending", ["low-score"]]]);
      expect(unsure([[664, 2, -6]])).toEqual([[664, "auto", ["low-score", "in-pass"]]]);
      // Not from a frame of another pass, one of unknown time, or its own tag.
      expect(unsure([[664, 2, 40]]).map(([, status]) => status)).toEqual(["pending"]);
      expect(unsure([[664, 2, null]]).map(([, status]) => status)).toEqual(["pending"]);
      expect(unsure([[664, 1, 0]]).map(([, status]) => status)).toEqual(["pending"]);
      expect(unsure([[664, 2, 4]], null).map(([, status]) => status)).toEqual(["pending"]);
    });
  });

  it("narrows too many registered bibs a digit away to those tagged elsewhere in the race", () => {
    const dense = Array.from({ length: 3000 }, (_, i) => i + 1);
    // "8670" is no bib of 1–3000; 867 and the others one digit away are all registered, too many to offer.
    expect(decided([line("8670", 1200)], race(dense))).toEqual(["8670:pending"]);
    const decisions = decidePhoto([line("8670", 1200)], frame, null, { ...race(dense), proven: anytime([867, 12]) });
    expect(decisions.map((d) => [d.bib, d.status])).toEqual([
      [8670, "pending"],
      [867, "pending"],
    ]);
    expect(decisions[1].doubts).toEqual(["near-registered", "proven"]);
  });

  it("keeps a plain reading of a bib over the guess that a nearby reading gives the same number", () => {
    const decisions = decidePhoto([line("867", 600), line("8670", 1800)], frame, null, race([867]));
    expect(decisions.find((d) => d.bib === 867)?.status).toBe("auto");
  });

  it("leaves lone digits and years to a person, whatever the list says, and drops unclear lone digits", () => {
    expect(decided([line("7", 1200)], race([7, 12]))).toEqual(["7:pending"]);
    expect(decided([line("7", 1200)], race([]))).toEqual(["7:pending"]);
    expect(decided([line("7", 1200, 0.4)], race([]))).toEqual([]);
    expect(decided([line("2026", 600), line("1949", 1800)], race([]))).toEqual(["1949:auto", "2026:pending"]);
    const [year] = decidePhoto([line("1988", 1200)], frame, null, race([1988]));
    expect(year).toMatchObject({ status: "pending", doubts: ["year"] });
  });
});
