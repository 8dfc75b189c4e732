import path from "node:path";
import type { Request, Response } from "express";
import { siteImageVariant } from "../../domain/site-image.ts";
import { rasterize } from "../images/index.ts";
import { isPublicKey, MissingFile, type Storage } from "../storage/index.ts";

const TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".png": "image/png",
  ".svg": "image/svg+xml",
};

/**
 * What a public file may do if a browser opens it as a document: nothing. An
 * SVG (older imports stored them as sent) is shown, its scripts never run.
 */
export const MEDIA_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

const isMissing = (error: unknown) => error instanceof MissingFile || (error as Error).name === "MissingFile";

/**
 * Makes a narrower copy of a site image (domain/site-image.ts) from the stored
 * one the first time it is asked for, and keeps it beside it; false when the
 * key is no such copy or its image does not exist. One making per key at a time.
 */
function variantMaker(storage: Storage) {
  const making = new Map<string, Promise<boolean>>();
  return (key: string): Promise<boolean> => {
    const variant = siteImageVariant(key);
    if (!variant) return Promise.resolve(false);
    let work = making.get(key);
    if (!work) {
      work = (async () => {
        try {
          const data = await rasterize(await storage.get(variant.of), variant.width);
          await storage.put(key, data, "image/webp");
          return true;
        } catch (error) {
          if (isMissing(error)) return false;
          throw error;
        }
      })().finally(() => making.delete(key));
      making.set(key, work);
    }
    return work;
  };
}

/**
 * Serves public storage keys (derivatives, logos, banners, and the narrower
 * copies of heroes and banners, made on first request). Their names carry a
 * content hash, so they are cached for a year. Originals are never public keys.
 */
export function mediaHandler(storage: Storage) {
  const makeVariant = variantMaker(storage);
  return async (req: Request, res: Response) => {
    const key = String(
      (req.params as Record<string, string | string[]>).key instanceof Array
        ? (req.params as Record<string, string[]>).key.join("/")
        : (req.params as Record<string, string>).key,
    );
    if (!isPublicKey(key) || key.split("/").some((part) => part === "" || part === "." || part === "..")) {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    try {
      const stream = await storage.stream(key).catch(async (error) => {
        if (isMissing(error) && (await makeVariant(key))) return storage.stream(key);
        throw error;
      });
      res.setHeader("Content-Type", TYPES[path.extname(key).toLowerCase()] ?? "application/octet-stream");
      res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      res.setHeader("Content-Security-Policy", MEDIA_CSP);
      stream.on("error", () => res.destroy());
      stream.pipe(res);
    } catch (error) {
      if (isMissing(error)) {
        res.status(404).type("text/plain").send("Not found");
        return;
      }
      throw error;
    }
  };
}
