import type { Storage } from "../storage/index.ts";

export class CopyError extends Error {}

/**
 * Copies every stored file from one place to another (the data folder into a
 * bucket when a shop moves up), one at a time so a 40 MB original is the most
 * ever held in memory. A file already there is skipped, so
 * an interrupted move is simply run again. Ends by checking that every key
 * arrived; the source is left untouched.
 */
export async function copyFiles(
  from: Storage,
  to: Storage,
  onProgress: (done: number, total: number, key: string) => void = () => {},
): Promise<{ copied: number; skipped: number }> {
  const wanted: string[] = [];
  for await (const key of from.list()) wanted.push(key);
  let copied = 0;
  let skipped = 0;
  for (const key of wanted) {
    // Both stores write a file whole or not at all, so one that exists is complete.
    if (await to.exists(key)) skipped++;
    else {
      await to.put(key, await from.get(key));
      copied++;
    }
    onProgress(copied + skipped, wanted.length, key);
  }
  const arrived = new Set<string>();
  for await (const key of to.list()) arrived.add(key);
  const missing = wanted.filter((key) => !arrived.has(key));
  if (missing.length > 0) throw new CopyError(`${missing.length} files did not arrive, e.g. ${missing.slice(0, 3).join(", ")}`);
  return { copied, skipped };
}
