import { describe, expect, it } from "vitest";
import { cutWithPrint, knownFloor, knownPrints, printKey, printsRead } from "./bib-print.ts";
import type { TextReading } from "./read-text.ts";

/** A line of `text` with a box `h` high centred at (cx, cy), 0.6 h a character wide. */
function line(text: string, cx: number, cy: number, h: number): TextReading {
  return { text, confidences: [...text].map(() => 0.99), detectionScore: 0.99, box: { cx, cy, width: h * 0.6 * text.length, height: h, angle: 0 } };
}

const known = new Set(["MARATONDEROSARIO", "TRAILDESCIMES"]);

describe("the race's bib print", () => {
  it("compares print by its letters, whatever the reader made of spaces and dots", () => {
    expect(printKey("·MARATON DE ROSARIO.")).toBe("MARATONDEROSARIO");
    expect(printsRead([line("Maraton de Rosario", 0, 0, 10), line("KM 21", 0, 0, 10), line("1046", 0, 0, 10)])).toEqual(new Set(["MARATONDEROSARIO"]));
  });

  it("knows print read in enough of the race's photos: two, and one in a hundred of a big race", () => {
    const counts = new Map([
      ["MARATONDEROSARIO", 40],
      ["HIDRATABIEN", 3],
      ["PUESTO", 1],
    ]);
    expect(knownFloor(120)).toBe(2);
    expect(knownPrints(counts, 120)).toEqual(new Set(["MARATONDEROSARIO", "HIDRATABIEN"]));
    expect(knownPrints(counts, 2000)).toEqual(new Set(["MARATONDEROSARIO"]));
  });

  it("finds a number cut where the print above it is cut short", () => {
    // "32" of a hidden 132: a hand over the bib's left side hides "MARA" and the 1.
    const number = line("32", 500, 700, 240);
    const cutLeft = line("TON DE ROSARIO", 560, 540, 40);
    expect(cutWithPrint(number.box, cutLeft, [number, cutLeft], known)).toBe("start");
    // "81" of 815: the right side hidden, "TRAIL DES CIMES" read as "TRA".
    const left = line("81", 880, 2000, 130);
    const cutRight = line("TRA", 900, 1900, 40);
    expect(cutWithPrint(left.box, cutRight, [left, cutRight], known)).toBe("end");
  });

  it("leaves a number whole when its print is whole, split in words, or cut where the number reaches past", () => {
    const number = line("132", 500, 700, 240);
    const whole = line("MARATON DE ROSARIO", 500, 540, 40);
    expect(cutWithPrint(number.box, whole, [number, whole], known)).toBeUndefined();
    // The detector read the print as two words: the rest is beside it.
    const first = line("MARATON", 380, 540, 40);
    const rest = line("DE ROSARIO", 620, 540, 40);
    expect(cutWithPrint(number.box, rest, [number, first, rest], known)).toBeUndefined();
    // A hand over the print's right end only: the number goes on well past the cut.
    const shortPrint = line("MARATON", 420, 540, 40);
    expect(cutWithPrint(number.box, shortPrint, [number, shortPrint], known)).toBeUndefined();
    // The print cut well beyond the number's end: its end digit shows whole.
    const two = line("32", 500, 700, 240);
    const farCut = line("TON DE ROSARIO", 420, 540, 40);
    expect(cutWithPrint(two.box, farCut, [two, farCut], known)).toBeUndefined();
    // One or two letters lost at an end are the reader's, not a cut.
    const nearly = line("ARATON DE ROSARIO", 510, 540, 40);
    expect(cutWithPrint(number.box, nearly, [number, nearly], known)).toBeUndefined();
  });
});
