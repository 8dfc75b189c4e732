import fs from "node:fs/promises";
import path from "node:path";
import { FIELD_MAX_BIB, fieldLabelOf, planFieldSet, type FieldLabel, type FieldSplit } from "./plan.ts";
import { renderFieldPhoto } from "./render.ts";

export type { FieldLabel, BibClass, FieldSplit } from "./plan.ts";
export { FIELD_MAX_BIB, FIELD_SPLITS, fieldSetFolder } from "./plan.ts";

export type FieldSet = { dir: string; bibRanges: string; labels: FieldLabel[] };

type Manifest = { bibRanges: string; photos: FieldLabel[] };

/**
 * The field set (or its tuning split) in `dir`: labels.json is committed; the JPEGs (about 1 GB,
 * 12 to 45 MP) are rendered here when missing. A generator that no longer
 * matches the committed labels stops the run instead of quietly reporting on
 * a different set. `render: false` checks the labels only (scoring saved readings needs no JPEG).
 */
export async function ensureFieldSet(
  dir: string,
  log: (line: string) => void = () => {},
  limit?: number,
  split: FieldSplit = "field",
  { render = true } = {},
): Promise<FieldSet> {
  const plans = planFieldSet(split);
  const manifest: Manifest = { bibRanges: `1-${FIELD_MAX_BIB}`, photos: plans.map(fieldLabelOf) };
  const file = path.join(dir, "labels.json");
  await fs.mkdir(dir, { recursive: true });
  const committed = await fs.readFile(file, "utf8").catch(() => undefined);
  const text = `${JSON.stringify(manifest, null, 1)}\n`;
  if (committed === undefined) {
    await fs.writeFile(file, text);
    log(`wrote ${file}`);
  } else if (committed !== text) {
    throw new Error(`${file} does not match the field set's generator; delete it to accept the new set, and commit it`);
  }
  const wanted = !render ? [] : limit ? plans.slice(0, limit) : plans;
  const missing = [];
  for (const plan of wanted) {
    const exists = await fs.stat(path.join(dir, plan.file)).then(
      () => true,
      () => false,
    );
    if (!exists) missing.push(plan);
  }
  if (missing.length) log(`rendering ${missing.length} photos of the field set into ${dir} (once; several minutes)…`);
  let done = 0;
  for (const plan of missing) {
    await fs.writeFile(path.join(dir, plan.file), await renderFieldPhoto(plan));
    if (++done % 10 === 0) log(`  ${done}/${missing.length}`);
  }
  return { dir, bibRanges: manifest.bibRanges, labels: limit ? manifest.photos.slice(0, limit) : manifest.photos };
}
