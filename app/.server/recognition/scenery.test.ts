import { describe, expect, it } from "vitest";
import type { TextReading } from "./read-text.ts";
import { numbersRead, PASSING_SHARE, PRESENT_SHARE, SCENERY_MIN_MOMENTS, sceneryAt, sceneryByCamera, sceneryOf } from "./scenery.ts";

const line = (text: string): TextReading => ({ text, confidences: [0.99], detectionScore: 0.99, box: { cx: 0, cy: 0, width: 10, height: 10, angle: 0 } });

describe("scenery", () => {
  it("counts each number a photo holds once, past edge dots, and only numbers a bib could be", () => {
    expect([...numbersRead([line("23"), line("23."), line("KM 5"), line("0800"), line("123456"), line("1046")])].sort()).toEqual([1046, 23]);
  });

  it("is a number seen at five moments or more and at 4 % of the race's: a runner seen at a few moments of a big race is not", () => {
    const counts = new Map([
      [23, SCENERY_MIN_MOMENTS],
      [101, SCENERY_MIN_MOMENTS - 1],
    ]);
    expect([...sceneryOf(counts, 60).scenery]).toEqual([23]);
    // In a race of 3,000 moments (photos without a time) five are a runner's share, not a sign's.
    expect([...sceneryOf(counts, 3000).scenery]).toEqual([]);
    expect([...sceneryOf(new Map([[23, 120]]), 3000).scenery]).toEqual([23]);
  });

  it("reads a number often from half the moments scenery needs, three at least: scenery is read often too", () => {
    const counts = new Map([
      [23, SCENERY_MIN_MOMENTS],
      [29, 3],
      [101, 2],
    ]);
    expect([...sceneryOf(counts, 60).oftenRead].sort()).toEqual([23, 29]);
    // A race of 3,000 moments needs 120 for scenery: 60 to be read often.
    expect([
      ...sceneryOf(
        new Map([
          [23, 59],
          [29, 60],
        ]),
        3000,
      ).oftenRead,
    ]).toEqual([29]);
  });

  it("counts each camera's moments against that camera's floor: a sign beside one photographer is scenery there only", () => {
    const byCamera = sceneryByCamera(
      new Map([
        ["finish", 200], // a floor of 8 moments, 4 to be read often
        ["km5", 40], // a floor of 5, 3 to be read often
        ["km10", 30],
      ]),
      [
        { number: 10, camera: "finish", moments: 150 },
        { number: 10, camera: "km5", moments: 1 },
        { number: 612, camera: "finish", moments: 7 },
        { number: 612, camera: "km5", moments: 5 },
      ],
    );
    const at = (camera?: string) => {
      const { scenery, oftenRead } = sceneryAt(byCamera, camera);
      return { scenery: [...scenery].sort(), oftenRead: [...oftenRead].sort() };
    };
    expect(at("finish")).toEqual({ scenery: [10], oftenRead: [10, 612] });
    expect(at("km5")).toEqual({ scenery: [612], oftenRead: [612] });
    // A camera that read nothing often, and every camera's when the camera is not known.
    expect(at("km10")).toEqual({ scenery: [], oftenRead: [] });
    expect(at(undefined)).toEqual({ scenery: [10, 612], oftenRead: [10, 612] });
    expect(at("a camera that took no read photo")).toEqual(at(undefined));
  });

  it("is no sign when the timing file has the number's runner crossing the photo point in most of its moments: a runner lapping", () => {
    const at = (passing: number) => [
      ...sceneryAt(sceneryByCamera(new Map([["line", 120]]), [{ number: 42, camera: "line", moments: 20, passing }]), "line").oftenRead,
    ];
    expect(at(20)).toEqual([]);
    expect(at(20 * PASSING_SHARE)).toEqual([]);
    // A sign's number whose runner crossed a few times, or a runner who stayed at the line after finishing.
    expect(at(20 * PASSING_SHARE - 1)).toEqual([42]);
    expect(at(2)).toEqual([42]);
  });

  it("tells a number read now and then from one read minute after minute: a runner lapping past the photographer comes and goes", () => {
    // Three hours at a 24-hour race's loop, the photographer shooting every minute; no timing mat there.
    const camera = new Map([["loop", 180]]);
    const byCamera = sceneryByCamera(camera, [
      // Runner 42 every ten minutes: 18 of the 171 minutes from their first photo to their last.
      { number: 42, camera: "loop", moments: 18, timed: 18, span: 171 },
      // The aid station's "24" in most minutes, and a sign read in a third of its.
      { number: 24, camera: "loop", moments: 150, timed: 150, span: 180 },
      { number: 7, camera: "loop", moments: 180 * PRESENT_SHARE, timed: 180 * PRESENT_SHARE, span: 180 },
      // Read in photos of unknown time only: each its own moment, nothing to tell.
      { number: 9, camera: "loop", moments: 20, timed: 0, span: 0 },
      // Now and then, but too few moments to be scenery: a runner as any other.
      { number: 5, camera: "loop", moments: 2, timed: 2, span: 100 },
    ]);
    const { scenery, comesAndGoes } = sceneryAt(byCamera, "loop");
    expect([...scenery].sort((a, b) => a - b)).toEqual([7, 9, 24, 42]);
    expect([...comesAndGoes]).toEqual([42]);
    // Every camera's when the camera is unknown; a number one camera read minute after minute is a sign there.
    expect([...sceneryAt(byCamera, undefined).comesAndGoes]).toEqual([42]);
    const withFinish = sceneryByCamera(new Map([...camera, ["finish", 60]]), [
      { number: 42, camera: "loop", moments: 18, timed: 18, span: 171 },
      { number: 42, camera: "finish", moments: 40, timed: 40, span: 50 },
    ]);
    expect([...sceneryAt(withFinish, "loop").comesAndGoes]).toEqual([42]);
    expect([...sceneryAt(withFinish, undefined).comesAndGoes]).toEqual([]);
  });
});
