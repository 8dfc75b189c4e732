// Writes tests/fixtures/<folder>.readings.json for the import folders the
// recognition tests use: what the OCR read in each photo, keyed by the photo's
// SHA-256. The
// recognition workflow tests replay these readings (tests/integration/
// recorded-recognizer.ts) so that review, timing and undo are tested on fixed
// input, while one test reads the photos for real and holds the OCR to the
// tolerance its benchmark justifies. Run again after changing the reader or
// the fixture: ./node_modules/.bin/node scripts/bench/bib-set/record-fixture-readings.ts
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createRecognizer } from "../../../app/.server/recognition/index.ts";

const fixtures = path.resolve(import.meta.dirname, "../../../tests/fixtures");
const recognizer = createRecognizer();
const rounded = (_key: string, value: unknown) => (typeof value === "number" && !Number.isInteger(value) ? Number(value.toFixed(4)) : value);

for (const fixture of ["import-bibs", "import-burst"]) {
  const folder = path.join(fixtures, fixture, "photos");
  const readings: Record<string, unknown> = {};
  for (const file of fs.readdirSync(folder).sort()) {
    const image = fs.readFileSync(path.join(folder, file));
    const reading = await recognizer.read(image);
    readings[crypto.createHash("sha256").update(image).digest("hex")] = { file, ...reading };
    console.log(fixture, file, reading.lines.map((line) => line.text).join(" | ") || "(nothing)");
  }
  fs.writeFileSync(path.join(fixtures, `${fixture}.readings.json`), `${JSON.stringify(readings, rounded, 1)}\n`);
}
