import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { NextFunction, Request, Response } from "express";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".woff2": "font/woff2",
  ".png": "image/png",
  ".webp": "image/webp",
  ".json": "application/json",
};
const COMPRESSIBLE = new Set([".js", ".css", ".svg", ".json"]);

type Asset = { type: string; etag: string; identity: Buffer; br?: Buffer; gzip?: Buffer };

/**
 * The build's hashed files (`/assets/…`), compressed once with brotli and gzip
 * at their best settings and then served from memory with immutable caching:
 * a rush of phones costs no compression per request. The set is the build's,
 * about a megabyte; a name not in the folder falls through (404).
 */
export function staticAssets(folder: string) {
  const assets = new Map<string, Promise<Asset | undefined>>();

  async function load(name: string): Promise<Asset | undefined> {
    const ext = path.extname(name);
    let identity: Buffer;
    try {
      identity = await fs.readFile(path.join(folder, name));
    } catch {
      return undefined;
    }
    const asset: Asset = { type: TYPES[ext] ?? "application/octet-stream", etag: `"${createHash("sha1").update(identity).digest("base64url")}"`, identity };
    if (COMPRESSIBLE.has(ext) && identity.length > 1024) {
      asset.br = await brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } });
      asset.gzip = await gzipAsync(identity, { level: 9 });
    }
    return asset;
  }

  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    // Build names only: no folders, no dots but the extension's.
    if (!/^[\w-]+(?:\.[\w-]+)*\.(?:js|css|svg|woff2|png|webp|json)$/.test(name)) return next();
    let pending = assets.get(name);
    if (!pending) {
      pending = load(name);
      assets.set(name, pending);
    }
    const asset = await pending;
    if (!asset) {
      assets.delete(name);
      return next();
    }
    res.setHeader("Content-Type", asset.type);
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    res.setHeader("ETag", asset.etag);
    res.setHeader("Vary", "Accept-Encoding");
    if (req.get("if-none-match") === asset.etag) {
      res.status(304).end();
      return;
    }
    const accepts = req.get("accept-encoding") ?? "";
    const [body, encoding] =
      asset.br && /\bbr\b/.test(accepts) ? [asset.br, "br"] : asset.gzip && /\bgzip\b/.test(accepts) ? [asset.gzip, "gzip"] : [asset.identity, undefined];
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", String(body.length));
    if (req.method === "HEAD") res.end();
    else res.end(body);
  };
}
