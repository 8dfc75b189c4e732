import { describe, expect, it } from "vitest";
import { filterRaces } from "./race-picker.tsx";

describe("race picker filter", () => {
  const races = [{ nombre: "Tetra Chapelco" }, { nombre: "Maratón de Buenos Aires" }, { nombre: "Cruce de los Andes" }];
  it("matches a case-insensitive substring of the name", () => {
    expect(filterRaces(races, "CHAPEL").map((r) => r.nombre)).toEqual(["Tetra Chapelco"]);
    expect(filterRaces(races, "de ").map((r) => r.nombre)).toEqual(["Maratón de Buenos Aires", "Cruce de los Andes"]);
    expect(filterRaces(races, "  ")).toBe(races);
    expect(filterRaces(races, "zzz")).toEqual([]);
  });
});
