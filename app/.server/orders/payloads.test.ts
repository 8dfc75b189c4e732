import { describe, expect, it } from "vitest";
import { parsePreorder, parsePurchase } from "./payloads.ts";

const form = { country: "1", firstName: " Ana ", lastName: "Pérez", email: "ana@example.com", confirmEmail: "ana@example.com" };

describe("request payloads", () => {
  it("reads only the ids of the browser's cart items", () => {
    const input = parsePurchase({ data: { ...form, images: [{ id: "abcDEF123456", precio_arg: 1, free: "1" }, { id: 42 }] } }, "en");
    expect(input).toEqual({ country: "1", firstName: "Ana", lastName: "Pérez", email: "ana@example.com", lang: "en", photoIds: ["abcDEF123456", "42"] });
  });

  it("reads a full set from fullIn, raceId and n", () => {
    expect(parsePurchase({ data: { ...form, country: 4, fullIn: 1, raceId: "7", n: "+305" } }, "es")).toMatchObject({
      country: "4",
      fullset: { raceId: 7, bib: 305 },
    });
  });

  it("names the field that is wrong", () => {
    const key = (data: object) => {
      try {
        parsePurchase({ data: { ...form, images: [{ id: "x1234567" }], ...data } }, "es");
      } catch (error) {
        return (error as { key: string }).key;
      }
    };
    expect(key({ confirmEmail: "ana@example.org" })).toBe("emailMismatch");
    expect(key({ email: "nope", confirmEmail: "nope" })).toBe("invalidEmail");
    expect(key({ country: "5" })).toBe("invalidCountry");
    expect(key({ lastName: "" })).toBe("nameRequired");
    expect(key({ images: [] })).toBe("emptyCart");
    expect(key({ fullIn: 1, raceId: 1, n: "0" })).toBe("invalidRunner");
  });

  it("reads a pre-order, dni digits only", () => {
    const input = parsePreorder({ data: { ...form, raceId: 3, raceSlug: "patagonia-run-2026", dni: "30.123.456", distance: "21K" } }, "br");
    expect(input).toMatchObject({ raceId: 3, raceSlug: "patagonia-run-2026", dni: "30123456", distance: "21K", lang: "br" });
    expect(() => parsePreorder({ data: { ...form, raceId: 3, raceSlug: "x", dni: "abc" } }, "es")).toThrow();
  });
});
