import { describe, expect, it } from "vitest";
import type { Db } from "../db/index.ts";
import { cacheableUrl, createPageCache } from "./page-cache.ts";

const AT = { version: 1, progress: 0 };

describe("the page cache's memory budget", () => {
  /** A cache of `maxBytes` and a get that says whether it had to render. */
  function cacheOf(maxBytes: number) {
    const cache = createPageCache({ db: {} as Db, maxBytes });
    return async (key: string, body = "{}") => {
      let rendered = false;
      await cache.get(key, AT, async () => {
        rendered = true;
        return new Response(body, { headers: { "content-type": "application/json; charset=utf-8" } });
      });
      return rendered;
    };
  }

  it("counts what an entry holds beside its body: 100 tiny answers do not all fit in 30 KB", async () => {
    const get = cacheOf(30_000);
    for (let n = 0; n < 100; n++) expect(await get(`/api/fotos/race?n=${n}`)).toBe(true);
    // The latest are kept; the first went out, least recently used first.
    expect(await get("/api/fotos/race?n=99")).toBe(false);
    expect(await get("/api/fotos/race?n=0")).toBe(true);
    let kept = 0;
    for (let n = 1; n < 99; n++) if (!(await get(`/api/fotos/race?n=${n}`))) kept++;
    expect(kept).toBeLessThan(45);
  });

  it("keeps what fits, and a page asked again stays while others go", async () => {
    const get = cacheOf(200_000);
    const page = "<p>photo</p>".repeat(2000);
    expect(await get("/carrera/a", page)).toBe(true);
    for (let n = 0; n < 400; n++) {
      await get(`/api/fotos/race?n=${n}`);
      if (n % 50 === 0) expect(await get("/carrera/a", page)).toBe(false);
    }
    expect(await get("/carrera/a", page)).toBe(false);
  });
});

describe("answers a catalog change left stale", () => {
  it("are let go, and only they: the bytes then count what is current", async () => {
    const cache = createPageCache({ db: {} as Db });
    const render = async () => new Response("<p>page</p>".repeat(500), { headers: { "content-type": "text/html" } });
    await cache.get("/carrera/a", AT, render);
    const later = { version: 2, progress: 0 };
    await cache.get("/carrera/b", later, render);
    const both = cache.bytes();
    cache.dropStale(later);
    expect(cache.has("/carrera/a", AT)).toBe(false);
    expect(cache.has("/carrera/b", later)).toBe(true);
    expect(cache.bytes()).toBeGreaterThan(0);
    expect(cache.bytes()).toBeLessThan(both);
  });
});

describe("the URL a cacheable screen is rendered and kept under", () => {
  it("drops what only says where the visitor came from, and keeps the rest in order", () => {
    expect(cacheableUrl("/carrera/tetra?fbclid=IwAR0abc&n=305")).toBe("/carrera/tetra?n=305");
    expect(cacheableUrl("/en/race/tetra?n=305&utm_source=results&utm_medium=email&p=2")).toBe("/en/race/tetra?n=305&p=2");
    expect(cacheableUrl("/br/carreira/tetra?gclid=x&_gl=1*abc")).toBe("/br/carreira/tetra");
    expect(cacheableUrl("/api/fotos/tetra?p=1&n=7&lang=en&igshid=q")).toBe("/api/fotos/tetra?p=1&n=7&lang=en");
  });

  it("leaves a URL without them exactly as it came, whatever else it holds", () => {
    for (const url of ["/", "/carrera/tetra", "/carrera/tetra?n=305&t=meta", "/carrera/tetra?h=08%3A10&x=%20", "/carrera/tetra?utm=1&fbclid_x=2"]) {
      expect(cacheableUrl(url)).toBe(url);
    }
  });
});

describe("pages asked once, and pages runners come back to", () => {
  const html = (n: number) => `<p>page ${n}</p>${"<i>photo</i>".repeat(400)}`;
  function cacheOf(maxBytes: number) {
    const cache = createPageCache({ db: {} as Db, maxBytes });
    const get = async (key: string, options: { warm?: boolean } = {}) => {
      let rendered = false;
      await cache.get(
        key,
        AT,
        async () => {
          rendered = true;
          return new Response(html(key.length), { headers: { "content-type": "text/html" } });
        },
        options,
      );
      return rendered;
    };
    return { cache, get };
  }

  it("a flood of URLs asked once never pushes out a page asked twice, nor the searches warmed ahead", async () => {
    const { get } = cacheOf(60_000);
    await get("/carrera/maraton");
    expect(await get("/carrera/maraton")).toBe(false);
    await get("/carrera/maraton?n=7", { warm: true });
    // A script asking every bib once: thousands of pages no one asks again.
    for (let n = 1000; n < 3000; n++) await get(`/carrera/maraton?n=${n}`);
    expect(await get("/carrera/maraton")).toBe(false);
    expect(await get("/carrera/maraton?n=7")).toBe(false);
    // The flood itself was let go of, oldest first.
    expect(await get("/carrera/maraton?n=1000")).toBe(true);
  });

  it("leaves room for new pages: a page asked twice is kept even when warmed searches filled what may be kept", async () => {
    const { cache, get } = cacheOf(60_000);
    for (let n = 0; n < 200; n++) await get(`/carrera/maraton?n=${n}`, { warm: true });
    expect(cache.bytes()).toBeLessThanOrEqual(60_000);
    expect(await get("/carrera/maraton?n=199")).toBe(false);
    expect(await get("/carrera/nueva")).toBe(true);
    expect(await get("/carrera/nueva")).toBe(false);
    for (let n = 6000; n < 6100; n++) await get(`/carrera/maraton?n=${n}`);
    expect(await get("/carrera/nueva")).toBe(false);
    expect(cache.bytes()).toBeLessThanOrEqual(60_000);
  });
});
