import { EventEmitter } from "node:events";
import type { NextFunction, Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { createPageWarmer, QUIET_MS, SETTLE_MS, warmTargets, type PageWarmerDeps } from "./page-warmer.ts";

const ORIGIN = "https://shop.test";

describe("warmTargets", () => {
  it("asks for each bib's page, Spanish first, then the photos API call each page makes, with the page as referer", () => {
    const targets = [...warmTargets([{ slug: "maraton", bibs: [7, 305], expected: [] }], ORIGIN, ["es", "en"])];
    expect(targets).toEqual([
      { url: "/carrera/maraton?n=7" },
      { url: "/carrera/maraton?n=305" },
      { url: "/en/race/maraton?n=7" },
      { url: "/en/race/maraton?n=305" },
      { url: "/api/fotos/maraton?p=1&n=7&lang=es", referer: `${ORIGIN}/carrera/maraton?n=7` },
      { url: "/api/fotos/maraton?p=1&n=305&lang=es", referer: `${ORIGIN}/carrera/maraton?n=305` },
      { url: "/api/fotos/maraton?p=1&n=7&lang=en", referer: `${ORIGIN}/en/race/maraton?n=7` },
      { url: "/api/fotos/maraton?p=1&n=305&lang=en", referer: `${ORIGIN}/en/race/maraton?n=305` },
    ]);
  });

  it("takes the most recent race's pages in every language, the runners with photos first, before an older race's", () => {
    const pages = [
      ...warmTargets(
        [
          { slug: "nueva", bibs: [1], expected: [9] },
          { slug: "vieja", bibs: [2], expected: [] },
        ],
        ORIGIN,
        ["es", "br"],
      ),
    ].filter((t) => !t.referer);
    expect(pages.map((t) => t.url)).toEqual([
      "/carrera/nueva?n=1",
      "/br/carreira/nueva?n=1",
      "/carrera/nueva?n=9",
      "/br/carreira/nueva?n=9",
      "/carrera/vieja?n=2",
      "/br/carreira/vieja?n=2",
    ]);
  });
});

/** A warmer on a hand-moved clock, a catalog version the test changes and a cache that counts 1,000 bytes an answer. */
function setup(overrides: Partial<PageWarmerDeps> = {}) {
  let clock = 1_000_000;
  const state = { version: { version: 1, progress: 0 }, warmed: [] as string[], bytes: 0 };
  const warmer = createPageWarmer({
    version: async () => state.version,
    races: async () => [{ slug: "maraton", bibs: [1, 2, 3], expected: [] }],
    warm: async (url) => {
      state.warmed.push(url);
      state.bytes += 1000;
    },
    cacheBytes: () => state.bytes,
    dropStale: () => {
      state.bytes = 0;
    },
    budget: 100_000,
    origin: ORIGIN,
    now: () => clock,
    ...overrides,
  });
  const advance = (ms: number) => {
    clock += ms;
  };
  /** A visitor's request that stays open until the returned function ends it. */
  const request = () => {
    const res = new EventEmitter() as unknown as Response;
    warmer.track({} as Request, res, (() => {}) as NextFunction);
    return () => {
      (res as unknown as EventEmitter).emit("finish");
      (res as unknown as EventEmitter).emit("close");
    };
  };
  return { warmer, state, advance, request };
}

describe("page warmer", () => {
  it("waits for the catalog to settle, then renders every target once", async () => {
    const { warmer, state, advance } = setup();
    expect(await warmer.step()).toBe(0);
    advance(SETTLE_MS - 1);
    expect(await warmer.step()).toBe(0);
    advance(1);
    expect(await warmer.step()).toBe(18);
    expect(state.warmed.slice(0, 4)).toEqual(["/carrera/maraton?n=1", "/carrera/maraton?n=2", "/carrera/maraton?n=3", "/en/race/maraton?n=1"]);
    expect(new Set(state.warmed).size).toBe(18);
    advance(SETTLE_MS);
    expect(await warmer.step()).toBe(0);
  });

  it("gives way to a visitor's request, and goes on once the shop has been quiet", async () => {
    const { warmer, state, advance, request } = setup();
    await warmer.step(); // sees the catalog
    advance(SETTLE_MS);
    const done = request();
    expect(await warmer.step()).toBe(0);
    done();
    expect(await warmer.step()).toBe(0);
    advance(QUIET_MS);
    expect(await warmer.step()).toBe(18);
    expect(state.warmed).toHaveLength(18);
  });

  it("starts over, once settled again, when the catalog changes", async () => {
    const { warmer, state, advance } = setup();
    await warmer.step();
    advance(SETTLE_MS);
    await warmer.step();
    expect(warmer.warmed()).toBe(18);
    state.version = { version: 1, progress: 1 };
    expect(await warmer.step()).toBe(0);
    expect(warmer.warmed()).toBe(0);
    advance(SETTLE_MS);
    expect(await warmer.step()).toBe(18);
    expect(state.warmed).toHaveLength(36);
  });

  it("stops when a change comes in the middle of a round", async () => {
    const state = { calls: 0 };
    const { warmer, advance } = setup({
      version: async () => ({ version: state.calls > 4 ? 2 : 1, progress: 0 }),
      warm: async () => {
        state.calls++;
      },
    });
    await warmer.step();
    advance(SETTLE_MS);
    expect(await warmer.step()).toBe(5);
  });

  it("never fills more of the cache than its budget", async () => {
    const { warmer, state, advance } = setup({ budget: 5000 });
    await warmer.step();
    advance(SETTLE_MS);
    expect(await warmer.step()).toBe(5);
    expect(state.bytes).toBe(5000);
  });
});
