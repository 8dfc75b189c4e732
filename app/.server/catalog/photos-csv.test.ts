import { describe, expect, it } from "vitest";
import { parsePhotosCsv } from "./photos-csv.ts";

describe("photos.csv", () => {
  it("reads every column, amounts in whole units to minor units", () => {
    const meta = parsePhotosCsv(
      "file,bibs,tags,free,price_ars,price_usd,sale_ars,sale_usd\nA001.jpg,300 301,largada meta,0,5000,5,3500,3.5\nA002.jpg,,,1,,,,\n",
    );
    expect(meta.get("A001.jpg")).toEqual({
      bibs: [300, 301],
      tags: ["largada", "meta"],
      free: false,
      priceArs: 500000,
      priceUsd: 500,
      saleArs: 350000,
      saleUsd: 350,
    });
    expect(meta.get("A002.jpg")).toEqual({ free: true });
  });

  it("handles quotes, CRLF and a BOM", () => {
    expect(parsePhotosCsv("\uFEFFfile,bibs\r\nx.jpg,7\r\n").get("x.jpg")?.bibs).toEqual([7]);
  });

  it("names the row and column of a bad value", () => {
    expect(() => parsePhotosCsv("file,bibs\nx.jpg,12a")).toThrow(/row 2 bibs/);
    expect(() => parsePhotosCsv("file,price_ars\nx.jpg,-5")).toThrow(/row 2 price_ars/);
    expect(() => parsePhotosCsv("bibs\n1")).toThrow(/file/);
  });
});
