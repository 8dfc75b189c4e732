/**
 * What an operator's tools read from a running shop: the Prometheus figures
 * behind a token, the readiness check a load balancer polls, and one request
 * id shared by the response and its log lines.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startShop, type Shop } from "./harness.ts";

const TOKEN = "metrics-token-for-the-e2e-tests";

describe("operations", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await startShop({ env: { METRICS_TOKEN: TOKEN, LOG_LEVEL: "info" } });
  });
  afterAll(() => shop?.stop());

  it("publishes its figures to the scraper holding the token, and to nobody else", async () => {
    await fetch(shop.url("/carrera/tetra-chapelco-2025?n=305"));
    await fetch(shop.url("/api/fotos/tetra-chapelco-2025?p=1"));
    expect((await fetch(shop.url("/metrics"))).status).toBe(401);
    expect((await fetch(shop.url("/metrics"), { headers: { authorization: "Bearer wrong-token-of-the-same-size!!" } })).status).toBe(401);
    const response = await fetch(shop.url("/metrics"), { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    expect(text).toMatch(/dorsal_http_requests_total\{route="race",method="GET",status="200"\} \d+/);
    expect(text).toMatch(/dorsal_http_request_duration_seconds_bucket\{le="0\.1",route="api\/fotos",method="GET"\} \d+/);
    expect(text).toMatch(/dorsal_jobs\{type="[\w.-]+",state="done"\} \d+/);
    expect(text).toContain("dorsal_imports_in_progress");
    expect(text).toContain("dorsal_process_resident_memory_bytes");
    // One label per screen, never per race, bib or photo.
    expect(text).not.toContain("tetra-chapelco");
    expect(text).not.toMatch(/\{[^}]*305[^}]*\}/);
  });

  it("says it is ready while its database answers", async () => {
    const response = await fetch(shop.url("/readyz"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ready: true });
  });

  it("answers with a request id its log lines carry, keeping a proxy's own", async () => {
    const mine = await fetch(shop.url("/en/races"));
    const id = mine.headers.get("x-request-id")!;
    expect(id).toMatch(/^[\w-]{8,}$/);
    const proxied = await fetch(shop.url("/br/carreiras"), { headers: { "x-request-id": "lb-7f3a-0001" } });
    expect(proxied.headers.get("x-request-id")).toBe("lb-7f3a-0001");
    // The log line is written as the answer ends: wait for it, not for a time.
    const logged = (reqId: string) => () =>
      shop
        .output()
        .split("\n")
        .some((l) => l.startsWith("{") && l.includes(`"reqId":"${reqId}"`));
    await expect.poll(logged(id), { timeout: 10_000 }).toBe(true);
    await expect.poll(logged("lb-7f3a-0001"), { timeout: 10_000 }).toBe(true);
    const lines = shop
      .output()
      .split("\n")
      .filter((l) => l.startsWith("{"));
    expect(lines.some((l) => l.includes(`"reqId":"${id}"`) && l.includes('"url":"/en/races"'))).toBe(true);
  });
});

describe("a shop without a metrics token", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await startShop();
  });
  afterAll(() => shop?.stop());

  it("publishes no figures at all", async () => {
    expect((await fetch(shop.url("/metrics"), { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });
});
