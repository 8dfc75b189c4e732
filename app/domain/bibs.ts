/** A runner number as typed: digits, optionally a leading plus; anything else or ≤ 0 is no number. */
export function parseRunnerNumber(raw: string | null | undefined): number | undefined {
  if (raw == null) return undefined;
  const m = /^\+?(\d{1,9})$/.exec(raw.trim());
  if (!m) return undefined;
  const n = Number(m[1]);
  return n > 0 ? n : undefined;
}

export type BibRange = { from: number; to: number };

/** "1-1200 5001-5400 7" → ranges. Throws on anything that is not a number or a range. */
export function parseBibRanges(text: string): BibRange[] {
  const ranges: BibRange[] = [];
  for (const part of text
    .trim()
    .split(/[\s,]+/)
    .filter(Boolean)) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!m) throw new Error(`Not a bib or bib range: "${part}"`);
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    if (to < from) throw new Error(`Bib range runs backwards: "${part}"`);
    ranges.push({ from, to });
  }
  return ranges;
}

export function inRanges(bib: number, ranges: BibRange[]): boolean {
  return ranges.some((r) => bib >= r.from && bib <= r.to);
}

/** "12 300 301" → [12, 300, 301]; the import file's bibs cell. */
export function parseBibList(text: string): number[] {
  const bibs = text
    .trim()
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((b) => parseRunnerNumber(b));
  if (bibs.some((b) => b === undefined)) throw new Error(`Not a list of bib numbers: "${text}"`);
  return [...new Set(bibs as number[])];
}
