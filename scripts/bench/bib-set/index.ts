import fs from "node:fs/promises";
import path from "node:path";
import { shoot } from "./camera.ts";
import { labelOf, planSet, SET_BIB_RANGES, SET_HEIGHT, SET_WIDTH, type Label } from "./plan.ts";
import { sceneSvg } from "./scene.ts";

export { SET_BIB_RANGES } from "./plan.ts";
export type { Label } from "./plan.ts";

export type BibSet = { dir: string; bibRanges: string; labels: Label[] };

type Manifest = { bibRanges: string; width: number; height: number; photos: Label[] };

/**
 * The labelled set in `dir`: labels.json is committed; the JPEGs (about 100 MB)
 * are not, and are rendered here from the same plan when missing. A plan that
 * no longer matches the committed labels stops the run instead of quietly
 * benchmarking a different set. `render: false` checks the labels only.
 */
export async function ensureBibSet(dir: string, log: (line: string) => void = () => {}, { render = true } = {}): Promise<BibSet> {
  const plans = planSet();
  const manifest: Manifest = { bibRanges: SET_BIB_RANGES, width: SET_WIDTH, height: SET_HEIGHT, photos: plans.map(labelOf) };
  const file = path.join(dir, "labels.json");
  await fs.mkdir(dir, { recursive: true });
  const committed = await fs.readFile(file, "utf8").catch(() => undefined);
  const text = `${JSON.stringify(manifest, null, 1)}\n`;
  if (committed === undefined) {
    await fs.writeFile(file, text);
    log(`wrote ${file}`);
  } else if (committed !== text) {
    throw new Error(`${file} does not match the set's generator; delete it to accept the new set, and commit it`);
  }

  const missing: number[] = [];
  for (const [i, plan] of render ? plans.entries() : []) {
    const exists = await fs.stat(path.join(dir, plan.file)).then(
      () => true,
      () => false,
    );
    if (!exists) missing.push(i);
  }
  if (missing.length) log(`rendering ${missing.length} photos of the labelled set into ${dir} (once; a few minutes)…`);
  let done = 0;
  for (const i of missing) {
    const plan = plans[i];
    const jpeg = await shoot(sceneSvg(plan, SET_WIDTH, SET_HEIGHT), plan);
    await fs.writeFile(path.join(dir, plan.file), jpeg);
    if (++done % 20 === 0) log(`  ${done}/${missing.length}`);
  }
  return { dir, bibRanges: manifest.bibRanges, labels: manifest.photos };
}
