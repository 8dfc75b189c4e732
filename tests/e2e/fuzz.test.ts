/**
 * Fuzz: a seeded generator sends thousands of malformed requests over every
 * route of the path table, every API endpoint, media, downloads, payments and
 * the back office, against the built server. Any 5xx, a stack trace or an
 * internal path in a body, or a server that stops answering fails the test.
 * The seed is printed with every failure so it can be replayed (FUZZ_SEED).
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_PATHS } from "../../app/i18n/admin-paths.ts";
import { LANGS } from "../../app/i18n/langs.ts";
import { PATHS } from "../../app/i18n/paths.ts";
import { adminPassword, logIn, startShop, type Operator, type Shop } from "./harness.ts";

const SEED = Number(process.env.FUZZ_SEED) || 20261125;
const REQUESTS = Number(process.env.FUZZ_REQUESTS) || 2400;

/** mulberry32: small, seeded, good enough to pick among cases. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] };
}

const BAD_SEGMENTS = [
  "%ZZ",
  "%E0%A4%A",
  "%ED%A0%80",
  "%C0%AF",
  "%00",
  "%2e%2e",
  "..%2f..%2fetc%2fpasswd",
  "%5c..%5c",
  "..",
  ".",
  "%",
  "99999999999999999999999999",
  "2147483648",
  "-1",
  "0",
  "1.5",
  "1e9",
  "NaN",
  "__proto__",
  "constructor",
  "toString",
  "%F0%9F%8F%83",
  "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
  "'%20or%201=1--",
  "x".repeat(300),
  "%EF%BF%BF",
  "%U0041",
  "a;b",
  "a%3Bb",
];
const GOOD_SEGMENTS = ["maraton-buenos-aires-2025", "tetra-chapelco-2025", "patagonia-run-2026", "AAAAAAAAAAAAAAAA", "12", "1"];
const QUERY_VALUES = [
  "99999999999999999999999999",
  "%00",
  "%ZZ",
  "-5",
  "1.5",
  "abc",
  "",
  "%ED%A0%80",
  "+305",
  "305",
  "0",
  "2147483648",
  "largada",
  "x".repeat(2000),
  "%C0%AF",
  "[]",
  "{}",
  "null",
];
const QUERY_KEYS = ["p", "n", "t", "q", "lang", "foto", "claim", "claimed", "race", "state", "raceId", "page", "c", "p[]", "__proto__[x]", "width"];

const API_ROUTES = [
  "/api/openapi.json",
  "/api/fotos/:slug",
  "/api/preparacion/:slug",
  "/api/corredores/:slug",
  "/fake-api/:file",
  "/api/contact_email",
  "/api/notify",
  "/api/claim",
  "/api/pageview",
  "/api/purchase",
  "/api/purchase/:id",
  "/api/download",
  "/api/create_zip",
  "/api/preventa",
  "/api/preventa/:slug",
  "/api/prepurchase/:id",
  "/api/webhooks/:provider",
  "/pay/demo/:token",
  "/download/:token",
  "/media/public/:slug",
  "/media/:slug",
  "/healthz",
  "/sitemap.xml",
  "/robots.txt",
  "/admin/uploads",
  "/admin/uploads/:id",
  "/internal/cli/:slug",
  "/admin/api/races/:raceId/progress",
  "/admin/api/photos/:photoId/tags",
  "/admin/api/imports",
  "/admin/api/bibs",
  "/admin/api/bibs/:suggestionId/crop",
  "/assets/:file",
  "/es/:slug",
  "/no/such/:path",
];
const ROUTES = [
  ...Object.values(PATHS).flatMap((byLang) => LANGS.map((l) => byLang[l] as string)),
  ...Object.values(ADMIN_PATHS).flatMap((byLang) => LANGS.map((l) => byLang[l] as string)),
  ...API_ROUTES,
];

const METHODS = ["GET", "GET", "GET", "POST", "POST", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE", "PROPFIND"];
const TYPES = [
  "application/json",
  "application/json",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=xyz",
  "text/plain",
  "application/xml",
  "",
];

function jsonBodies(r: ReturnType<typeof rng>): string[] {
  // biome-ignore lint/correctness/noPrecisionLoss: numbers past a double's range and precision are what the fuzz sends
  const weird = r.pick<unknown>([null, true, 1e309, -1, 2147483648, 99999999999999999999, "x\u0000y", "\ud800", [], {}, "a".repeat(5000), 1.5, "<img src=x>"]);
  return [
    "{}",
    "[]",
    "null",
    '"x"',
    "{",
    '{"data":null}',
    '{"data":[]}',
    '{"data":"x"}',
    JSON.stringify({ data: { id: weird, id_photo: weird } }),
    JSON.stringify({ data: { country: weird, firstName: weird, lastName: "b", email: "a@b.co", confirmEmail: "a@b.co", images: [{ id: weird }] } }),
    JSON.stringify({ data: { country: "1", firstName: "a", lastName: "b", email: "a@b.co", confirmEmail: "a@b.co", fullIn: 1, raceId: weird, n: weird } }),
    JSON.stringify({
      data: { country: "2", raceId: weird, dni: weird, firstName: "Ana\u0000", lastName: "\ud800", email: "a@b.co", confirmEmail: "a@b.co", raceSlug: weird },
    }),
    JSON.stringify({ data: { name: weird, email: weird, phone: weird, message: weird } }),
    JSON.stringify({ firstName: weird, lastName: weird, email: weird, category: weird, runnerNumber: weird, slug: weird }),
    JSON.stringify({ path: weird, title: weird, lang: weird }),
    JSON.stringify({ bibs: [weird], tagIds: [weird], suggestionId: weird, verdict: weird, bib: weird }),
    '{"data":{"name":"a\\u0000","email":"a@b.co","message":"\\ud800"}}',
    JSON.stringify({ __proto__: { admin: true }, constructor: { prototype: {} } }),
  ];
}

function formBodies(r: ReturnType<typeof rng>): string[] {
  const v = encodeURIComponent(r.pick(["x", "", "99999999999999999999", "-1", "2147483648", "<b>", "a@b.co"]));
  return [
    "",
    "=",
    "&&&",
    "a=%ZZ",
    "name=%00",
    "outcome=approved",
    `outcome=${v}`,
    `intent=download&photo=${v}`,
    `intent=zip`,
    `country=1&firstName=a&lastName=b&email=a%40b.co&confirmEmail=a%40b.co&ids=${v}&terms=on`,
    `country=1&firstName=a&lastName=b&email=a%40b.co&confirmEmail=a%40b.co&fullIn=1&raceId=${v}&n=${v}&terms=on`,
    `email=admin%40dorsal.local&password=${v}`,
    `name=a&email=a%40b.co&message=${v}`,
    `firstName=%ED%A0%80`,
    `dni=${v}&raceId=${v}&raceSlug=${v}`,
    `p=99999999999999999999999999`,
    `slug=${v}&photo=${v}&n=${v}&back=${v}`,
    `slug=tetra-chapelco-2025&photo=x&n=1&back=%2F%2Fevil.example%2F`,
  ];
}

type Sent = { method: string; path: string; status: number; body: string; location?: string };

function send(shop: Shop, options: { method: string; path: string; headers: Record<string, string>; body?: string }): Promise<Sent> {
  const { port, hostname } = new URL(shop.baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { agent: false, host: hostname, port, method: options.method, path: options.path, headers: options.headers, timeout: 20_000 },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (c: Buffer) => {
          size += c.length;
          if (size < 200_000) chunks.push(c);
        });
        res.on("end", () =>
          resolve({
            method: options.method,
            path: options.path,
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString("utf8"),
            location: res.headers.location,
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`timeout: ${options.method} ${options.path}`)));
    req.on("error", (error: NodeJS.ErrnoException) => {
      // The server may refuse a request (405, 413) before its body is sent, and close: that is an answer, not a crash.
      if (options.body !== undefined && (error.code === "EPIPE" || error.code === "ECONNRESET"))
        resolve({ method: options.method, path: options.path, status: 0, body: "" });
      else reject(error);
    });
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

function asOperator(request: ReturnType<typeof makeRequest>, op: Operator) {
  const headers: Record<string, string> = { ...request.headers, cookie: op.cookie, "x-csrf-token": op.csrf };
  let body = request.body;
  if (body !== undefined && /urlencoded/.test(headers["content-type"] ?? "")) body = `${body}&_csrf=${encodeURIComponent(op.csrf)}`;
  return { ...request, headers, body };
}

function makeRequest(r: ReturnType<typeof rng>) {
  const route = r.pick(ROUTES);
  const path = route.replace(/:(\w+)/g, () => (r.next() < 0.55 ? r.pick(BAD_SEGMENTS) : r.pick(GOOD_SEGMENTS)));
  const query =
    r.next() < 0.5 ? "" : "?" + Array.from({ length: 1 + Math.floor(r.next() * 3) }, () => `${r.pick(QUERY_KEYS)}=${r.pick(QUERY_VALUES)}`).join("&");
  const method = r.pick(METHODS);
  const headers: Record<string, string> = {};
  const type = r.pick(TYPES);
  let body: string | undefined;
  if (method !== "GET" && method !== "HEAD" && r.next() < 0.85) {
    body =
      /json|plain/.test(type) || type === ""
        ? r.pick(jsonBodies(r))
        : /multipart/.test(type)
          ? '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n\u0000\r\n--xyz--'
          : r.pick(formBodies(r));
    if (r.next() < 0.02) body = "x".repeat(2_000_000);
    if (type) headers["content-type"] = type;
  }
  const roll = r.next();
  if (roll < 0.04) headers["x-forwarded-host"] = r.pick(["%%", "a b", "evil.example", "::", "[::1]:99999999"]);
  else if (roll < 0.08) headers["x-forwarded-proto"] = r.pick(["::", "javascript", "https", "ftp"]);
  else if (roll < 0.12) headers.cookie = r.pick(["dorsal_session=%ZZ", "dorsal_session=" + "a".repeat(5000), "a=b; ; ;=", "dorsal_session=x.y.z"]);
  else if (roll < 0.14) headers.host = r.pick(["a b", "%00", "evil.example:99999", "[zz]"]);
  else if (roll < 0.18) headers["x-csrf-token"] = r.pick(["", "%00", "x".repeat(1000)]);
  if (r.next() < 0.2) headers.accept = "application/json";
  if (r.next() < 0.1) headers.referer = r.pick(["http://x/%ZZ", "not a url", "http://localhost/en/race/x"]);
  return { method, path: path + query, headers, body };
}

const LEAKS = [
  /\n\s+at [^\n]+:\d+:\d+/,
  /node_modules\//,
  /\/work\//,
  /\.server\//,
  /\bTypeError\b|\bReferenceError\b|\bSyntaxError:/,
  /PGlite|drizzle|pg_catalog|violates|syntax error at/i,
];

describe("fuzz: malformed requests never break the shop", () => {
  let shop: Shop;
  beforeAll(async () => {
    // FUZZ_BASE_URL replays the fuzz against a shop already running (while fixing what it found).
    const base = process.env.FUZZ_BASE_URL;
    shop = base ? { baseUrl: base, url: (p) => base + p, dataDir: "", output: () => "", stop: async () => {}, kill: async () => {} } : await startShop();
  });
  afterAll(() => shop?.stop());

  it(`answers ${REQUESTS} seeded malformed requests (seed ${SEED}) without a 5xx, a leak or a hang`, async () => {
    const r = rng(SEED);
    const password = shop.dataDir ? adminPassword(shop) : process.env.FUZZ_ADMIN_PASSWORD;
    const op = password ? await logIn(shop, "admin@dorsal.local", password) : undefined;
    if (shop.dataDir) expect(op, "the fuzz logs in as the demo shop's admin").toBeDefined();
    // Every other request is an operator's, aimed at the back office (its forms and JSON calls included).
    const requests = Array.from({ length: REQUESTS }, (_, i) => {
      const request = makeRequest(r);
      if (!op || i % 2 === 0) return request;
      const adminPath =
        request.path.startsWith("/admin") || /^\/(en|br)\/admin/.test(request.path)
          ? request.path
          : `/admin${request.path.startsWith("/") ? "" : "/"}${request.path.replace(/^\/(en|br)(?=\/|$)/, "")}`;
      return asOperator({ ...request, path: r.next() < 0.5 ? request.path : adminPath }, op);
    });
    const failures: string[] = [];
    let index = 0;
    const lane = async () => {
      while (index < requests.length) {
        const request = requests[index++];
        let answer: Sent;
        try {
          answer = await send(shop, request);
        } catch (error) {
          failures.push(`${request.method} ${request.path.slice(0, 160)} → no answer (${(error as Error).message})`);
          continue;
        }
        if (answer.status >= 500)
          failures.push(`${request.method} ${request.path.slice(0, 160)} ${JSON.stringify(request.headers)} → ${answer.status} ${answer.body.slice(0, 160)}`);
        const leak = LEAKS.find((re) => re.test(answer.body) && !request.path.startsWith("/assets/"));
        if (leak && answer.status >= 400) failures.push(`${request.method} ${request.path.slice(0, 160)} → leaks ${leak}: ${answer.body.slice(0, 200)}`);
      }
    };
    await Promise.all(Array.from({ length: 6 }, lane));
    const health = await fetch(shop.url("/healthz"));
    expect(health.status, "the shop still answers after the fuzz").toBe(200);
    expect(failures.slice(0, 30), `seed ${SEED}, ${failures.length} failures:\n${shop.output().slice(-3000)}`).toEqual([]);
  }, 170_000);

  it("sends a path with doubled slashes to the same page's plain address, never to another site", async () => {
    const cases: [string, string][] = [
      ["//", "/"],
      ["///", "/"],
      ["//en", "/en"],
      ["/br//carreiras", "/br/carreiras"],
      ["//evil.example/x?a=1", "/evil.example/x?a=1"],
      ["/\\evil.example", "/evil.example"],
    ];
    for (const [path, plain] of cases) {
      const answer = await send(shop, { method: "GET", path, headers: {} });
      expect(answer.status, path).toBe(301);
      expect(answer.location, path).toBe(plain);
    }
    const home = await send(shop, { method: "GET", path: "/br/carreiras", headers: {} });
    expect(home.status).toBe(200);
  });
});
