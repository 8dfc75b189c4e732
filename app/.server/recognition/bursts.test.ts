import { describe, expect, it } from "vitest";
import { DEFAULT_RULES } from "./plausibility.ts";
import { DEFAULT_TIMING_WINDOW } from "./timing.ts";
import { burstSuggestions, cameraKey, cutInBurst, passSuggestions, provenAround, SIGNATURE_GRID, type BurstFrame } from "./bursts.ts";
import { decidePhoto, type RaceContext } from "./decide.ts";
import type { TextReading } from "./read-text.ts";

const { cols, rows } = SIGNATURE_GRID;
const size = { width: 3200, height: 2400 };
const cell = size.width / cols;

/** A grey scene with a runner: a shirt of `shirt` colour filling grid cells x0..x0+3, rows 8..17. */
function scene(shirt: [number, number, number] | null, x0 = 14): Uint8Array {
  const grid = new Uint8Array(cols * rows * 3).fill(120);
  if (shirt) {
    for (let y = 8; y <= 17; y++) for (let x = x0; x <= x0 + 3; x++) grid.set(shirt, (y * cols + x) * 3);
  }
  return grid;
}

const bibBox = { cx: cell * 16, cy: cell * 12, width: cell * 1.5, height: cell * 0.8, angle: 0 };

function frame(photoId: number, second: number, signature: Uint8Array, proven: number[] = [], extra: Partial<BurstFrame> = {}): BurstFrame {
  return {
    photoId,
    frame: `DSC_${1000 + photoId}`,
    camera: "Nikon Z6 #123",
    takenAt: new Date(Date.UTC(2026, 2, 15, 9, 0, second)),
    ...size,
    signature,
    proven: proven.map((bib) => ({ bib, box: bibBox })),
    known: new Set(proven),
    ...extra,
  };
}

describe("burst propagation", () => {
  const red: [number, number, number] = [200, 30, 40];

  it("suggests a bib read in one frame for the next frames of the burst where the same runner stands", () => {
    const found = burstSuggestions([frame(1, 0, scene(red), [1043]), frame(2, 1, scene(red, 15)), frame(3, 2, scene(red, 16))]);
    expect(found.map((s) => [s.photoId, s.bib, s.evidencePhotoId])).toEqual([
      [2, 1043, 1],
      [3, 1043, 1],
    ]);
    expect(found.every((s) => s.confidence < 0.9)).toBe(true);
  });

  it("suggests nothing where the runner is gone, another camera shot it, too much time passed, or the bib is known", () => {
    expect(burstSuggestions([frame(1, 0, scene(red), [1043]), frame(2, 1, scene(null))])).toEqual([]);
    expect(burstSuggestions([frame(1, 0, scene(red), [1043]), frame(2, 1, scene([30, 60, 200]))])).toEqual([]);
    expect(burstSuggestions([frame(1, 0, scene(red), [1043]), frame(2, 1, scene(red), [], { camera: "Canon R6 #9" })])).toEqual([]);
    expect(burstSuggestions([frame(1, 0, scene(red), [1043]), frame(2, 30, scene(red))])).toEqual([]);
    expect(burstSuggestions([frame(1, 0, scene(red), [1043]), frame(2, 1, scene(red), [], { known: new Set([1043]) })])).toEqual([]);
    expect(burstSuggestions([frame(1, 0, scene(red), [1043]), frame(2, 1, scene(red), [], { takenAt: null })])).toEqual([]);
  });

  it("tells cameras apart by EXIF, or by the letters of the file name when EXIF is silent", () => {
    expect(cameraKey({ camera: "Sony A7 IV #55", frame: "DSC00012" })).toBe("Sony A7 IV #55");
    expect(cameraKey({ camera: null, frame: "DSC00012" })).toBe(cameraKey({ camera: null, frame: "DSC00013" }));
    expect(cameraKey({ camera: null, frame: "DSC00012" })).not.toBe(cameraKey({ camera: null, frame: "IMG_0012" }));
  });
});

