import { createHash } from "node:crypto";
import { gunzipSync, gzipSync, constants as zlib } from "node:zlib";
import { eq } from "drizzle-orm";
import { type Db, catalogVersion } from "../db/index.ts";
import type { Screen } from "../../i18n/paths.ts";
import { screenOfPath } from "./page-screen.ts";

/**
 * Rendered storefront responses (pages, their loader data, the photos API and
 * the static-style JSON) kept in memory, gzipped, keyed by path and query, and
 * valid only while the catalog's version (one database row, bumped by
 * triggers on everything a page shows) is the one they were made at: a price,
 * a publication, a tag or a discount shows on the very next request, on every
 * instance. An import's own progress (photos appearing as their images are
 * made, automatic tags) moves a second counter, which a page may lag by
 * PROGRESS_LAG_MS: a 2,000-photo import would otherwise empty the cache twice
 * a second while runners browse. Nothing personal is ever kept: only the
 * public screens below, only GET and HEAD, never a request carrying our
 * session cookie, never a response that sets a cookie.
 */
const PUBLIC_SCREENS: Screen[] = ["home", "races", "race", "contact", "help", "terms"];
const PUBLIC_DATA = /^\/(?:api\/fotos\/[^/]+|api\/preparacion\/[^/]+|api\/corredores\/[^/]+|fake-api\/[^/]+|sitemap\.xml|robots\.txt)$/;
/** Cookies that make a request personal. */
const PERSONAL_COOKIE = /(?:^|;\s*)dorsal_[\w-]*=/;

/**
 * Parameters that say where a visitor came from, not what they see. A race's
 * link in the results e-mail or on a social network reaches each runner with
 * its own `fbclid` or `utm_*`: each would be a page rendered anew and kept
 * apart, on the hour the rush comes. A cacheable screen is rendered and kept
 * without them (`cacheableUrl`).
 */
const TRACKING_PARAM = /^(?:utm_\w+|fbclid|gclid|gbraid|wbraid|dclid|msclkid|igshid|ttclid|twclid|yclid|li_fat_id|mc_cid|mc_eid|_ga|_gl|srsltid)$/i;

/** A cacheable request's URL (path and query) less its tracking parameters; unchanged when it has none. */
export function cacheableUrl(originalUrl: string): string {
  const q = originalUrl.indexOf("?");
  if (q < 0) return originalUrl;
  const params = [...new URLSearchParams(originalUrl.slice(q + 1))];
  const kept = params.filter(([name]) => !TRACKING_PARAM.test(name));
  if (kept.length === params.length) return originalUrl;
  return kept.length ? `${originalUrl.slice(0, q)}?${new URLSearchParams(kept)}` : originalUrl.slice(0, q);
}

export const MAX_CACHE_BYTES = 48 * 1024 * 1024;
/** The most of the budget pages asked again (or warmed) may hold; the rest leaves room for new pages to be asked again. */
const KEPT_SHARE = 0.75;
/** How long a page may go on showing an import as it was (db/catalog-progress.ts). */
export const PROGRESS_LAG_MS = 5000;

/** The catalog's state: `version` for people's changes, `progress` for an import's own. */
export type CatalogVersion = { version: number; progress: number };
/**
 * What a CDN in front may do with a cached answer: keep it briefly, serve it
 * stale while it asks again. A route that says otherwise (the static-style
 * JSON's `no-cache`) keeps its word; `no-store` (the API's default, which never
 * meant "personal" here) gives way to this.
 */
export const SHARED_CACHE_CONTROL = "public, max-age=0, s-maxage=10, stale-while-revalidate=60";

export function cacheControlOf(entry: CachedResponse): string {
  const own = entry.headers.find(([k]) => k === "cache-control")?.[1];
  return own && !/no-store|private/.test(own) ? own : SHARED_CACHE_CONTROL;
}

/**
 * Level 2: a 50 KB page in 0.4 ms instead of 0.9 ms at level 6, for 9 % more
 * bytes (every bib search no one asked before pays it). Copied into a buffer
 * of its own size: zlib's answer is a view of a 64 KB one, which would keep
 * four times the bytes the cache counts.
 */
