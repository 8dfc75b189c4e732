import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { loginAttempts } from "../../app/.server/db/schema.ts";
import { adminSession } from "../../app/middleware/admin-session.ts";
import { ACCOUNT_FAILURES_BEFORE_DELAY, MAX_FAILURES_PER_PAIR, type Operator } from "../../app/.server/staff/index.ts";
import { createTestShop, type TestShop } from "./helpers.ts";
import { invite, loginAs, routerContext } from "./admin-helpers.ts";

const ADMIN = { email: "boss@dorsal.test", password: "boss-password-1" };

async function runGuard(shop: TestShop, request: Request): Promise<Response> {
  const context = routerContext(shop.services);
  const next = async () => new Response("inside", { status: 200 });
  try {
    return (await adminSession({ request, context, params: {} } as never, next as never)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("back-office access", () => {
  let shop: TestShop;
  let admin: Operator;
  let adminCookie: string;

  beforeAll(async () => {
    shop = await createTestShop({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    await shop.services.admins.ensureFirst();
    ({ op: admin, cookie: adminCookie } = await loginAs(shop.services, ADMIN.email, ADMIN.password));
  });
  afterAll(() => shop.close());

  it("opens a session with the right password and refuses a wrong one", async () => {
    expect(admin).toMatchObject({ email: ADMIN.email, role: "admin" });
    await expect(shop.services.admin.auth.login({ email: ADMIN.email, password: "nope-nope", ip: "10.0.0.2", userAgent: "" })).rejects.toMatchObject({
      status: 400,
      key: "badLogin",
    });
    await expect(shop.services.admin.auth.login({ email: "ghost@dorsal.test", password: "whatever1", ip: "10.0.0.2", userAgent: "" })).rejects.toMatchObject({
      key: "badLogin",
    });
  });

  it("refuses forged, tampered and closed sessions", async () => {
    const auth = shop.services.admin.auth;
    expect(await auth.authenticate("dorsal_admin=abc.def")).toBeUndefined();
    expect(await auth.authenticate(adminCookie.slice(0, -2) + "xx")).toBeUndefined();
    const { op, cookie } = await loginAs(shop.services, ADMIN.email, ADMIN.password);
    const cleared = await auth.logout(op);
    expect(cleared).toContain("Max-Age=0");
    expect(await auth.authenticate(cookie)).toBeUndefined();
    expect(await auth.authenticate(adminCookie)).toBeDefined();
  });

  it("sets an httpOnly, SameSite=Lax session cookie", async () => {
    const { setCookie } = await shop.services.admin.auth.login({ email: ADMIN.email, password: ADMIN.password, ip: "10.0.0.9", userAgent: "" });
    expect(setCookie).toMatch(/^dorsal_admin=[^;]+\.[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+/);
  });

  it("finding 3, lockout: wrong passwords from elsewhere slow strangers down but never lock the operator out of a known address", async () => {
    const { op } = await invite(shop.services, admin, "locked@dorsal.test", "photographer");
    const { password } = await shop.services.admin.operators.resetPassword(admin, op.id);
    const attempt = (pw: string, ip: string) => shop.services.admin.auth.login({ email: "locked@dorsal.test", password: pw, ip, userAgent: "" });
    // The operator logged in from the office before.
    await expect(attempt(password, "10.1.9.9")).resolves.toBeDefined();
    for (let i = 0; i < ACCOUNT_FAILURES_BEFORE_DELAY; i++) await expect(attempt("wrong-password", `10.1.0.${i}`)).rejects.toMatchObject({ key: "badLogin" });
    // As if they had all come just now: on a busy machine the five password checks alone outlast the first delay.
    await shop.database.db.update(loginAttempts).set({ at: new Date() }).where(eq(loginAttempts.email, "locked@dorsal.test"));
    // A new address must now wait (a growing delay, not a 15-minute lock for everyone)…
    await expect(attempt("wrong-password", "10.1.0.50")).rejects.toMatchObject({ status: 429, key: "tooManyLogins", params: { retryAfter: 1 } });
    // …while the operator's own address still gets in with the right password.
    await expect(attempt(password, "10.1.9.9")).resolves.toBeDefined();
  });

  it("finding 2, raced login limits: forty parallel wrong passwords from one address are counted one by one", async () => {
    const { op } = await invite(shop.services, admin, "raced@dorsal.test", "photographer");
    await shop.services.admin.operators.resetPassword(admin, op.id);
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, () =>
        shop.services.admin.auth.login({ email: "raced@dorsal.test", password: "wrong-password", ip: "10.3.0.1", userAgent: "" }),
      ),
    );
    const reasons = results.map((r) => (r.status === "rejected" ? (r.reason as { key: string }).key : "ok"));
    expect(reasons.filter((k) => k === "badLogin")).toHaveLength(MAX_FAILURES_PER_PAIR);
    expect(reasons.filter((k) => k === "tooManyLogins")).toHaveLength(40 - MAX_FAILURES_PER_PAIR);
  });

  it("locks an address that guesses across many accounts", async () => {
    const ip = "10.2.0.1";
    for (let i = 0; i < 20; i++) {
      await expect(shop.services.admin.auth.login({ email: `guess${i}@dorsal.test`, password: "wrong-pass", ip, userAgent: "" })).rejects.toMatchObject({
        key: "badLogin",
      });
    }
    await expect(shop.services.admin.auth.login({ email: ADMIN.email, password: ADMIN.password, ip, userAgent: "" })).rejects.toMatchObject({ status: 429 });
    // Another address is not affected.
    await expect(shop.services.admin.auth.login({ email: ADMIN.email, password: ADMIN.password, ip: "10.2.0.2", userAgent: "" })).resolves.toBeDefined();
    // 22 logins, each a 128 MiB scrypt (for unknown e-mail addresses too, so that timing tells nothing): 20–25 s on a slow machine, more when it is busy.
  }, 180_000);

  it("sends anonymous pages to the login form and answers 401 to JSON and CSV", async () => {
    const page = await runGuard(shop, new Request("http://shop.test/en/admin/races?x=1"));
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/en/admin/login?next=%2Fen%2Fadmin%2Fraces%3Fx%3D1");
    const csv = await runGuard(shop, new Request("http://shop.test/admin/exportar/orders"));
    expect(csv.status).toBe(401);
    const api = await runGuard(shop, new Request("http://shop.test/admin/api/races/1/progress"));
    expect(api.status).toBe(401);
  });

  it("refuses a POST without the session's CSRF token", async () => {
    const post = (body: URLSearchParams, headers: Record<string, string> = {}) =>
      runGuard(shop, new Request("http://shop.test/br/admin/corridas", { method: "POST", body, headers: { cookie: adminCookie, ...headers } }));
    const missing = await post(new URLSearchParams({ status: "published" }));
    expect(missing.status).toBe(403);
    expect(await missing.text()).toMatch(/expirou/);
    const wrong = await post(new URLSearchParams({ _csrf: "forged", status: "published" }));
    expect(wrong.status).toBe(403);
    const right = await post(new URLSearchParams({ _csrf: admin.csrfToken, status: "published" }));
    expect(right.status).toBe(200);
    expect(right.headers.get("cache-control")).toBe("no-store");
    const header = await post(new URLSearchParams(), { "x-csrf-token": admin.csrfToken });
    expect(header.status).toBe(200);
  });

  it("keeps photographers to their assigned races and away from sales, settings and operators", async () => {
    const form = (slug: string) => {
      return {
        slug,
        name: { es: slug, en: "", br: "" },
        subtitle: { es: "", en: "", br: "" },
        eventDate: null,
        timezone: "America/Argentina/Buenos_Aires",
        status: "draft" as const,
        uploading: false,
        priceArs: 500000,
        priceUsd: 500,
        fullsetArs: 0,
        fullsetUsd: 0,
        fullsetMinPhotos: 0,
        preorderArs: 0,
        preorderUsd: 0,
        preorderOpen: false,
        distances: [],
        categories: [],
        bibRanges: "",
        overrides: [],
        tags: [],
      };
    };
    const mine = await shop.services.admin.races.create(admin, form("mine-race"), {});
    const other = await shop.services.admin.races.create(admin, form("other-race"), {});
    const { op: photographer } = await invite(shop.services, admin, "lens@dorsal.test", "photographer", [mine]);

    expect((await shop.services.admin.races.list(photographer)).map((r) => r.id)).toEqual([mine]);
    await expect(shop.services.admin.races.header(photographer, mine)).resolves.toMatchObject({ id: mine });
    await expect(shop.services.admin.races.header(photographer, other)).rejects.toMatchObject({ status: 403 });
    await expect(shop.services.admin.races.update(photographer, mine, form("mine-race"), {})).rejects.toMatchObject({ status: 403 });
    await expect(shop.services.admin.races.create(photographer, form("sneaky"), {})).rejects.toMatchObject({ status: 403 });
    await expect(shop.services.admin.operators.list(photographer)).rejects.toMatchObject({ status: 403 });
    await expect(shop.services.admin.audit.list(photographer, {})).rejects.toMatchObject({ status: 403 });
  });

  it("writes operator actions to the audit log", async () => {
    const entries = await shop.services.admin.audit.list(admin, {});
    const actions = entries.map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["login", "logout", "operator.invite", "operator.resetPassword", "race.create"]));
    const created = entries.find((e) => e.action === "race.create");
    expect(created).toMatchObject({ email: ADMIN.email, details: expect.objectContaining({ slug: expect.any(String) }) });
  });
});
