import exifReader from "exif-reader";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { readCaptureTime } from "../images/index.ts";
import { renderHomeBanner, renderRaceHero, renderRaceLogo, renderRacePhoto } from "./index.ts";

const takenAt = new Date("2024-05-12T09:41:07Z");
const small = { width: 600, height: 400 }; // keeps the suite quick; layout scales with size

describe("renderRacePhoto", () => {
  it("is a JPEG of the requested size (default 2400×1600)", async () => {
    const meta = await sharp(await renderRacePhoto({ bibs: [1234], seed: 1, takenAt })).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 2400, 1600]);
    const sized = await sharp(await renderRacePhoto({ bibs: [], seed: 1, takenAt, ...small })).metadata();
    expect([sized.width, sized.height]).toEqual([600, 400]);
  });

  it("carries the capture time as EXIF DateTimeOriginal (UTC by default)", async () => {
    const buf = await renderRacePhoto({ bibs: [7, 88], seed: 2, takenAt, ...small });
    const { Photo: raw } = exifReader((await sharp(buf).metadata()).exif!);
    expect(raw?.DateTimeOriginal).toEqual(new Date("2024-05-12T09:41:07Z")); // the wall clock, read as if UTC
    expect(raw?.OffsetTimeOriginal).toBe("+00:00");
  });

  it("writes the race's wall clock, which readCaptureTime turns back into takenAt", async () => {
    const timeZone = "America/Argentina/Buenos_Aires";
    const buf = await renderRacePhoto({ bibs: [7], seed: 2, takenAt, timeZone, ...small });
    const { Photo: raw } = exifReader((await sharp(buf).metadata()).exif!);
    expect([raw?.DateTimeOriginal, raw?.OffsetTimeOriginal]).toEqual([new Date("2024-05-12T06:41:07Z"), "-03:00"]);
    expect(await readCaptureTime(buf, timeZone)).toEqual(takenAt);
  });

  it("is deterministic per seed and differs with the bibs", async () => {
    const a = await renderRacePhoto({ bibs: [512], seed: 3, takenAt, ...small });
    const b = await renderRacePhoto({ bibs: [512], seed: 3, takenAt, ...small });
    const c = await renderRacePhoto({ bibs: [513], seed: 3, takenAt, ...small });
    expect(a.equals(b)).toBe(true);
    expect(a.equals(c)).toBe(false);
  });
});

describe("renderRaceLogo", () => {
  it("is a 256×256 PNG with transparency", async () => {
    const meta = await sharp(await renderRaceLogo({ name: "Trail del Volcán", seed: 4 })).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(["png", 256, 256, true]);
  });
});

describe("banners", () => {
  it("renders the race hero at 1920×800 by default", async () => {
    const meta = await sharp(await renderRaceHero({ seed: 5 })).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1920, 800]);
  });

  it("renders the home banner at 1920×900", async () => {
    const meta = await sharp(await renderHomeBanner({ seed: 6 })).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1920, 900]);
  });
});
