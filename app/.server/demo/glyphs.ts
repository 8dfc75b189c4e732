/**
 * Bib digits as stroked SVG centre-lines, so no system font is needed: sharp's SVG
 * text goes through fontconfig and a fresh server may have no fonts at all.
 * Each glyph lives in a 60×100 box; a thick stroke turns it into a bold condensed
 * sans digit like the ones printed on race bibs (and easy for OCR to read back).
 */
const DIGITS: Record<string, string> = {
  "0": "M30 9C44 9 50 22 50 36V64C50 78 44 91 30 91C16 91 10 78 10 64V36C10 22 16 9 30 9Z",
  "1": "M13 27L35 9V91",
  "2": "M10 31C10 17 19 9 30 9C42 9 50 17 50 29C50 42 41 51 31 61L11 82V91H52",
  "3": "M10 22C14 13 21 9 30 9C42 9 49 17 49 28C49 40 40 47 26 47H28C42 47 51 55 51 68C51 82 42 91 30 91C20 91 13 87 9 78",
  "4": "M40 91V9H37L8 63V67H54",
  "5": "M48 9H16L13 47C18 42 24 40 31 40C43 40 51 50 51 65C51 81 42 91 29 91C20 91 14 88 9 81",
  "6": "M46 14C42 10 37 9 31 9C18 9 10 24 10 50V64C10 81 19 91 30 91C43 91 50 81 50 66C50 51 42 43 30 43C20 43 12 50 10 61",
  "7": "M8 9H52V13C40 33 32 58 29 91",
  "8": "M30 9C42 9 48 17 48 28C48 39 41 47 30 47C19 47 12 39 12 28C12 17 18 9 30 9ZM30 47C43 47 51 56 51 68C51 82 42 91 30 91C18 91 9 82 9 68C9 56 17 47 30 47Z",
  "9": "M14 86C18 90 23 91 29 91C42 91 50 76 50 50V36C50 19 41 9 30 9C17 9 10 19 10 34C10 49 18 57 30 57C40 57 48 50 50 39",
};

export const GLYPH_WIDTH = 60;
export const GLYPH_HEIGHT = 100;
const STROKE = 17;
const GAP = 9;

/** Width in glyph units of a digit string (advance is fixed, like tabular figures). */
export function glyphRunWidth(text: string): number {
  return text.length * (GLYPH_WIDTH + GAP) - GAP;
}

/**
 * SVG for `text` (digits only) centred on (cx, cy) and scaled to fit in
 * maxWidth × maxHeight pixels.
 */
export function digitsSvg(text: string, cx: number, cy: number, maxWidth: number, maxHeight: number, color: string): string {
  const width = glyphRunWidth(text);
  const scale = Math.min(maxWidth / width, maxHeight / GLYPH_HEIGHT);
  const d = [...text]
    .map((ch, i) => {
      const path = DIGITS[ch];
      if (!path) throw new Error(`No glyph for "${ch}"`);
      return offsetPath(path, i * (GLYPH_WIDTH + GAP));
    })
    .join("");
  const x = cx - (width * scale) / 2;
  const y = cy - (GLYPH_HEIGHT * scale) / 2;
  return `<path transform="translate(${x.toFixed(2)} ${y.toFixed(2)}) scale(${scale.toFixed(4)})" d="${d}" fill="none" stroke="${color}" stroke-width="${STROKE}" stroke-linejoin="round"/>`;
}

/** Shifts absolute path data horizontally (all our glyph commands are absolute). */
function offsetPath(d: string, dx: number): string {
  if (dx === 0) return d;
  // Commands with x/y pairs: shift every even-indexed number; H shifts its single number; V is untouched.
  return d.replace(/([MLCHV])([^MLCHVZ]*)/g, (_, cmd: string, args: string) => {
    const nums = args
      .trim()
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    if (cmd === "V") return cmd + nums.join(" ");
    const shifted = nums.map((n, i) => (cmd === "H" || i % 2 === 0 ? n + dx : n));
    return cmd + shifted.join(" ");
  });
}
