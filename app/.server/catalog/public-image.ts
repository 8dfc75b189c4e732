import { contentHash } from "../images/index.ts";
import type { Storage } from "../storage/index.ts";

/**
 * Keeps a WebP picture (a logo, hero or banner) under a content-hashed public
 * key: the same picture gets the same key, cached for a year, and a stored
 * site image's name is what domain/site-image.ts recognises for its narrower copies.
 */
export async function keepPublicImage(storage: Storage, webp: Buffer, prefix: string): Promise<string> {
  const key = `public/${prefix}-${contentHash(webp, 12)}.webp`;
  if (!(await storage.exists(key))) await storage.put(key, webp, "image/webp");
  return key;
}
