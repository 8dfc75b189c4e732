import { describe, expect, it } from "vitest";
import { csvRows, splitCsv } from "./csv.ts";

describe("the CSV reader", () => {
  it("handles quotes, CRLF and a BOM", () => {
    expect(splitCsv('\uFEFFa,"b,c","d""e"\r\n1,2,3')).toEqual([
      ["a", "b,c", 'd"e'],
      ["1", "2", "3"],
    ]);
  });

  it("takes the separator the first line uses outside quotes, and names the line each row starts on", () => {
    expect(splitCsv('"Pérez, Ana";101\n"Gómez, Juan";102')).toEqual([
      ["Pérez, Ana", "101"],
      ["Gómez, Juan", "102"],
    ]);
    expect(csvRows('bib\ttime\n\n"7"\t"a\nb"\n8\tc').map((r) => [r.cells, r.line])).toEqual([
      [["bib", "time"], 1],
      [["7", "a\nb"], 3],
      [["8", "c"], 5],
    ]);
  });
});
