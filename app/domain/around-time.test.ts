import { describe, expect, it } from "vitest";
import { readClockTime, shiftClock } from "./around-time.ts";

describe("clock times", () => {
  it("reads HH:MM with or without the leading zero, and nothing else", () => {
    expect(readClockTime("9:05")).toBe("09:05");
    expect(readClockTime(" 23:59 ")).toBe("23:59");
    for (const bad of ["24:00", "9:5", "09:60", "0905", "09:05:00", "", null, undefined, "<b>"]) expect(readClockTime(bad)).toBeUndefined();
  });

  it("moves a time across the hour and around midnight", () => {
    expect(shiftClock("09:02", -5)).toBe("08:57");
    expect(shiftClock("23:55", 10)).toBe("00:05");
    expect(shiftClock("00:03", -5)).toBe("23:58");
  });
});
