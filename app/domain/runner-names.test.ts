import { describe, expect, it } from "vitest";
import { NAME_MAX_LENGTH, nameMatches, nameWords, oneLetterOff, readNameQuery } from "./runner-names.ts";

describe("nameWords", () => {
  it("drops case, accents and punctuation", () => {
    expect(nameWords("  María-José  O'Neil ")).toEqual(["maria", "jose", "o", "neil"]);
    expect(nameWords("NÚÑEZ, João Çelik")).toEqual(["nunez", "joao", "celik"]);
  });
});

describe("readNameQuery", () => {
  it("takes a first and a last name, or more", () => {
    expect(readNameQuery("Ana García")).toEqual(["ana", "garcia"]);
    expect(readNameQuery("ana garc lopez")).toEqual(["ana", "garc", "lopez"]);
  });

  it("refuses a single word, initials alone and nothing", () => {
    expect(readNameQuery("García")).toBeUndefined();
    expect(readNameQuery("A G")).toBeUndefined();
    expect(readNameQuery("   ")).toBeUndefined();
    expect(readNameQuery(null)).toBeUndefined();
  });

  it("leaves out initials beside a whole name", () => {
    expect(readNameQuery("Ana M. García")).toEqual(["ana", "garcia"]);
  });

  it("refuses what is longer than a name", () => {
    expect(readNameQuery(`ana ${"x".repeat(NAME_MAX_LENGTH)}`)).toBeUndefined();
  });
});

describe("nameMatches", () => {
  const registered = nameWords("Ana Belén García Núñez");

  it("finds a name by the starts of its words, in any order", () => {
    expect(nameMatches(["ana", "garcia"], registered)).toBe(true);
    expect(nameMatches(["garc", "ana"], registered)).toBe(true);
    expect(nameMatches(["nunez", "belen"], registered)).toBe(true);
  });

  it("needs every typed word, each on a word of its own", () => {
    expect(nameMatches(["ana", "lopez"], registered)).toBe(false);
    expect(nameMatches(["ana", "ana"], registered)).toBe(false);
    expect(nameMatches(["na", "garcia"], registered)).toBe(false);
  });

  it("lets the longer typed word choose first", () => {
    expect(nameMatches(["an", "anabel"], nameWords("Ana Anabel Paz"))).toBe(true);
  });
});

describe("a name typed with a slip", () => {
  it("is one letter added, missing or changed, or two neighbours swapped", () => {
    expect(oneLetterOff("gustabo", "gustavo")).toBe(true);
    expect(oneLetterOff("flors", "flores")).toBe(true);
    expect(oneLetterOff("floress", "flores")).toBe(true);
    expect(oneLetterOff("flores", "flores")).toBe(true);
    expect(oneLetterOff("folres", "flores")).toBe(true);
    expect(oneLetterOff("forles", "flores")).toBe(false);
    expect(oneLetterOff("flo", "flores")).toBe(false);
  });

  it("finds the name only when asked to, and only in words of four letters or more", () => {
    const registered = nameWords("Gustavo Flores Medina");
    expect(nameMatches(["gustabo", "flores"], registered)).toBe(false);
    expect(nameMatches(["gustabo", "flores"], registered, { typos: true })).toBe(true);
    expect(nameMatches(["gusta", "florse"], registered, { typos: true })).toBe(true);
    expect(nameMatches(["gustavo", "flo"], registered, { typos: true })).toBe(true);
    expect(nameMatches(["gustavo", "fla"], registered, { typos: true })).toBe(false);
    expect(nameMatches(["gustavo", "paz"], registered, { typos: true })).toBe(false);
  });
});
