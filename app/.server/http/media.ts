import path from "node:path";
import type { Request, Response } from "express";
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

/**
 * Serves public storage keys (derivatives, logos, banners). Their names carry a
 * content hash, so they are cached for a year. Originals are never public keys.
 */
export function mediaHandler(storage: Storage) {
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
      const stream = await storage.stream(key);
      res.setHeader("Content-Type", TYPES[path.extname(key).toLowerCase()] ?? "application/octet-stream");
      res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      res.setHeader("Content-Security-Policy", MEDIA_CSP);
      stream.on("error", () => res.destroy());
      stream.pipe(res);
    } catch (error) {
      if (error instanceof MissingFile || (error as Error).name === "MissingFile") {
        res.status(404).type("text/plain").send("Not found");
        return;
      }
      throw error;
    }
  };
}
