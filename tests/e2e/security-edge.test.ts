/**
 * The HTTP edge of the built server, as a browser, a script or an attacker
 * meets it: headers and cookies, refusals of malformed requests, body limits,
 * per-address limits and what X-Forwarded-For may (not) change. Regression
 * tests for the findings of the security review that live at the edge.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postLogin, startShop, type Shop } from "./harness.ts";

const ADMIN = { email: "edge@dorsal.test", password: "edge-password-1" };

describe("security at the HTTP edge", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await startShop({ env: { SEED_DEMO: "0", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
  });
  afterAll(() => shop?.stop());

  it("finding 13, headers: a storefront page admits only its own inline scripts, by hash, even when it comes from the cache", async () => {
    const hashOf = (text: string) => createHash("sha256").update(text, "utf8").digest("base64");
    for (const round of ["rendered", "cached"]) {
      const response = await fetch(shop.url("/en/help"));
      const csp = response.headers.get("content-security-policy")!;
      const html = await response.text();
      const scriptSrc = /script-src ([^;]*)/.exec(csp)![1];
      expect(scriptSrc, round).not.toMatch(/unsafe|nonce/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("form-action 'self' https:");
      expect(csp).not.toMatch(/form-action[^;]*\bhttp:/);
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attributes]) => !/\bsrc=|application\/ld\+json/.test(attributes));
      expect(inline.length).toBeGreaterThan(0);
      // Exactly the page's scripts: a nonce would have been the same for every visitor of a cached page.
      expect(scriptSrc.split(" ").sort()).toEqual(["'self'", ...new Set(inline.map(([, , body]) => `'sha256-${hashOf(body)}'`))].sort());
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      // Under http (this test's PUBLIC_URL) no HSTS: it would lock a plain-http shop out of itself.
      expect(response.headers.get("strict-transport-security")).toBeNull();
    }
  });

  it("finding 13, headers: an API answer and a media file are locked down too", async () => {
    const api = await fetch(shop.url("/fake-api/carreras.json"));
    expect(api.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(api.headers.get("x-content-type-options")).toBe("nosniff");
    const missing = await fetch(shop.url("/media/public/nothing.svg"));
    expect(missing.status).toBe(404);
  });

  it("finding 13, cookies: the back-office session is HttpOnly and SameSite; login pages are never framed", async () => {
    const page = await fetch(shop.url("/admin/login"));
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    const login = await postLogin(shop, ADMIN.email, ADMIN.password);
    const session = login.headers.getSetCookie().find((c) => c.startsWith("dorsal_admin="));
    expect(session, `login answered ${login.status}`).toBeDefined();
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    const office = await fetch(shop.url("/admin"), { headers: { cookie: session!.split(";")[0] } });
    expect(office.status).toBe(200);
    expect(office.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("finding 6, body limits: an oversized body is refused with 413 before it is read whole", async () => {
    const big = "x".repeat(3 * 1024 * 1024);
    const response = await fetch(shop.url("/api/contact_email"), { method: "POST", headers: { "content-type": "application/json" }, body: big });
    expect(response.status).toBe(413);
    expect((await response.json()).error.message).toMatch(/demasiado grande|too large|grande demais/);
  });

  it("finding 15, malformed input: bad encodings, NUL, odd methods and hosts answer 4xx in the page's language", async () => {
    expect((await fetch(shop.url("/media/public%2F..%2Foriginals%2F1%2Fx.jpg"))).status).toBe(404);
    for (const path of ["/carrera/%ZZ", "/%E0%A4%A", "/api/fotos/%ED%A0%80", "/media/%C0%AF", "/carrera/%00", "/compra/%00", "/en/race/x?t=%00"]) {
      expect((await fetch(shop.url(path))).status, path).toBe(400);
    }
    expect((await fetch(shop.url("/en/race/%ZZ"))).status).toBe(400);
    expect(await (await fetch(shop.url("/en/race/%ZZ"))).text()).toMatch(/not valid/);
    expect((await fetch(shop.url("/carrera/x?p=99999999999999999999999999"))).status).toBeLessThan(500);
    expect((await fetch(shop.url("/"), { method: "TRACE" }).catch(() => ({ status: 405 }))).status).toBe(405);
    expect((await fetch(shop.url("/api/webhooks/__proto__"), { method: "POST", body: "{}" })).status).toBe(404);
    expect((await fetch(shop.url("/pay/demo/unknown-token"), { method: "POST", body: new URLSearchParams({ outcome: "approved" }) })).status).toBe(404);
    expect((await fetch(shop.url("/checkout"), { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).status).toBe(415);
    expect((await fetch(shop.url("/contacto"), { method: "POST" })).status).toBe(400);
    expect((await fetch(shop.url("/media/public/p"))).status).toBe(404);
  });

  it("finding 4, client address: a forged X-Forwarded-For does not reset a per-address limit (no TRUST_PROXY set)", async () => {
    const post = (i: number) =>
      fetch(shop.url("/api/contact_email?lang=en"), {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `203.0.113.${i}` },
        body: JSON.stringify({ data: { name: "Ana", email: "ana@example.com", phone: "", message: `hello ${i}` } }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await post(i)).status);
    expect(statuses.slice(0, 8).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(8)).toEqual([429, 429]);
  });
});
