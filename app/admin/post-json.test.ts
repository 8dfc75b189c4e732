import { afterEach, describe, expect, it, vi } from "vitest";
import { AdminRefusal, postAdminJson, settledElsewhere } from "./post-json.ts";

const answering = (status: number, body: unknown) =>
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })),
  );

afterEach(() => vi.unstubAllGlobals());

describe("back-office JSON posts", () => {
  it("resolves to the answer's data, sending the CSRF token", async () => {
    answering(200, { data: { tagged: 3 } });
    expect(await postAdminJson("/admin/api/x", { a: 1 }, "tok")).toEqual({ tagged: 3 });
    const [, init] = vi.mocked(fetch).mock.calls[0] as [string, RequestInit];
    expect((init.headers as Record<string, string>)["x-csrf-token"]).toBe("tok");
    expect(init.body).toBe('{"a":1}');
  });

  it("rejects with the API's own message and status", async () => {
    answering(409, { error: { code: "suggestionDecided", message: "Someone already decided that reading." } });
    const refusal = await postAdminJson("/admin/api/bibs", {}, "tok").catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AdminRefusal);
    expect(refusal).toMatchObject({ message: "Someone already decided that reading.", status: 409 });
  });

  it("names the status when the answer carries no message", async () => {
    answering(502, "bad gateway");
    await expect(postAdminJson("/admin/api/bibs", {}, "tok")).rejects.toMatchObject({ message: "HTTP 502", status: 502 });
  });

  it("tells a refusal because someone else got there first (gone, already decided) from one to put back", () => {
    expect(settledElsewhere(new AdminRefusal("gone", 404))).toBe(true);
    expect(settledElsewhere(new AdminRefusal("decided", 409))).toBe(true);
    expect(settledElsewhere(new AdminRefusal("bad bib", 400))).toBe(false);
    expect(settledElsewhere(new AdminRefusal("session", 403))).toBe(false);
    expect(settledElsewhere(new AdminRefusal("down", 503))).toBe(false);
    expect(settledElsewhere(new TypeError("Failed to fetch"))).toBe(false);
  });
});
