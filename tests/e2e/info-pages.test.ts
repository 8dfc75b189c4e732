import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { HELP_TOPICS } from "../../app/components/help-topics.ts";
import { href } from "../../app/i18n/href.ts";
import { HTML_LANG, LANGS, type Lang } from "../../app/i18n/langs.ts";
import { MESSAGES } from "../../app/i18n/messages/all.ts";
import { axeViolations } from "./axe.ts";
import { launchBrowser, startShop, type Shop } from "./harness.ts";

// Contact, help, terms and the preparing-race signup in Chromium, once per
// language: with and without JavaScript, a forced API failure, help anchors,
// head tags for search engines, the page-view beacon and axe-core.

const PREPARING = "ultra-fiambala-2025";

let shop: Shop;
let browser: Browser;

// Seeding the demo shop takes a while on a busy machine.
beforeAll(async () => {
  shop = await startShop({ timeoutMs: 540_000 });
  browser = await launchBrowser();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

async function visitor(options: Parameters<Browser["newContext"]>[0] = {}): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  page.on("console", (msg) => {
    if (msg.type() === "error" && !/Failed to load resource/.test(msg.text())) errors.push(msg.text());
  });
  return { context, page, errors };
}

/** Messages in the outbox so far, as raw RFC 822 text. */
function outbox(): string[] {
  const dir = path.join(shop.dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .map((f) => fs.readFileSync(path.join(dir, f), "utf8"));
}

async function fillContact(page: Page, lang: Lang, who: string) {
  const m = MESSAGES[lang].contact;
  await page.getByLabel(m.name).fill(`${who} ${lang}`);
  await page.getByLabel(m.email).fill(`${who}-${lang}@example.com`);
  await page.getByLabel(m.phone).fill("+54 9 11 5555 0000");
  await page.getByLabel(m.message).fill("¿Cuándo estarán las fotos? / When will the photos be ready?");
}

describe.each(LANGS)("info pages in %s", (lang) => {
  const m = MESSAGES[lang];

  it("sends the contact form through the API: sending state, success banner, button disabled, two e-mails", async () => {
    const { context, page, errors } = await visitor();
    await page.goto(shop.url(href("contact", lang)), { waitUntil: "networkidle" });
    expect(await page.title()).toBe(`${m.contact.title} · ${m.brand.name}`);
    await fillContact(page, lang, "js");
    // Hold the answer until the sending state has been seen.
    let release!: () => void;
    const seen = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/contact_email", async (route) => {
      await seen;
      await route.continue();
    });
    const submit = page.getByRole("button", { name: m.contact.submit });
    const request = page.waitForRequest((r) => r.url().endsWith("/api/contact_email") && r.method() === "POST");
    await submit.click();
    const sent = await request;
    expect(sent.postDataJSON()).toEqual({
      data: {
        name: `js ${lang}`,
        email: `js-${lang}@example.com`,
        phone: "+54 9 11 5555 0000",
        message: "¿Cuándo estarán las fotos? / When will the photos be ready?",
      },
    });
    await page.getByRole("button", { name: m.contact.sending }).waitFor();
    release();
    const banner = page.getByText(m.contact.success, { exact: true });
    await banner.waitFor();
    expect(await page.locator("[data-tone=success]").isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: m.contact.sent }).isDisabled()).toBe(true);

    // The shop and the sender each get an e-mail; the sender's is in the page's language.
    // One to the shop (Reply-To: the visitor), one to the visitor.
    const mine = () => outbox().filter((eml) => new RegExp(`^(Reply-)?To: js-${lang}@example\\.com\r$`, "m").test(eml));
    await expect.poll(() => mine().length, { timeout: 10_000 }).toBe(2);
    const toSender = mine().find((eml) => new RegExp(`^To: js-${lang}@example\\.com\r$`, "m").test(eml))!;
    expect(toSender).toContain(`Content-Language: ${HTML_LANG[lang]}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the red error banner when the API fails, and lets the visitor try again", async () => {
    const { context, page } = await visitor();
    await page.goto(shop.url(href("contact", lang)), { waitUntil: "networkidle" });
    await fillContact(page, lang, "err");
    await page.route("**/api/contact_email", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ data: { status: "error" } }) }),
    );
    await page.getByRole("button", { name: m.contact.submit }).click();
    await page.getByText(m.contact.error, { exact: true }).waitFor();
    expect(await page.locator("[data-tone=error]").isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: m.contact.submit }).isEnabled()).toBe(true);

    // A 200 whose status is not "success" is an error too.
    await page.unroute("**/api/contact_email");
    await page.route("**/api/contact_email", (route) => route.fulfill({ status: 200, contentType: "application/json", body: '{"data":{"status":"fail"}}' }));
    await page.getByRole("button", { name: m.contact.submit }).click();
    await page.getByText(m.contact.error, { exact: true }).waitFor();
    await context.close();
  });

  it("works without JavaScript: the form posts to the page and the banner comes back", async () => {
    const { context, page } = await visitor({ javaScriptEnabled: false });
    await page.goto(shop.url(href("contact", lang)));
    await fillContact(page, lang, "nojs");
    await page.getByRole("button", { name: m.contact.submit }).click();
    await page.getByText(m.contact.success, { exact: true }).waitFor();
    expect(await page.getByRole("button", { name: m.contact.sent }).isDisabled()).toBe(true);
    await context.close();
  });

  it("links the eight help questions to open answers on the help page", async () => {
    const { context, page } = await visitor({ viewport: { width: 390, height: 844 } });
    await page.goto(shop.url(href("contact", lang)), { waitUntil: "networkidle" });
    const faq = page.getByRole("navigation", { name: m.contact.faqHeading });
    for (const topic of HELP_TOPICS) {
      expect(await faq.getByRole("link", { name: m.help.questions[topic.key].q, exact: true }).getAttribute("href")).toBe(
        `${href("help", lang)}#${topic.anchor}`,
      );
    }
    await faq.getByRole("link", { name: m.help.questions.zip.q }).click();
    await page.waitForURL((url) => url.pathname === href("help", lang) && url.hash === "#zip");
    const zip = page.locator("details#zip");
    await expect.poll(() => zip.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(await zip.getByText(/zip/).first().isVisible()).toBe(true);
    expect(await page.locator("details[open]").count()).toBe(1);
    // A question opens and closes by its summary; the contact button goes back to the form.
    await page.locator("details#quality summary").click();
    expect(await page.locator("details#quality").evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(await page.locator("details#quality").innerText()).toMatch(/3500/);
    await page.getByRole("link", { name: m.help.contactButton }).click();
    await page.waitForURL((url) => url.pathname === href("contact", lang));

    // Arriving straight on an anchor opens it too.
    await page.goto(shop.url(`${href("help", lang)}#minimum-age`), { waitUntil: "networkidle" });
    await expect.poll(() => page.locator("details#minimum-age").evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(await page.locator("details#minimum-age").innerText()).toMatch(/16/);
    await context.close();
  });

  it("signs up for the preparing race's notice and confirms it", async () => {
    const { context, page, errors } = await visitor();
    await page.goto(shop.url(href("race", lang, { slug: PREPARING })), { waitUntil: "networkidle" });
    const form = page.locator("#notify");
    await form.getByLabel(m.notify.firstName, { exact: true }).fill("Ana");
    await form.getByLabel(m.notify.lastName, { exact: true }).fill(`Pérez ${lang}`);
    await form.getByLabel(m.notify.email, { exact: true }).fill(`notify-${lang}@example.com`);
    await form.getByLabel(m.notify.category, { exact: true }).selectOption("Master A");
    await form.getByLabel(m.notify.runnerNumber, { exact: true }).fill("1234");
    const request = page.waitForRequest((r) => r.url().endsWith("/api/notify"));
    await form.getByRole("button", { name: m.notify.submit }).click();
    expect((await request).postDataJSON()).toEqual({
      data: { firstName: "Ana", lastName: `Pérez ${lang}`, email: `notify-${lang}@example.com`, category: "Master A", runnerNumber: "1234", slug: PREPARING },
    });
    await form.getByText(m.notify.success, { exact: true }).waitFor();
    await expect.poll(() => outbox().filter((eml) => new RegExp(`^To: notify-${lang}@example\\.com\r$`, "m").test(eml)).length, { timeout: 10_000 }).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("signs up without JavaScript too: the plain form post comes back to the race page confirmed", async () => {
    const { context, page } = await visitor({ javaScriptEnabled: false });
    await page.goto(shop.url(href("race", lang, { slug: PREPARING })));
    const form = page.locator("#notify");
    await form.getByLabel(m.notify.firstName, { exact: true }).fill("Luz");
    await form.getByLabel(m.notify.lastName, { exact: true }).fill("Gómez");
    await form.getByLabel(m.notify.email, { exact: true }).fill(`nojs-notify-${lang}@example.com`);
    await form.getByLabel(m.notify.category, { exact: true }).selectOption("General");
    await form.getByLabel(m.notify.runnerNumber, { exact: true }).fill("77");
    await form.getByRole("button", { name: m.notify.submit }).click();
    await page.waitForURL((url) => url.pathname === href("race", lang, { slug: PREPARING }) && url.searchParams.get("notify") === "ok");
    await page.locator("#notify").getByText(m.notify.success, { exact: true }).waitFor();
    await expect
      .poll(() => outbox().filter((eml) => new RegExp(`^To: nojs-notify-${lang}@example\\.com\r$`, "m").test(eml)).length, { timeout: 10_000 })
      .toBe(1);
    await context.close();
  });

  it("gives search engines a title, description, canonical URL and hreflang alternates", async () => {
    const { context, page } = await visitor();
    await page.goto(shop.url(`${href("help", lang)}?utm_source=test`));
    const head = page.locator("head");
    expect(await head.locator('meta[name="description"]').getAttribute("content")).toBe(m.seo.help);
    expect(await head.locator('link[rel="canonical"]').getAttribute("href")).toBe(shop.url(href("help", lang)));
    for (const other of LANGS) {
      expect(await head.locator(`link[rel="alternate"][hreflang="${HTML_LANG[other]}"]`).getAttribute("href")).toBe(shop.url(href("help", other)));
    }
    expect(await head.locator('link[rel="alternate"][hreflang="x-default"]').getAttribute("href")).toBe(shop.url(href("help", "es")));
    expect(await head.locator('meta[property="og:title"]').getAttribute("content")).toBe(`${m.help.title} · ${m.brand.name}`);
    expect(await head.locator('meta[property="og:url"]').getAttribute("content")).toBe(shop.url(href("help", lang)));
    await context.close();
  });

  it("shares a race with its image and describes it as a SportsEvent", async () => {
    const { context, page } = await visitor();
    await page.goto(shop.url(href("race", lang, { slug: PREPARING }, { n: 12 })));
    const head = page.locator("head");
    const image = await head.locator('meta[property="og:image"]').getAttribute("content");
    expect(image).toMatch(/^http.*\/media\/.+\.(jpg|webp|png)$/);
    expect(await head.locator('meta[name="twitter:card"]').getAttribute("content")).toBe("summary_large_image");
    expect(await head.locator('link[rel="canonical"]').getAttribute("href")).toBe(shop.url(href("race", lang, { slug: PREPARING })));
    const event = JSON.parse((await head.locator('script[type="application/ld+json"]').textContent())!);
    expect(event).toMatchObject({
      "@context": "https://schema.org",
      "@type": "SportsEvent",
      name: "Ultra Fiambalá",
      image: [image],
      url: shop.url(href("race", lang, { slug: PREPARING })),
    });
    expect(event.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await context.close();
  });

  it("sends a first-party page view on each title change", async () => {
    const { context, page } = await visitor();
    // Beacons' bodies are not visible to the test as requests: record them at the source.
    await context.addInitScript(() => {
      const w = window as unknown as { beacons: unknown[] };
      w.beacons = [];
      const send = navigator.sendBeacon.bind(navigator);
      navigator.sendBeacon = (url, data) => {
        void (data as Blob).text().then((text) => w.beacons.push({ url: String(url), body: JSON.parse(text) }));
        return send(url, data);
      };
    });
    const hosts = new Set<string>();
    let pings = 0;
    page.on("request", (r) => {
      hosts.add(new URL(r.url()).host);
      if (r.url().endsWith("/api/pageview")) pings++;
    });
    await page.goto(shop.url(href("terms", lang)), { waitUntil: "networkidle" });
    await page.getByRole("contentinfo").getByRole("link", { name: m.nav.help }).click();
    await page.waitForURL((url) => url.pathname === href("help", lang));
    await expect.poll(() => page.evaluate(() => (window as unknown as { beacons: unknown[] }).beacons.length)).toBe(2);
    expect(await page.evaluate(() => (window as unknown as { beacons: unknown[] }).beacons)).toEqual([
      { url: "/api/pageview", body: { data: { path: href("terms", lang), lang } } },
      { url: "/api/pageview", body: { data: { path: href("help", lang), lang } } },
    ]);
    expect(pings).toBe(2);
    // Only our own origin is ever contacted: no third-party trackers.
    expect([...hosts]).toEqual([new URL(shop.baseUrl).host]);
    await context.close();
  });

  it.each(["contact", "help", "terms"] as const)("has no serious or critical axe violation on %s", async (screen) => {
    const { context, page } = await visitor();
    await page.goto(shop.url(href(screen, lang)), { waitUntil: "networkidle" });
    if (screen === "help") await page.locator("details#find-photos summary").click();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
