import { describe, expect, it } from "vitest";
import { photoClock, photoDateTime } from "./photo-time.ts";

describe("photo time", () => {
  it("reads the race's wall clock as written", () => {
    expect(photoClock("2025-03-15 08:07:40")).toBe("08:07");
    expect(photoClock("")).toBe("");
    expect(photoDateTime("2025-03-15 23:59:01", "es")).toBe("15 de marzo de 2025, 23:59:01");
    expect(photoDateTime("2025-03-15 23:59:01", "en")).toBe("March 15, 2025, 23:59:01");
    expect(photoDateTime("2025-03-15 00:00:00", "br")).toBe("15 de março de 2025, 00:00:00");
    expect(photoDateTime("junk", "es")).toBe("junk");
  });
});
