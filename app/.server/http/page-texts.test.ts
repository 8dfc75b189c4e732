import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../i18n/messages/all.ts";
import { createPageTexts } from "./page-texts.ts";

describe("each language's texts as one immutable file", () => {
  const texts = createPageTexts();
  let base = "";
  let close = () => {};
  beforeAll(async () => {
    const app = express();
    app.get("/texts/:file", texts.handler);
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  it("names each language's file by its content, and serves only that language, cached for good", async () => {
    const hrefs = (["es", "en", "br"] as const).map((lang) => texts.href(lang));
    expect(new Set(hrefs).size).toBe(3);
    for (const [i, lang] of (["es", "en", "br"] as const).entries()) {
      expect(hrefs[i]).toMatch(new RegExp(`^/texts/${lang}-[0-9a-f]{12}\\.json$`));
      const response = await fetch(base + hrefs[i]);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toContain("immutable");
      expect(await response.json()).toEqual(MESSAGES[lang]);
    }
    // The same texts give the same name in every instance and every start.
    expect(createPageTexts().href("es")).toBe(hrefs[0]);
  });

  it("answers 404 for any other name, an old hash included", async () => {
    for (const name of ["es-000000000000.json", "xx.json", "..%2Fpackage.json"]) expect((await fetch(`${base}/texts/${name}`)).status).toBe(404);
  });
});
