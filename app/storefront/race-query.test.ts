import { describe, expect, it } from "vitest";
import { raceSearchTarget, readRaceQuery, withoutPhoto } from "./race-query.ts";

const url = (path: string) => new URL(path, "http://shop.test");

describe("race page query", () => {
  it("reads page, runner number and tag", () => {
    expect(readRaceQuery(url("/carrera/x?p=3&n=%2B305&t=cumbre"), "es", "x")).toEqual({ page: 3, bib: 305, tag: "cumbre" });
    expect(readRaceQuery(url("/en/race/x"), "en", "x")).toEqual({ page: 1, bib: undefined, tag: undefined });
    expect(readRaceQuery(url("/carrera/x?p=-2&t=NOT%20A%20TAG"), "es", "x")).toEqual({ page: 1, bib: undefined, tag: undefined });
  });

  it("reads the photos that might be the runner's (m=1) only with a runner number", () => {
    expect(readRaceQuery(url("/carrera/x?n=214&m=1"), "es", "x").maybe).toBe(true);
    expect(readRaceQuery(url("/carrera/x?m=1"), "es", "x").maybe).toBeUndefined();
    expect(readRaceQuery(url("/carrera/x?n=214&m=yes"), "es", "x").maybe).toBeUndefined();
  });

  it("reads a name to look a number up by (q), as typed", () => {
    expect(readRaceQuery(url("/carrera/x?q=%20Ana%20Garc%C3%ADa%20"), "es", "x").name).toBe("Ana García");
    expect(readRaceQuery(url("/carrera/x?q=%20%20"), "es", "x").name).toBeUndefined();
    expect(readRaceQuery(url("/carrera/x"), "es", "x").name).toBeUndefined();
  });

  it("sends a zero or unclean runner number to the page without it, keeping the rest", () => {
    expect(readRaceQuery(url("/carrera/x?n=0"), "es", "x").redirectTo).toBe("/carrera/x");
    expect(readRaceQuery(url("/br/carreira/x?n=12a&t=meta&p=2"), "br", "x").redirectTo).toBe("/br/carreira/x?t=meta&p=2");
    expect(readRaceQuery(url("/carrera/x?n="), "es", "x").redirectTo).toBe("/carrera/x");
  });

  it("forwards the home search without JavaScript", () => {
    expect(raceSearchTarget(url("/carreras?race=tetra&n=305"), "es")).toBe("/carrera/tetra?n=305");
    expect(raceSearchTarget(url("/en/races?race=tetra&n=0"), "en")).toBe("/en/race/tetra");
    expect(raceSearchTarget(url("/carreras?race=../x"), "es")).toBeUndefined();
    expect(raceSearchTarget(url("/carreras"), "es")).toBeUndefined();
  });

  it("tells a lightbox change from a new search", () => {
    expect(withoutPhoto("?p=2&foto=abc&n=3")).toBe(withoutPhoto("?p=2&n=3"));
    expect(withoutPhoto("?p=2")).not.toBe(withoutPhoto("?p=3"));
  });
});