function compact(body: Buffer): Buffer {
  const zipped = gzipSync(body, { level: zlib.Z_BEST_SPEED + 1 });
  const own = Buffer.allocUnsafeSlow(zipped.length);
  zipped.copy(own);
  return own;
}

/**
 * Bytes an entry holds beyond its body, key and headers: the objects around
 * them and the buffer's own bookkeeping (about 600 measured beside a 380-byte
 * answer). Counting bodies alone, 48 MB of the photos API's small answers to
 * never-asked bib searches (126,000 of them) held 120 MB.
 */
const ENTRY_OVERHEAD = 600;

function sizeOf(key: string, entry: Omit<CachedResponse, "size">): number {
  let size = ENTRY_OVERHEAD + key.length + entry.etag.length + entry.gzipped.length;
  for (const [name, value] of entry.headers) size += name.length + value.length;
  return size;
}

export type CachedResponse = {
  status: number;
  headers: [string, string][];
  /** The body, gzipped once when it was stored. */
  gzipped: Buffer;
  etag: string;
  made: CatalogVersion;
  /** When it was rendered (the `now` clock), for PROGRESS_LAG_MS. */
  at: number;
  /** What it counts against the cache's budget (sizeOf). */
  size: number;
};

export function isCacheable(req: { method: string; path: string; headers: Record<string, string | string[] | undefined> }): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const cookie = req.headers.cookie;
  if (typeof cookie === "string" && PERSONAL_COOKIE.test(cookie)) return false;
  if (req.headers.authorization) return false;
  if (PUBLIC_DATA.test(req.path)) return true;
  const screen = screenOfPath(req.path);
  return screen !== undefined && PUBLIC_SCREENS.includes(screen);
}

/** Whether an entry made at `made` still shows the catalog as it is `now` (or, for an import's progress alone, recently enough). */
function isCurrent(entry: CachedResponse, now: CatalogVersion, clock: number): boolean {
  if (entry.made.version !== now.version) return false;
  return entry.made.progress === now.progress || clock - entry.at < PROGRESS_LAG_MS;
}

