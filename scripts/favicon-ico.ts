// `node scripts/favicon-ico.ts`: writes public/favicon.ico from
// public/favicon.svg (16, 32 and 48 px PNGs in one ICO). Browsers ask for
// /favicon.ico whatever the page names; run this after changing the SVG
// (favicon-ico.test.ts fails while the two differ).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const FAVICON_SVG = path.join(root, "public/favicon.svg");
export const FAVICON_ICO = path.join(root, "public/favicon.ico");
export const ICO_SIZES = [16, 32, 48];

/** The SVG drawn at `size` px square (at four times the density, then reduced: crisp edges). */
export const iconPng = (svg: Buffer, size: number) =>
  sharp(svg, { density: 72 * (size / 32) * 4 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();

/** An ICO of PNG images: a 6-byte header, a 16-byte entry for each image, then the images. */
export async function icoFromSvg(svg: Buffer, sizes = ICO_SIZES): Promise<Buffer> {
  const pngs = await Promise.all(sizes.map((size) => iconPng(svg, size)));
  const header = Buffer.alloc(6);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(sizes.length, 4);
  let offset = 6 + 16 * sizes.length;
  const entries = sizes.map((size, i) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size, 0);
    entry.writeUInt8(size, 1);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits a pixel
    entry.writeUInt32LE(pngs[i].length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += pngs[i].length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...pngs]);
}

/** The images of an ICO written by icoFromSvg, by size. */
export function icoImages(ico: Buffer): Map<number, Buffer> {
  const images = new Map<number, Buffer>();
  for (let i = 0; i < ico.readUInt16LE(4); i++) {
    const entry = 6 + 16 * i;
    const size = ico.readUInt8(entry) || 256;
    images.set(size, ico.subarray(ico.readUInt32LE(entry + 12), ico.readUInt32LE(entry + 12) + ico.readUInt32LE(entry + 8)));
  }
  return images;
}

if (import.meta.main) {
  fs.writeFileSync(FAVICON_ICO, await icoFromSvg(fs.readFileSync(FAVICON_SVG)));
  console.log(`${path.relative(root, FAVICON_ICO)}: ${fs.statSync(FAVICON_ICO).size} bytes`);
}
