import { describe, expect, it } from "vitest";
import { createMemoryRateLimiter } from "./memory-rate-limit.ts";

describe("createMemoryRateLimiter", () => {
  it("allows `limit` hits per window, then answers when to come back", () => {
    let t = 0;
    const limiter = createMemoryRateLimiter({ limit: 3, windowMs: 60_000, now: () => t });
    expect(limiter.hit("a")).toEqual({ ok: true });
    t = 10_000;
    expect(limiter.hit("a")).toEqual({ ok: true });
    expect(limiter.hit("a")).toEqual({ ok: true });
    expect(limiter.hit("a")).toEqual({ ok: false, retryAfter: 50 });
  });

  it("slides: the oldest hit leaving the window frees one attempt", () => {
    let t = 0;
    const limiter = createMemoryRateLimiter({ limit: 2, windowMs: 1000, now: () => t });
    limiter.hit("a");
    t = 500;
    limiter.hit("a");
    expect(limiter.hit("a").ok).toBe(false);
    t = 1001;
    expect(limiter.hit("a").ok).toBe(true);
    expect(limiter.hit("a").ok).toBe(false);
  });

  it("counts each key on its own", () => {
    const limiter = createMemoryRateLimiter({ limit: 1, windowMs: 1000, now: () => 0 });
    expect(limiter.hit("a").ok).toBe(true);
    expect(limiter.hit("b").ok).toBe(true);
    expect(limiter.hit("a").ok).toBe(false);
  });

  it("refused attempts do not extend the wait", () => {
    let t = 0;
    const limiter = createMemoryRateLimiter({ limit: 1, windowMs: 1000, now: () => t });
    limiter.hit("a");
    t = 900;
    expect(limiter.hit("a")).toEqual({ ok: false, retryAfter: 1 });
    t = 1000;
    expect(limiter.hit("a").ok).toBe(true);
  });

  it("forgets the least recently seen keys beyond maxKeys", () => {
    const limiter = createMemoryRateLimiter({ limit: 1, windowMs: 1000, maxKeys: 2, now: () => 0 });
    limiter.hit("a");
    limiter.hit("b");
    limiter.hit("c");
    expect(limiter.hit("a").ok).toBe(true);
    expect(limiter.hit("c").ok).toBe(false);
  });
});
