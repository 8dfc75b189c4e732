// The one CSV reader: photos.csv, start lists and timing files are all spreadsheets'
// exports, so each reads them the same way.

/**
 * CSV text as rows of cells, each with the line it starts on (1-based): RFC 4180
 * quotes (a separator or line break inside quotes is text, `""` is a quote), the
 * separator the first line uses (comma, semicolon or tab), a leading BOM ignored.
 * Blank rows are dropped.
 */
export function csvRows(text: string): { cells: string[]; line: number }[] {
  const body = text.replace(/^\uFEFF/, "");
  // The separator the first line uses most outside quotes ("Pérez, Ana";101 is a semicolon file).
  const firstLine = (body.split(/\r?\n/, 1)[0] ?? "").replace(/"[^"]*"/g, "");
  const count = (sep: string) => firstLine.split(sep).length - 1;
  const sep = [";", "\t"].reduce((best, candidate) => (count(candidate) > count(best) ? candidate : best), ",");
  const rows: { cells: string[]; line: number }[] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let start = 1;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch === "\n") line++;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === sep) {
      row.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && body[i + 1] === "\n") {
        i++;
        line++;
      }
      row.push(cell);
      rows.push({ cells: row, line: start });
      row = [];
      cell = "";
      start = line;
    } else cell += ch;
  }
  if (cell !== "" || row.length) {
    row.push(cell);
    rows.push({ cells: row, line: start });
  }
  return rows.filter((r) => r.cells.some((c) => c.trim() !== ""));
}

/** Splits CSV text into rows of cells (see csvRows). */
export function splitCsv(text: string): string[][] {
  return csvRows(text).map((r) => r.cells);
}
