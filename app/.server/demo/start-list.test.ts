import { describe, expect, it } from "vitest";
import { parseStartListCsv } from "../recognition/start-list.ts";
import { DEMO_RACES } from "./demo-races.ts";
import { demoStartList } from "./start-list.ts";

describe("the demo start list", () => {
  const race = DEMO_RACES.find((r) => r.startList)!;

  it("registers a named runner, with a distance, for every bib of the race, as an organiser's upload reads", () => {
    const { entrants, errors } = parseStartListCsv(demoStartList(race));
    expect(errors).toEqual([]);
    expect(entrants.map((e) => e.bib)).toEqual(Array.from({ length: 600 }, (_, i) => i + 1));
    for (const e of entrants) {
      expect(e.name).toMatch(/^\p{L}+( \p{L}+){1,3}$/u);
      expect(race.file.distances).toContain(e.distance);
    }
    expect(entrants.filter((e) => e.team).length).toBeGreaterThan(100);
  });

  it("is the same at every seed", () => {
    expect(demoStartList(race)).toBe(demoStartList(race));
    expect(demoStartList(race).split("\n")[305]).toBe("305,Gustavo Flores,45K,");
  });
});
