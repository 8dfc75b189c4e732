import { rasterize } from "../images/index.ts";
import { keepPublicImage } from "../catalog/index.ts";
import type { Storage } from "../storage/index.ts";
import { invalid } from "../errors.ts";

export const MAX_SITE_IMAGE_BYTES = 15 * 1024 * 1024;

/**
 * Stores an uploaded logo, hero or banner as a WebP no wider than `maxWidth`
 * under a content-hashed public key (same picture, same key, cached for a year).
 * Anything sharp cannot read is refused with a clear message, never stored.
 */
export async function storeSiteImage(storage: Storage, file: File, prefix: string, maxWidth: number): Promise<string> {
  if (file.size > MAX_SITE_IMAGE_BYTES) throw invalid("imageTooLarge");
  const input = Buffer.from(await file.arrayBuffer());
  let data: Buffer;
  try {
    data = await rasterize(input, maxWidth);
  } catch {
    throw invalid("imageUnreadable");
  }
  return keepPublicImage(storage, data, prefix);
}

/** A file input left empty arrives as an empty File (or nothing at all). */
export function chosenFile(value: FormDataEntryValue | null): File | undefined {
  return value && typeof value !== "string" && value.size > 0 ? value : undefined;
}
