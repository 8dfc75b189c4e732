import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteImageAt, siteImageSrcSet } from "../../app/domain/site-image.ts";
import { mediaHandler } from "../../app/.server/http/index.ts";
import { localStorage } from "../../app/.server/storage/index.ts";

// A race's hero as the back office stores it (2,400 px wide, content-hashed name),
// served by the media route with the narrower copies phones ask for.
describe("site images at the width a screen needs", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dorsal-media-"));
  const storage = localStorage(dir);
  const hero = "public/r/trail-2025/hero-a6024c3e0fb7.webp";
  let base: string;
  let close: () => void;

  beforeAll(async () => {
    const image = await sharp({ create: { width: 2400, height: 1000, channels: 3, background: "#2a6" } })
      .webp()
      .toBuffer();
    await storage.put(hero, image, "image/webp");
    const app = express();
    app.get("/media/{*key}", mediaHandler(storage));
    const server = app.listen(0);
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/media/`;
    close = () => server.close();
  });
  afterAll(() => {
    close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("makes a phone's copy on first request, keeps it, and serves it like any media", async () => {
    for (const width of [640, 1080]) {
      const url = siteImageAt(base + hero, width);
      for (const round of ["made now", "kept"]) {
        const answer = await fetch(url);
        expect(answer.status, round).toBe(200);
        expect(answer.headers.get("content-type")).toBe("image/webp");
        expect(answer.headers.get("cache-control")).toContain("immutable");
        expect((await sharp(Buffer.from(await answer.arrayBuffer())).metadata()).width).toBe(width);
      }
      expect(await storage.exists(siteImageAt(hero, width))).toBe(true);
    }
    // What the page offers points at exactly these.
    expect(siteImageSrcSet(base + hero)).toContain(`${siteImageAt(base + hero, 640)} 640w`);
  });

  it("makes nothing for a width it does not offer, an image that does not exist, or a private file", async () => {
    expect((await fetch(base + hero.replace(".webp", "-300.webp"))).status).toBe(404);
    expect((await fetch(base + "public/r/trail-2025/hero-ffffffffffff-640.webp")).status).toBe(404);
    expect((await fetch(base + "originals/1/hero-a6024c3e0fb7-640.webp")).status).toBe(404);
    expect(await storage.exists("public/r/trail-2025/hero-ffffffffffff-640.webp")).toBe(false);
  });
});
