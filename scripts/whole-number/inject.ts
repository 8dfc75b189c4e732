// A model's scores put into saved readings, to score them with `npm run bench -- bibs --load` without reading again:
//   node scripts/whole-number/inject.ts <readings.json> <scores.json> <out.json>
// <scores.json> is what `train.py score` printed for the crops.ts output of those readings.
import fs from "node:fs";

const [readingsFile, scoresFile, out] = process.argv.slice(2);
const readings = JSON.parse(fs.readFileSync(readingsFile, "utf8"));
const scores: { photo: number; line: number; p: number }[] = JSON.parse(fs.readFileSync(scoresFile, "utf8"));
for (const { photo, line, p } of scores) readings[photo].lines[line].whole = Math.round(p * 1000) / 1000;
fs.writeFileSync(out, JSON.stringify(readings));
