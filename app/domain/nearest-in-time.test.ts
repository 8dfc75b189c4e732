import { describe, expect, it } from "vitest";
import { nearestInTime } from "./nearest-in-time.ts";

const at = (s: number) => new Date(Date.UTC(2025, 4, 4, 9, 0, s));

describe("nearestInTime", () => {
  it("picks the photo taken nearest, before or after", () => {
    const photos = [
      { photoId: 1, takenAt: at(0) },
      { photoId: 2, takenAt: at(50) },
      { photoId: 3, takenAt: at(35) },
    ];
    expect(nearestInTime(photos, at(40))?.photoId).toBe(3);
    expect(nearestInTime(photos, at(5))?.photoId).toBe(1);
  });

  it("puts unknown times last and breaks ties by the lowest photo id", () => {
    expect(
      nearestInTime(
        [
          { photoId: 9, takenAt: null },
          { photoId: 4, takenAt: at(59) },
        ],
        at(0),
      )?.photoId,
    ).toBe(4);
    expect(
      nearestInTime(
        [
          { photoId: 9, takenAt: null },
          { photoId: 4, takenAt: null },
        ],
        at(0),
      )?.photoId,
    ).toBe(4);
    expect(
      nearestInTime(
        [
          { photoId: 7, takenAt: at(10) },
          { photoId: 5, takenAt: at(30) },
        ],
        at(20),
      )?.photoId,
    ).toBe(5);
    expect(nearestInTime([{ photoId: 7, takenAt: at(10) }], null)?.photoId).toBe(7);
    expect(nearestInTime([], at(0))).toBeUndefined();
  });
});
