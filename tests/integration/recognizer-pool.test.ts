import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { createRecognizerPool } from "../../app/.server/recognition/recognizer-pool.ts";
import { FIXTURES } from "./helpers.ts";

// The shop reads photos in reader processes; the answers must be the in-process reader's.
describe("the recognizer's reader processes", () => {
  const pool = createRecognizerPool({ size: 2, idleMs: 200 });
  // The detector's first look alone: no second whole look, none at a close-up's big print.
  const firstLookOnly = createRecognizerPool({ size: 1, idleMs: 200, read: { alsoDetectAt: 0, nearLook: 0 } });
  afterAll(() => Promise.all([pool.close(), firstLookOnly.close()]));
  const file = (name: string) => path.join(FIXTURES, "import-bibs", "photos", name);
  const photo = (name: string) => fs.readFileSync(file(name));

  it("reads photos side by side, survives a file that is no picture, and starts again after going idle", async () => {
    const [one, two] = await Promise.all([pool.read(photo("R001.jpg")), pool.read(photo("R002.jpg"))]);
    expect(one.lines.map((l) => l.text)).toContain("152");
    expect(two.lines.map((l) => l.text)).toEqual(expect.arrayContaining(["317", "1045"]));
    expect(one.signature).toMatch(/^[A-Za-z0-9+/]+=*$/);
    // The whole-number verifier runs in the readers too: these bibs are whole, on their bibs, uncovered.
    const numbers = [...one.lines, ...two.lines].filter((l) => /^[0-9]+$/.test(l.text));
    expect(numbers.length).toBeGreaterThanOrEqual(3);
    for (const line of numbers) expect(line.whole, line.text).toBeGreaterThan(0.5);
    await expect(pool.read(Buffer.from("not a photo"))).rejects.toThrow();
    // Readers run at a low priority and stop once idle (their models' memory goes with them).
    expect(pool.readers().length).toBeGreaterThan(0);
    for (const pid of pool.readers()) expect(os.getPriority(pid)).toBe(10);
    await expect.poll(() => pool.readers(), { timeout: 10_000 }).toEqual([]);
    expect((await pool.read(photo("R005.jpg"))).lines.map((l) => l.text)).toContain("560");
  });

  it("reads a photo from its file's path as from its bytes (the shop's own disk: the server never holds the photo)", async () => {
    const [fromPath, fromBytes] = await Promise.all([pool.read(file("R002.jpg")), pool.read(photo("R002.jpg"))]);
    expect(fromPath).toEqual(fromBytes);
    await expect(pool.read(file("R404.jpg"))).rejects.toThrow();
  });

  it("makes the photo's watermarked images from the pixels it reads, when asked, with the same reading", async () => {
    const [plain, deriving] = await Promise.all([pool.read(photo("R003.jpg")), pool.read(photo("R003.jpg"), { derive: [480, 1600] })]);
    expect(plain.derived).toBeUndefined();
    const { derived, ...reading } = deriving;
    expect(reading).toEqual(plain);
    expect(derived).toHaveLength(2);
    for (const [i, width] of [480, 1600].entries()) {
      const image = derived![i];
      expect(Buffer.isBuffer(image.data)).toBe(true);
      const meta = await sharp(image.data).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(Math.min(width, plain.width));
      expect(meta.width).toBe(image.width);
    }
  });

  it("takes the detector's second look as the shop is sized for it, keeping every line the first look reads", async () => {
    // At 512 px the second look finds print on R002 that the first (1440 px) does not.
    const looking = createRecognizerPool({ size: 1, idleMs: 200, read: { alsoDetectAt: 512 } });
    try {
      const [plain, twice] = await Promise.all([firstLookOnly.read(photo("R002.jpg")), looking.read(photo("R002.jpg"))]);
      expect(twice.lines.map((l) => l.text)).toEqual(expect.arrayContaining(plain.lines.map((l) => l.text)));
      expect(twice.lines.length).toBeGreaterThan(plain.lines.length);
    } finally {
      await looking.close();
    }
  });

  it("reads a close-up's big number that the detector loses at its first look, from a second look at it", async () => {
    // R004's "88" made to fill most of a 2048 px frame: the first look sees its digits over 160 px high and loses them.
    const closeUp = await sharp(photo("R004.jpg")).extract({ left: 431, top: 326, width: 205, height: 136 }).resize(2048).jpeg({ quality: 90 }).toBuffer();
    const nearOnly = createRecognizerPool({ size: 1, idleMs: 200, read: { alsoDetectAt: 0 } });
    try {
      const [withLook, without] = await Promise.all([nearOnly.read(closeUp), firstLookOnly.read(closeUp)]);
      expect(withLook.lines.map((l) => l.text)).toContain("88");
      expect(without.lines.map((l) => l.text)).not.toContain("88");
    } finally {
      await nearOnly.close();
    }
  });

  it("refuses work once closed", async () => {
    const closing = createRecognizerPool();
    await closing.close();
    await expect(closing.read(photo("R001.jpg"))).rejects.toThrow("recognizer closed");
  });
});
