import { parseBibList } from "../../domain/bibs.ts";
import { toMinor } from "../../domain/money.ts";
import { splitCsv } from "../csv.ts";
import { FolderError } from "./folder-error.ts";

/** One row of photos.csv; undefined fields keep the race's defaults. */
export type PhotoMeta = {
  bibs?: number[];
  tags?: string[];
  free?: boolean;
  priceArs?: number;
  priceUsd?: number;
  saleArs?: number;
  saleUsd?: number;
  /** The account of who took it, by e-mail (resolved to an id by the import). */
  photographer?: string;
  photographerId?: number;
};

const COLUMNS = ["file", "bibs", "tags", "free", "price_ars", "price_usd", "sale_ars", "sale_usd", "photographer"] as const;

function amount(cell: string, where: string): number | undefined {
  const v = cell.trim();
  if (v === "") return undefined;
  const n = Number(v.replace(",", "."));
  if (!Number.isFinite(n) || n < 0) throw new FolderError(`${where}: "${cell}" is not an amount`);
  return toMinor(n);
}

function flag(cell: string, where: string): boolean | undefined {
  const v = cell.trim().toLowerCase();
  if (v === "") return undefined;
  if (["1", "true", "yes", "si", "sí", "sim", "x"].includes(v)) return true;
  if (["0", "false", "no", "não", "nao"].includes(v)) return false;
  throw new FolderError(`${where}: "${cell}" is not yes or no`);
}

/** photos.csv → metadata by file name. Throws one line naming the row and column on bad input. */
export function parsePhotosCsv(text: string): Map<string, PhotoMeta> {
  const rows = splitCsv(text);
  const header = (rows.shift() ?? []).map((h) => h.trim().toLowerCase());
  if (!header.includes("file")) throw new FolderError("photos.csv: the first row must name the columns, starting with file");
  const index = (name: (typeof COLUMNS)[number]) => header.indexOf(name);
  const meta = new Map<string, PhotoMeta>();
  rows.forEach((cells, i) => {
    const at = (name: (typeof COLUMNS)[number]) => (index(name) >= 0 ? (cells[index(name)] ?? "") : "");
    const where = (col: string) => `photos.csv row ${i + 2} ${col}`;
    const file = at("file").trim();
    if (!file) throw new FolderError(`${where("file")}: empty file name`);
    let bibs: number[] | undefined;
    try {
      bibs = at("bibs").trim() ? parseBibList(at("bibs")) : undefined;
    } catch {
      throw new FolderError(`${where("bibs")}: "${at("bibs")}" is not a list of bib numbers`);
    }
    const tags = at("tags").trim() ? at("tags").trim().split(/\s+/) : undefined;
    meta.set(file, {
      bibs,
      tags,
      free: flag(at("free"), where("free")),
      priceArs: amount(at("price_ars"), where("price_ars")),
      priceUsd: amount(at("price_usd"), where("price_usd")),
      saleArs: amount(at("sale_ars"), where("sale_ars")),
      saleUsd: amount(at("sale_usd"), where("sale_usd")),
      photographer: at("photographer").trim().toLowerCase() || undefined,
    });
  });
  return meta;
}
