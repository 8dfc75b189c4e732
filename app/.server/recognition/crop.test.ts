import sharp from "sharp";
import { expect, it } from "vitest";
import { cropAround } from "./crop.ts";

it("centres a tilted number in its crop and sets it level", async () => {
  // A grey photo with a red bar 200 × 60 tilted by 0.2 rad around (1500, 1100).
  const angle = 0.2;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="2000"><rect width="3000" height="2000" fill="#808080"/>
    <rect x="-100" y="-30" width="200" height="60" fill="#ff0000" transform="translate(1500 1100) rotate(${(angle * 180) / Math.PI})"/></svg>`;
  const photo = await sharp(Buffer.from(svg)).jpeg().toBuffer();
  const crop = await cropAround(photo, { cx: 1500, cy: 1100, width: 200, height: 60, angle }, 300);
  const { data, info } = await sharp(crop).raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
  const red = ([r, g, b]: number[]) => r > 200 && g < 80 && b < 80;
  const cx = info.width >> 1;
  const cy = info.height >> 1;
  expect(red(at(cx, cy))).toBe(true);
  // Level: both ends of the bar at the same height, and grey above and below it.
  expect(red(at(cx - 80, cy))).toBe(true);
  expect(red(at(cx + 80, cy))).toBe(true);
  expect(red(at(cx, cy - 50))).toBe(false);
  expect(red(at(cx, cy + 50))).toBe(false);
});

it("cuts from the photo as it stands, whatever way the camera stored it", async () => {
  // Upright 2000 × 3000 with a red bar around (600, 2400); stored turned on its side, with EXIF orientation 6.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="3000"><rect width="2000" height="3000" fill="#808080"/>
    <rect x="500" y="2370" width="200" height="60" fill="#ff0000"/></svg>`;
  const upright = await sharp(Buffer.from(svg)).jpeg().toBuffer();
  const stored = await sharp(upright).rotate(270).withMetadata({ orientation: 6 }).jpeg().toBuffer();
  expect((await sharp(stored).metadata()).width).toBe(3000);
  const crop = await cropAround(stored, { cx: 600, cy: 2400, width: 200, height: 60, angle: 0 }, 300);
  const { data, info } = await sharp(crop).raw().toBuffer({ resolveWithObject: true });
  const i = ((info.height >> 1) * info.width + (info.width >> 1)) * info.channels;
  expect([data[i] > 200, data[i + 1] < 80, data[i + 2] < 80]).toEqual([true, true, true]);
  expect(info.width).toBe(300);
});