export function createPageCache({
  db,
  listen,
  maxBytes = MAX_CACHE_BYTES,
  now = Date.now,
}: {
  db: Db;
  /** The embedded database's LISTEN: then the version is read once per change, not per request. */
  listen?: (channel: string, onNotify: () => void) => Promise<void>;
  maxBytes?: number;
  /** The clock PROGRESS_LAG_MS is measured on (tests move it by hand). */
  now?: () => number;
}) {
  // Two LRU lists (Maps keep insertion order: the first key is the least recently used). A page
  // asked once waits in `once`; asked again, or rendered ahead by the warmer, it moves to `kept`.
  // The budget is kept by letting go of `once` first: a crawler or a script asking thousands of
  // URLs no one else asks (every bib from 1 to 99999) churns only those, never the pages runners
  // come back to or the searches warmed for the rush.
  const once = new Map<string, CachedResponse>();
  const kept = new Map<string, CachedResponse>();
  let keptBytes = 0;
  const lookup = (key: string) => kept.get(key) ?? once.get(key);
  let known: CatalogVersion | undefined;
  let changes = 0;
  let listening: Promise<void> | undefined;
  const readVersion = async (): Promise<CatalogVersion> => {
    const [row] = await db.select({ version: catalogVersion.version, progress: catalogVersion.progress }).from(catalogVersion).where(eq(catalogVersion.id, 1));
    return { version: Number(row?.version ?? 0), progress: Number(row?.progress ?? 0) };
  };
  const rendering = new Map<string, Promise<CachedResponse | undefined>>();
  let bytes = 0;

  const drop = (key: string) => {
    const old = lookup(key);
    if (!old) return;
    bytes -= old.size;
    if (kept.delete(key)) keptBytes -= old.size;
    once.delete(key);
  };
  /** Within the budget: the least recently used of `once` go first, then of `kept`. */
  const evict = () => {
    for (const list of [once, kept]) {
      for (const oldest of list.keys()) {
        if (bytes <= maxBytes) return;
        drop(oldest);
      }
    }
  };
  /** Into `kept`, most recently used; its oldest go back to `once` past KEPT_SHARE of the budget. */
  const keep = (key: string, entry: CachedResponse) => {
    drop(key);
    kept.set(key, entry);
    bytes += entry.size;
    keptBytes += entry.size;
    for (const [oldKey, old] of kept) {
      if (keptBytes <= maxBytes * KEPT_SHARE) break;
      kept.delete(oldKey);
      keptBytes -= old.size;
      once.set(oldKey, old);
    }
    evict();
  };
  /** Into `once`, most recently used: the first to go when the budget is short. */
  const keepOnce = (key: string, entry: CachedResponse) => {
    drop(key);
    once.set(key, entry);
    bytes += entry.size;
    evict();
  };

  return {
    /** Bytes held, as counted against `maxBytes`. */
    bytes: () => bytes,
    maxBytes,
    /** Whether `key` holds an answer current at `version` (nothing is touched or rendered). */
    has(key: string, version: CatalogVersion): boolean {
      const hit = lookup(key);
      return hit !== undefined && isCurrent(hit, version, now());
    },

    /** Lets go of every answer no longer current at `version` (they would only wait to be evicted). */
    dropStale(version: CatalogVersion): void {
      const clock = now();
      for (const list of [once, kept]) for (const [key, entry] of list) if (!isCurrent(entry, version, clock)) drop(key);
    },

    /** The catalog version now: one primary-key read, or (embedded database) the last one read since no change was notified. */
    async version(): Promise<CatalogVersion> {
      if (!listen) return readVersion();
      listening ??= listen("catalog_version", () => {
        known = undefined;
        changes++;
      });
      await listening;
      if (known !== undefined) return known;
      const before = changes;
      const read = await readVersion();
      // A change notified while reading leaves `known` unset, so the next request reads again.
      if (changes === before) known = read;
      return read;
    },

    /**
     * The cached answer for `key` at `version`, or the one `render` makes now
     * (one render per key at a time: a rush on a new page waits for the first).
     * A response that sets a cookie or is not a success or a 404 is passed
     * through, not kept.
     */
    async get(key: string, version: CatalogVersion, render: () => Promise<Response>, options: { warm?: boolean } = {}): Promise<CachedResponse | Response> {
      const hit = lookup(key);
      if (hit && isCurrent(hit, version, now())) {
        keep(key, hit);
        return hit;
      }
      const making = `${key}@${version.version}.${version.progress}`;
      const pending = rendering.get(making);
      if (pending) {
        const shared = await pending;
        if (shared) {
          // Asked twice at once: as popular as asked again.
          if (lookup(key) === shared) keep(key, shared);
          return shared;
        }
      }
      let passThrough: Response | undefined;
      const work = (async () => {
        const response = await render();
        if ((response.status !== 200 && response.status !== 404) || response.headers.has("set-cookie") || !response.body) {
          passThrough = response;
          return undefined;
        }
        const body = Buffer.from(await response.arrayBuffer());
        const headers = [...response.headers.entries()].filter(([k]) => !["content-length", "content-encoding", "etag"].includes(k));
        const made = {
          status: response.status,
          headers,
          gzipped: compact(body),
          etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
          made: version,
          at: now(),
        };
        const entry: CachedResponse = { ...made, size: sizeOf(key, made) };
        (options.warm ? keep : keepOnce)(key, entry);
        return entry;
      })();
      rendering.set(making, work);
      try {
        return (await work) ?? passThrough!;
      } finally {
        rendering.delete(making);
      }
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

/** The stored body as the client can take it: gzipped when it says so, else unzipped. */
export function bodyFor(entry: CachedResponse, acceptEncoding: string | undefined): { body: Buffer; encoding?: "gzip" } {
  if (/\bgzip\b/.test(acceptEncoding ?? "")) return { body: entry.gzipped, encoding: "gzip" };
  return { body: gunzipSync(entry.gzipped) };
}

/** If-None-Match names this entry: the client's copy is current. */
export function isFresh(entry: CachedResponse, ifNoneMatch: string | undefined): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === entry.etag);
}
