import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { RouterContextProvider, type RouterContext } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { clientContext, servicesContext } from "../../app/context.ts";
import { contactMessages, jobs, notifySignups, pageViews, races } from "../../app/.server/db/schema.ts";
import { action as contactApi } from "../../app/routes/api.contact-email.ts";
import { action as contactPage } from "../../app/routes/contact.tsx";
import { action as notifyApi } from "../../app/routes/api.notify.ts";
import { action as pageviewApi } from "../../app/routes/api.pageview.ts";
import { loader as sitemap } from "../../app/routes/sitemap.ts";
import { loader as robots } from "../../app/routes/robots.ts";
import { createTestShop, type TestShop } from "./helpers.ts";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SUPPORT = "hola@dorsal.photo";

let shop: TestShop;
let raceId: number;

beforeAll(async () => {
  shop = await createTestShop();
  const [race] = await shop.database.db
    .insert(races)
    .values({ slug: "ultra-test-2026", name: { es: "Ultra Prueba", en: "Test Ultra" }, status: "preparing", categories: ["General", "Master A"] })
    .returning({ id: races.id });
  raceId = race.id;
  await shop.database.db.insert(races).values({ slug: "hidden-draft", name: { es: "Borrador" }, status: "draft" });
});
afterAll(() => shop.close());

const outbox = () => path.join(shop.dataDir, "outbox");

/** Delivers whatever earlier tests queued, then empties the outbox. */
async function freshOutbox() {
  await shop.services.worker.drain();
  fs.rmSync(outbox(), { recursive: true, force: true });
}

function emails(): string[] {
  if (!fs.existsSync(outbox())) return [];
  return fs
    .readdirSync(outbox())
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((f) => fs.readFileSync(path.join(outbox(), f), "utf8"));
}

/** A header of an .eml as written (nodemailer folds long subjects with encoded words: decode them). */
function header(eml: string, name: string): string | undefined {
  const head = eml.split("\r\n\r\n")[0].replace(/\r\n[ \t]+/g, " ");
  const line = head.split("\r\n").find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  if (!line) return undefined;
  return line
    .slice(name.length + 1)
    .trim()
    .replace(/=\?utf-8\?([QB])\?(.*?)\?=\s*/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
            "latin1",
          ).toString("utf8"),
    );
}

function context(ip = "203.0.113.7") {
  return new RouterContextProvider(
    new Map<RouterContext<unknown>, unknown>([
      [servicesContext, shop.services],
      [clientContext, { ip }],
    ]),
  );
}

/** Any of the route actions under test, called as React Router would. */
type Action = (args: never) => Promise<unknown>;

