// Writes tests/fixtures/import-burst/, the import folder of the burst
// integration test: one camera's burst where a runner's bib shows in the first
// frame and a hand covers it in the next, a frame of another scene in the same
// second, and the covered frame again a minute later (no longer the same burst).
// Run: ./node_modules/.bin/node scripts/bench/bib-set/burst-fixture.ts
import fs from "node:fs/promises";
import path from "node:path";
import sharp, { type Sharp } from "sharp";
import { formatInZone } from "../../../app/.server/images/index.ts";
import { renderRacePhoto } from "../../../app/.server/demo/index.ts";
import { boundsOf } from "../../../app/.server/recognition/geometry.ts";
import { createRecognizer } from "../../../app/.server/recognition/index.ts";

const folder = path.resolve(import.meta.dirname, "../../../tests/fixtures/import-burst");
const timeZone = "America/Argentina/Buenos_Aires";
const start = new Date("2025-06-01T12:00:05Z");
const BIB = 214;

const race = {
  slug: "fixture-burst-2025",
  name: { es: "Carrera de Ráfagas", en: "Burst Race" },
  date: "2025-06-01",
  timezone: timeZone,
  status: "published",
  price: { ars: 5000, usd: 5 },
  bibs: "10-1999",
};

/** The camera's EXIF: its clock in the race's zone, and one make, model and serial for every frame. */
async function withCamera(pixels: Sharp, takenAt: Date): Promise<Buffer> {
  const when = formatInZone(takenAt, timeZone).replace(/-/g, ":");
  return pixels
    .jpeg({ quality: 85 })
    .withExif({ IFD0: { DateTime: when, Make: "Nikon", Model: "Z 6II" }, IFD2: { DateTimeOriginal: when, BodySerialNumber: "3021884" } })
    .toBuffer();
}

const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
const shown = await renderRacePhoto({ bibs: [BIB], seed: 7300, takenAt: start, timeZone, width: 1200, height: 800 });
const reading = await createRecognizer().read(shown);
const line = reading.lines.find((l) => l.text === String(BIB));
if (!line) throw new Error(`the recogniser does not read ${BIB} in the first frame: pick another seed`);
const b = boundsOf({ ...line.box, width: line.box.width * 1.3, height: line.box.height * 1.4 });
const hand = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect x="${b.left}" y="${b.top}" width="${b.right - b.left}" height="${b.bottom - b.top}" rx="${(b.bottom - b.top) / 3}" fill="#c68a62"/></svg>`;
const covered = await sharp(shown).composite([{ input: Buffer.from(hand) }]).png().toBuffer();
const other = await renderRacePhoto({ bibs: [], seed: 7311, takenAt: start, timeZone, width: 1200, height: 800 });

await fs.rm(folder, { recursive: true, force: true });
await fs.mkdir(path.join(folder, "photos"), { recursive: true });
await fs.writeFile(path.join(folder, "race.json"), `${JSON.stringify(race, null, 2)}\n`);
await fs.writeFile(path.join(folder, "photos", "DSC_0101.jpg"), await withCamera(sharp(shown), at(0)));
await fs.writeFile(path.join(folder, "photos", "DSC_0102.jpg"), await withCamera(sharp(covered), at(1)));
await fs.writeFile(path.join(folder, "photos", "DSC_0103.jpg"), await withCamera(sharp(other), at(2)));
await fs.writeFile(path.join(folder, "photos", "DSC_0160.jpg"), await withCamera(sharp(covered).modulate({ brightness: 1.01 }), at(60)));
console.log(`wrote ${folder}`);
