import type { NextFunction, Request, Response } from "express";
import type { Lang } from "../../i18n/langs.ts";
import { LANGS } from "../../i18n/langs.ts";
import { href } from "../../i18n/href.ts";
import type { RaceBibs } from "../catalog/index.ts";
import type { Logger } from "../logger.ts";
import type { CatalogVersion } from "./page-cache.ts";

/**
 * Runners' searches rendered before they are made. When results go out,
 * thousands of runners each search their own bib: a page no one asked for yet,
 * which no cache of pages can hold, rendered while the next runner waits. So
 * while the shop is idle and its catalog has settled (no edit and no import's
 * progress for SETTLE_MS), the warmer renders every bib with visible photos of
 * the most recent races into the page cache, exactly as a runner's request
 * would be rendered: the page in each language, Spanish first, then the photos
 * API answer its search calls. It stops at the first request a visitor
 * makes, goes on once the shop is quiet again, starts over when the catalog
 * changes (the cache then holds nothing current, and lets go of it), and
 * never fills more than half the cache, so the pages people asked for are
 * never evicted for it.
 */
export const SETTLE_MS = 10_000;
/** How long after the last request the shop counts as idle: a rush leaves no such gap, a quiet hour many. */
export const QUIET_MS = 200;
/** How often it looks: as often as the shop could have turned quiet (looking once a second, a poll once a second fell on every look). */
const TICK_MS = QUIET_MS;

export type WarmTarget = { url: string; referer?: string };

/**
 * What runners' bib searches ask for, in the order worth having first: the
 * pages (a render of 4–6 ms each), race by race, in Spanish, English and
 * Portuguese, first of the bibs with photos, then of the runners the start
 * list or timing file expects; then the photos API calls their searches make
 * from the browser (a fraction of that).
 * Made one by one as the warmer goes: a race of 25,000 bibs would be 150,000
 * of them, most never reached.
 */
export function* warmTargets(races: RaceBibs[], origin: string, langs: readonly Lang[] = LANGS): Generator<WarmTarget> {
  // Race by race, the most recent first: its runners are the ones searching now; the runners with photos before those without.
  const searches = function* () {
    for (const { slug, bibs, expected } of races) {
      for (const list of [bibs, expected]) {
        for (const lang of langs) {
          for (const bib of list) yield { lang, slug, bib, page: href("race", lang, { slug }, { n: bib }) };
        }
      }
    }
  };
  for (const { page } of searches()) yield { url: page };
  // The race page's own search (fetchRacePhotos), with the page as its referer, as the cache keys it.
  for (const { lang, slug, bib, page } of searches()) {
    yield { url: `/api/fotos/${encodeURIComponent(slug)}?p=1&n=${bib}&lang=${lang}`, referer: `${origin}${page}` };
  }
}

export type PageWarmerDeps = {
  version: () => Promise<CatalogVersion>;
  /** The races and bibs to warm, read once per catalog version. */
  races: () => Promise<RaceBibs[]>;
  warm: (url: string, referer?: string) => Promise<void>;
  cacheBytes: () => number;
  /** Lets the cache drop what the catalog's change left stale, so its bytes count only what is current. */
  dropStale: (version: CatalogVersion) => void;
  /** Bytes of cache the warmer may fill up to. */
  budget: number;
  origin: string;
  logger?: Logger;
  now?: () => number;
};

export function createPageWarmer(deps: PageWarmerDeps) {
  const now = deps.now ?? Date.now;
  let inFlight = 0;
  let lastRequest = Number.NEGATIVE_INFINITY;
  let seen: string | undefined;
  let settledSince = now();
  let targets: Iterator<WarmTarget> | undefined;
  let finished = false;
  /** Answers rendered at the catalog version in force. */
  let warmed = 0;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let stopped = true;

  const idle = () => inFlight === 0 && now() - lastRequest >= QUIET_MS;

  /**
   * One step: notes a catalog change, or warms what it can while the shop
   * stays idle. Returns how many answers it rendered.
   */
  async function step(): Promise<number> {
    if (!idle()) return 0;
    const version = await deps.version();
    const key = `${version.version}.${version.progress}`;
    if (key !== seen) {
      seen = key;
      settledSince = now();
      targets = undefined;
      finished = false;
      warmed = 0;
    }
    if (now() - settledSince < SETTLE_MS) return 0;
    if (!targets) {
      deps.dropStale(version);
      targets = warmTargets(await deps.races(), deps.origin);
    }
    const started = now();
    let rendered = 0;
    while (!finished && idle() && deps.cacheBytes() < deps.budget) {
      const target = targets.next().value;
      if (!target) {
        finished = true;
        break;
      }
      await deps.warm(target.url, target.referer);
      rendered++;
      warmed++;
      // A visitor's request waits for at most one render.
      await new Promise((resolve) => setImmediate(resolve));
      const current = await deps.version();
      if (`${current.version}.${current.progress}` !== seen) break;
    }
    if (rendered > 0 && (finished || deps.cacheBytes() >= deps.budget)) {
      deps.logger?.info({ answers: warmed, ms: now() - started, cacheBytes: deps.cacheBytes() }, "runners' searches warmed");
    }
    return rendered;
  }

  const tick = () => {
    if (stopped || running) return;
    running = true;
    step()
      .catch((error: unknown) => deps.logger?.warn({ err: error }, "page warmer step failed"))
      .finally(() => {
        running = false;
        if (!stopped) timer = setTimeout(tick, TICK_MS).unref();
      });
  };

  return {
    step,
    /** Answers warmed since the catalog last changed (what the next rush finds ready). */
    warmed: () => warmed,
    /** Counts a visitor's request while it runs: the warmer gives way to it. */
    track(_req: Request, res: Response, next: NextFunction) {
      inFlight++;
      lastRequest = now();
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        inFlight--;
        lastRequest = now();
      };
      // Answered ("finish"), or the client gone first ("close"): on a kept-alive connection "close" can wait for the socket.
      res.once("finish", end);
      res.once("close", end);
      next();
    },
    start() {
      if (!stopped) return;
      stopped = false;
      timer = setTimeout(tick, TICK_MS).unref();
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}

export type PageWarmer = ReturnType<typeof createPageWarmer>;