describe("a runner between two frames of a pass", () => {
  // A photographer at a photo point, a frame every four seconds: runner 1043 comes closer through three
  // frames, tagged in the first and the last; in the middle one another runner stands in front of them.
  const at = (photoId: number, second: number, proven: number[] = [], extra: Partial<BurstFrame> = {}) =>
    frame(photoId, second, scene(null), proven, { signature: null, ...extra });
  const found = (frames: BurstFrame[]) => passSuggestions(frames).map((s) => [s.photoId, s.bib, s.evidencePhotoId, s.doubt]);

  it("suggests a bib tagged in a frame before and one after, naming the nearer, wherever the runner stands", () => {
    expect(found([at(1, 0, [1043]), at(2, 4, [77]), at(3, 7, [1043])])).toEqual([[2, 1043, 3, "pass-between"]]);
    // Tagged in two frames before and one after: the nearer before is named.
    expect(found([at(1, 0, [1043]), at(2, 3, [1043]), at(3, 5), at(4, 12, [1043])])).toEqual([[3, 1043, 2, "pass-between"]]);
    expect(passSuggestions([at(1, 0, [1043]), at(2, 4), at(3, 8, [1043])])[0].confidence).toBeLessThan(0.7);
  });

  it("suggests nothing from one side only, from frames a pass apart, from another camera, in the same second, or for a bib the frame knows", () => {
    expect(found([at(1, 0, [1043]), at(2, 4), at(3, 8)])).toEqual([]);
    expect(found([at(1, 0, [1043]), at(2, 13), at(3, 14, [1043])])).toEqual([]);
    expect(found([at(1, 0, [1043]), at(2, 4), at(3, 8, [1043], { camera: "Canon R6 #9" })])).toEqual([]);
    expect(found([at(1, 0, [1043]), at(2, 4, [], { camera: "Canon R6 #9" }), at(3, 8, [1043])])).toEqual([]);
    expect(found([at(1, 4, [1043]), at(2, 4), at(3, 8, [1043])])).toEqual([]);
    expect(found([at(1, 0, [1043]), at(2, 4, [], { known: new Set([1043]) }), at(3, 8, [1043])])).toEqual([]);
    expect(found([at(1, 0, [1043]), at(2, 4, [], { takenAt: null }), at(3, 8, [1043])])).toEqual([]);
  });
});

describe("a number one digit short of its burst's bib", () => {
  const red: [number, number, number] = [200, 30, 40];
  const proving = frame(1, 0, scene(red), [1214]);
  const covered = frame(2, 1, scene(red, 15));
  const around = provenAround([proving, covered], covered);

  it("is the bib with a digit covered when the same runner shows the longer bib at that place in another frame", () => {
    expect(cutInBurst(214, bibBox, around, size)?.evidencePhotoId).toBe(1);
    expect(cutInBurst(121, { ...bibBox, cx: bibBox.cx - cell * 0.3 }, around, size)?.bib).toBe(1214);
    // Elsewhere in the frame, not one digit short, or the runner gone: a number of its own.
    expect(cutInBurst(214, { ...bibBox, cx: bibBox.cx + cell * 6 }, around, size)).toBeUndefined();
    expect(cutInBurst(2140, bibBox, around, size)).toBeUndefined();
    expect(cutInBurst(314, bibBox, around, size)).toBeUndefined();
    expect(cutInBurst(214, bibBox, provenAround([proving, frame(2, 1, scene(null))], frame(2, 1, scene(null))), size)).toBeUndefined();
  });

  it("waits for a person instead of being tagged, where alone it would have been", () => {
    const line: TextReading = { text: "214", confidences: [0.99, 0.99, 0.99], detectionScore: 0.95, box: bibBox };
    const race: RaceContext = {
      rules: DEFAULT_RULES,
      registered: new Set(),
      autoThreshold: 0.7,
      timing: DEFAULT_TIMING_WINDOW,
      passings: new Map(),
      scenery: new Map(),
      proven: new Map(),
      read: new Map(),
      onBibs: new Map(),
    };
    const status = (burst = around) => decidePhoto([line], size, null, race, { burst }).map((d) => [d.bib, d.status, d.doubts.includes("burst-cut")]);
    expect(status([])).toEqual([[214, "auto", false]]);
    expect(status()).toEqual([[214, "pending", true]]);
  });
});