async function post(run: Action, url: string, body: unknown, { ip, headers = {} }: { ip?: string; headers?: Record<string, string> } = {}) {
  const request = new Request(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", "User-Agent": BROWSER, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return (await run({ request, params: {}, context: context(ip) } as never)) as Response;
}

describe("contact", () => {
  beforeEach(freshOutbox);

  it("stores the message and e-mails the shop and, in their language, the sender", async () => {
    const response = await post(
      contactApi,
      "http://shop.test/api/contact_email",
      { data: { name: "Ana Souza", email: "ana@example.com", phone: "", message: "Onde estão minhas fotos?" } },
      { headers: { Referer: "http://shop.test/br/contato" } },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { status: "success" } });

    const [row] = await shop.database.db.select().from(contactMessages).where(eq(contactMessages.email, "ana@example.com"));
    expect(row).toMatchObject({ name: "Ana Souza", phone: null, message: "Onde estão minhas fotos?", lang: "br" });

    await shop.services.worker.drain();
    const sent = emails();
    expect(sent).toHaveLength(2);
    const toShop = sent.find((m) => header(m, "To") === SUPPORT)!;
    const toSender = sent.find((m) => header(m, "To") === "ana@example.com")!;
    expect(header(toShop, "Subject")).toBe("Nueva consulta de Ana Souza");
    expect(header(toShop, "Reply-To")).toBe("ana@example.com");
    expect(header(toShop, "Content-Language")).toBe("es");
    expect(header(toSender, "Subject")).toBe("Recebemos sua mensagem");
    expect(header(toSender, "Content-Language")).toBe("pt-BR");
    expect(header(toSender, "From")).toBe("Dorsal <fotos@dorsal.local>");
    expect(toSender).toContain("Content-Type: multipart/alternative");
  });

  it("answers a localized 400 with data.status error for bad input, storing nothing", async () => {
    const before = await shop.database.db.select().from(contactMessages);
    const missing = await post(contactApi, "http://shop.test/api/contact_email?lang=en", { data: { name: "", email: "ana@example.com", message: "hi" } });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      data: { status: "error" },
      error: { code: "Invalid", message: "Please fill in your name, a valid e-mail address and your message." },
    });
    const badEmail = await post(contactApi, "http://shop.test/api/contact_email", { data: { name: "Ana", email: "not-an-email", message: "hola" } });
    expect(badEmail.status).toBe(400);
    expect((await badEmail.json()).error.message).toBe("Completá tu nombre, un e-mail válido y tu mensaje.");
    const notJson = await post(contactApi, "http://shop.test/api/contact_email", "{oops");
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).data).toEqual({ status: "error" });
    expect(await shop.database.db.select().from(contactMessages)).toHaveLength(before.length);
  });

  it("limits one address to a few messages in a row (429, localized)", async () => {
    const body = { data: { name: "Bot", email: "bot@example.com", message: "spam" } };
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await post(contactApi, "http://shop.test/api/contact_email?lang=en", body, { ip: "198.51.100.9" })).status);
    expect(statuses.slice(0, 8).every((s) => s === 200)).toBe(true);
    const limited = await post(contactApi, "http://shop.test/api/contact_email?lang=en", body, { ip: "198.51.100.9" });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({
      data: { status: "error" },
      error: { code: "TooMany", message: "Too many attempts. Wait a moment and try again." },
    });
    // Another visitor is not affected.
    expect((await post(contactApi, "http://shop.test/api/contact_email", body, { ip: "198.51.100.10" })).status).toBe(200);
  });

  it("works without JavaScript through the page's form action", async () => {
    const form = new URLSearchParams({ name: "Juan", email: "juan@example.com", phone: "+54 11 5555-0000", message: "Consulta" });
    const request = new Request("http://shop.test/en/contact", { method: "POST", body: form });
    const result = await contactPage({ request, params: {}, context: context("192.0.2.1") } as never);
    expect(result).toMatchObject({ status: "success" });
    const [row] = await shop.database.db.select().from(contactMessages).where(eq(contactMessages.email, "juan@example.com"));
    expect(row).toMatchObject({ phone: "+54 11 5555-0000", lang: "en" });

    const bad = await contactPage({
      request: new Request("http://shop.test/contacto", { method: "POST", body: new URLSearchParams({ name: "Juan" }) }),
      params: {},
      context: context("192.0.2.1"),
    } as never);
    expect(bad).toMatchObject({ data: { status: "error", values: { name: "Juan" } }, init: { status: 400 } });
  });
});

describe("notify (preparing race)", () => {
  const signup = { firstName: "Ana", lastName: "Pérez", email: "Ana@Example.com", category: "Master A", runnerNumber: "305", slug: "ultra-test-2026" };

  it("stores a signup once per e-mail, race and bib, and sends one confirmation", async () => {
    await freshOutbox();
    const first = await post(notifyApi, "http://shop.test/api/notify?lang=en", { data: signup });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ data: { status: "success" } });
    const again = await post(notifyApi, "http://shop.test/api/notify?lang=en", { data: { ...signup, email: "ana@example.com", runnerNumber: 305 } });
    expect(await again.json()).toEqual({ data: { status: "success" } });

    const rows = await shop.database.db.select().from(notifySignups).where(eq(notifySignups.raceId, raceId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: "ana@example.com", bib: 305, category: "Master A", lang: "en", lastName: "Pérez" });

    await shop.services.worker.drain();
    const sent = emails();
    expect(sent).toHaveLength(1);
    expect(header(sent[0], "Subject")).toBe("We will let you know when the photos of Test Ultra are ready");
    expect(header(sent[0], "To")).toBe("ana@example.com");
    expect(sent[0]).toContain("http://shop.test/en/race/ultra-test-2026");

    // Another bib of the same runner is another signup.
    await post(notifyApi, "http://shop.test/api/notify", { data: { ...signup, runnerNumber: "306" } });
    expect(await shop.database.db.select().from(notifySignups).where(eq(notifySignups.raceId, raceId))).toHaveLength(2);
  });

  it("rejects a category the race does not have, a bad runner number and unknown or draft races", async () => {
    const category = await post(notifyApi, "http://shop.test/api/notify", { data: { ...signup, category: "Elite" } });
    expect(category.status).toBe(400);
    expect(await category.json()).toMatchObject({ data: { status: "error" }, error: { message: "Elegí una de las categorías de la carrera." } });
    expect((await post(notifyApi, "http://shop.test/api/notify", { data: { ...signup, runnerNumber: "0" } })).status).toBe(400);
    expect((await post(notifyApi, "http://shop.test/api/notify", { data: { ...signup, runnerNumber: "12a" } })).status).toBe(400);
    expect((await post(notifyApi, "http://shop.test/api/notify", { data: { ...signup, slug: "nope" } })).status).toBe(404);
    expect((await post(notifyApi, "http://shop.test/api/notify", { data: { ...signup, slug: "hidden-draft" } })).status).toBe(404);
  });

  it("accepts a plain form post and returns to the race page in its language", async () => {
    const form = new URLSearchParams({ ...signup, email: "form@example.com", lang: "br" });
    const ok = (await notifyApi({
      request: new Request("http://shop.test/api/notify", { method: "POST", body: form }),
      params: {},
      context: context("192.0.2.50"),
    } as never)) as Response;
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/br/carreira/ultra-test-2026?notify=ok#notify");
    const [row] = await shop.database.db.select().from(notifySignups).where(eq(notifySignups.email, "form@example.com"));
    expect(row.lang).toBe("br");

    form.set("category", "Elite");
    const bad = (await notifyApi({
      request: new Request("http://shop.test/api/notify", { method: "POST", body: form }),
      params: {},
      context: context("192.0.2.50"),
    } as never)) as Response;
    expect(bad.headers.get("Location")).toBe("/br/carreira/ultra-test-2026?notify=error#notify");
  });

  it("announces published photos once to everyone waiting", async () => {
    await freshOutbox();
    expect(await shop.services.notify.announce("ultra-test-2026")).toEqual({ sent: 3 });
    expect(await shop.services.notify.announce("ultra-test-2026")).toEqual({ sent: 0 });
    await shop.services.worker.drain();
    const subjects = emails().map((m) => header(m, "Subject"));
    expect(subjects).toHaveLength(3);
    expect(subjects).toContain("The photos of Test Ultra are online!");
    expect(subjects).toContain("As fotos de Ultra Prueba já estão no ar!");
  });
});

