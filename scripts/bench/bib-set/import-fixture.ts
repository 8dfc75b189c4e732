// Writes tests/fixtures/import-bibs/, the small import folder of the recognition
// integration test: demo photos with printed bibs and capture times, and a
// photos.csv that tags only one of them (so that one is not read).
// Run: ./node_modules/.bin/node scripts/bench/bib-set/import-fixture.ts
import fs from "node:fs/promises";
import path from "node:path";
import { renderRacePhoto } from "../../../app/.server/demo/index.ts";

const folder = path.resolve(import.meta.dirname, "../../../tests/fixtures/import-bibs");
const timeZone = "America/Argentina/Buenos_Aires";

export const FIXTURE_PHOTOS = [
  { file: "R001.jpg", bibs: [152], takenAt: "2025-06-01T12:00:05Z" },
  { file: "R002.jpg", bibs: [317, 1045], takenAt: "2025-06-01T12:03:40Z" },
  { file: "R003.jpg", bibs: [], takenAt: "2025-06-01T12:05:00Z" },
  { file: "R004.jpg", bibs: [88], takenAt: "2025-06-01T12:07:30Z" },
  { file: "R005.jpg", bibs: [560], takenAt: "2025-06-01T12:09:10Z" },
];

const race = {
  slug: "fixture-bibs-2025",
  name: { es: "Carrera de Dorsales", en: "Bib Race" },
  date: "2025-06-01",
  timezone: timeZone,
  status: "published",
  price: { ars: 5000, usd: 5 },
  bibs: "10-1999",
};

await fs.mkdir(path.join(folder, "photos"), { recursive: true });
await fs.writeFile(path.join(folder, "race.json"), `${JSON.stringify(race, null, 2)}\n`);
await fs.writeFile(path.join(folder, "photos.csv"), "file,bibs,tags,free,price_ars,price_usd,sale_ars,sale_usd\nR004.jpg,88,,,,,,\n");
for (const [i, p] of FIXTURE_PHOTOS.entries()) {
  const jpeg = await renderRacePhoto({ bibs: p.bibs, seed: 7000 + i, takenAt: new Date(p.takenAt), timeZone, width: 1200, height: 800 });
  await fs.writeFile(path.join(folder, "photos", p.file), jpeg);
}
console.log(`wrote ${folder}`);
