// What the whole-number verifier sees of every number a labelled set's saved readings hold, labelled:
//   node scripts/whole-number/crops.ts <set> <readings.json> <out>
// <set> is a split of the bibs benchmark (own, tune, race-tune, …); <readings.json> what
// `npm run bench -- bibs --set <set> --save F` wrote (F.<set>.json). Writes <out>.u8 (N × 3 × 64 × 128 levels,
// as whole-number.ts makes them) and <out>.json (per crop: photo, line, text and kind: "whole" a bib of the photo,
// "part" part of one (or of a bib hidden in it), "more" a bib with more digits, "other" anything else).
import fs from "node:fs";
import path from "node:path";
import { decodeForReading, numberOf, type PhotoReading, scaleRect, wholeNumberInput } from "../../app/.server/recognition/index.ts";
import { fieldSetFolder } from "../bench/field-set/index.ts";

type Label = { file: string; bibs: number[]; hidden?: number[] };

const [set, readingsFile, out] = process.argv.slice(2);
if (!out) throw new Error("usage: node scripts/whole-number/crops.ts <set> <readings.json> <out>");
const dir = path.resolve(import.meta.dirname, "../../tests/fixtures", set === "own" ? "bibs" : fieldSetFolder(set as never));
const labels: Label[] = JSON.parse(fs.readFileSync(path.join(dir, "labels.json"), "utf8")).photos;
const readings: PhotoReading[] = JSON.parse(fs.readFileSync(readingsFile, "utf8"));

function kindOf(text: string, label: Label): string {
  const all = [...label.bibs, ...(label.hidden ?? [])].map(String);
  if (label.bibs.includes(Number(text))) return "whole";
  if (all.some((bib) => bib.includes(text))) return "part";
  return all.some((bib) => text.includes(bib)) ? "more" : "other";
}

const records: unknown[] = [];
const crops: Buffer[] = [];
for (const [i, reading] of readings.entries()) {
  const numbers = reading.lines.map((line, j) => ({ line, j, text: numberOf(line).text })).filter(({ text }) => /^[0-9]{1,5}$/.test(text));
  if (!numbers.length) continue;
  const photo = await decodeForReading(path.join(dir, labels[i].file));
  const scale = photo.source.width / photo.width;
  for (const { line, j, text } of numbers) {
    crops.push(Buffer.from(wholeNumberInput(photo.source, scaleRect(line.box, scale))));
    records.push({ set, photo: i, line: j, text, kind: kindOf(text, labels[i]) });
  }
}
fs.writeFileSync(`${out}.u8`, Buffer.concat(crops));
fs.writeFileSync(`${out}.json`, JSON.stringify(records));
console.log(`${set}: ${records.length} crops`);
