import { describe, expect, it } from "vitest";
import { toCsv } from "./csv.ts";

describe("toCsv", () => {
  it("quotes what needs quoting and defuses formulas", () => {
    const text = toCsv(
      ["a", "b"],
      [
        ["x,y", 'say "hi"'],
        ["=SUM(A1)", -5],
        [null, new Date("2026-01-02T03:04:05Z")],
      ],
    );
    expect(text).toBe('\uFEFFa,b\r\n"x,y","say ""hi"""\r\n\'=SUM(A1),-5\r\n,2026-01-02T03:04:05.000Z\r\n');
  });
});
