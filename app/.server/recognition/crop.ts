import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { Db } from "../db/client.ts";
import { bibSuggestions, photos } from "../db/schema.ts";
import { notFound } from "../errors.ts";
import type { Storage } from "../storage/index.ts";
import { boundsOf } from "./geometry.ts";

/**
 * The review screen's picture of a suggestion: the bib and a margin around it,
 * turned level, as a small JPEG. Cut from the private original, so serve it
 * only to operators.
 */
export async function suggestionCrop(db: Db, storage: Storage, id: number, width = 360): Promise<Buffer> {
  const [row] = await db
    .select({ box: bibSuggestions.box, originalKey: photos.originalKey })
    .from(bibSuggestions)
    .innerJoin(photos, eq(photos.id, bibSuggestions.photoId))
    .where(eq(bibSuggestions.id, id));
  if (!row) throw notFound();
  // The box is in upright pixels: apply the camera's orientation first.
  const upright = await sharp(await storage.get(row.originalKey)).rotate().toBuffer({ resolveWithObject: true });
  const { width: w, height: h } = upright.info;
  // The number plus about a bib's worth of context around it.
  const b = boundsOf({ ...row.box, width: row.box.width * 1.5, height: row.box.height * 2.4 });
  const left = Math.max(0, Math.floor(b.left));
  const top = Math.max(0, Math.floor(b.top));
  const right = Math.min(w, Math.ceil(b.right));
  const bottom = Math.min(h, Math.ceil(b.bottom));
  return sharp(upright.data)
    .extract({ left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) })
    .rotate((-row.box.angle * 180) / Math.PI, { background: "#ffffff" })
    .resize({ width, withoutEnlargement: false })
    .jpeg({ quality: 85 })
    .toBuffer();
}