describe("page views", () => {
  const view = (pathname: string, userAgent = BROWSER) =>
    post(pageviewApi, "http://shop.test/api/pageview", { data: { path: pathname, lang: "es" } }, { headers: { "User-Agent": userAgent } });

  it("stores the path and language of shop screens, with the race of a race page", async () => {
    expect((await view("/en/race/ultra-test-2026?n=305")).status).toBe(204);
    expect((await view("/br/ajuda")).status).toBe(204);
    const rows = await shop.database.db.select().from(pageViews);
    expect(rows.map(({ path: p, lang, raceId: r }) => ({ p, lang, r }))).toEqual([
      { p: "/en/race/ultra-test-2026", lang: "en", r: raceId },
      { p: "/br/ajuda", lang: "br", r: null },
    ]);
  });

  it("ignores bots, unknown paths and junk", async () => {
    const before = (await shop.database.db.select().from(pageViews)).length;
    await view("/carreras", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)");
    await view("/carreras", "");
    await view("/wp-admin.php");
    expect((await view("no-slash")).status).toBe(400);
    expect((await post(pageviewApi, "http://shop.test/api/pageview", "garbage")).status).toBe(400);
    expect(await shop.database.db.select().from(pageViews)).toHaveLength(before);
  });
});

describe("sitemap and robots", () => {
  it("lists the static screens and every visible race in every language, with alternates", async () => {
    const response = (await sitemap({ request: new Request("http://shop.test/sitemap.xml"), params: {}, context: context() } as never)) as Response;
    expect(response.headers.get("Content-Type")).toContain("application/xml");
    const xml = await response.text();
    for (const loc of [
      "http://shop.test/",
      "http://shop.test/en/races",
      "http://shop.test/br/ajuda",
      "http://shop.test/terminos",
      "http://shop.test/br/carreira/ultra-test-2026",
    ]) {
      expect(xml).toContain(`<loc>${loc}</loc>`);
    }
    expect(xml).not.toContain("hidden-draft");
    expect(xml).toContain('hreflang="x-default"');
  });

  it("robots.txt keeps crawlers out of private pages and names the sitemap", async () => {
    const response = (await robots({ request: new Request("http://shop.test/robots.txt"), params: {}, context: context() } as never)) as Response;
    const text = await response.text();
    expect(text).toContain("Disallow: /api/");
    expect(text).toContain("Disallow: /en/purchase/");
    expect(text).not.toContain("checkout");
    expect(text).toContain("Sitemap: http://shop.test/sitemap.xml");
  });
});

describe("mail queue", () => {
  it("keeps a message queued until a worker delivers it (it survives a restart)", async () => {
    await freshOutbox();
    await shop.services.mail.send({ to: "x@example.com", lang: "es", template: "contactReceived", data: { name: "X" } });
    const queued = await shop.database.db.select().from(jobs).where(eq(jobs.type, "mail.send"));
    expect(queued.some((j) => j.status === "queued")).toBe(true);
    expect(emails()).toHaveLength(0);
    await shop.services.worker.drain();
    expect(emails()).toHaveLength(1);
  });

  it("sends a keyed message at most once", async () => {
    await freshOutbox();
    const message = { to: "y@example.com", lang: "en" as const, template: "contactReceived" as const, data: { name: "Y" }, key: "once-only" };
    await shop.services.mail.send(message);
    await shop.services.mail.send(message);
    await shop.services.worker.drain();
    expect(emails()).toHaveLength(1);
  });
});
