import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { readCaptureFacts } from "./capture-time.ts";

const jpeg = (exif?: Record<string, Record<string, string>>) => {
  const image = sharp({ create: { width: 32, height: 24, channels: 3, background: "#456" } });
  return (exif ? image.withExif(exif) : image).jpeg().toBuffer();
};

describe("what the camera wrote", () => {
  it("reads the capture time on the race's wall clock, and names the camera with its serial", async () => {
    const photo = await jpeg({
      IFD0: { DateTime: "2025:06:01 08:59:00", Make: "Nikon", Model: "Z 6II" },
      IFD2: { DateTimeOriginal: "2025:06:01 09:03:40", BodySerialNumber: "3021884" },
    });
    expect(await readCaptureFacts(photo, "America/Argentina/Buenos_Aires")).toEqual({
      takenAt: new Date("2025-06-01T12:03:40Z"),
      camera: "Nikon Z 6II #3021884",
    });
    // Another zone, the same wall clock: another instant.
    expect((await readCaptureFacts(photo, "Europe/Madrid")).takenAt).toEqual(new Date("2025-06-01T07:03:40Z"));
  });

  it("falls back to the file's date when the capture time is missing", async () => {
    const photo = await jpeg({ IFD0: { DateTime: "2025:06:01 08:59:00" } });
    expect(await readCaptureFacts(photo, "UTC")).toEqual({ takenAt: new Date("2025-06-01T08:59:00Z"), camera: undefined });
  });

  it("knows nothing of a photo without EXIF, a malformed date, or bytes that are no image", async () => {
    expect(await readCaptureFacts(await jpeg(), "UTC")).toEqual({});
    expect(await readCaptureFacts(await jpeg({ IFD2: { DateTimeOriginal: "yesterday" } }), "UTC")).toEqual({ takenAt: undefined, camera: undefined });
    expect(await readCaptureFacts(Buffer.from("not a photo"), "UTC")).toEqual({});
  });
});
