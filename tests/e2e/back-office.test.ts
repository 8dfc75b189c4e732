import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { adminHref } from "../../app/i18n/admin-href.ts";
import { href } from "../../app/i18n/href.ts";
import { LANGS, type Lang } from "../../app/i18n/langs.ts";
import { fill } from "../../app/i18n/messages/index.ts";
import { ADMIN_MESSAGES } from "../../app/i18n/messages/admin/index.ts";
import { launchBrowser, sideways, startShop, type Shop } from "./harness.ts";

// The back office in Chromium, once per language: log in, create a race, upload
// photos through the browser, tag one from the keyboard, publish it and find it
// in the storefront; then a manual payment and refund, and the CSV export.

const ADMIN = { email: "organiser@dorsal.test", password: "organiser-pass-1" };
const PHOTOS = ["A001.jpg", "A002.jpg", "A003.jpg"].map((f) => path.resolve(import.meta.dirname, "../fixtures/import-basic/photos", f));
const BIB = 4321;

let shop: Shop;
let browser: Browser;

beforeAll(async () => {
  shop = await startShop({ env: { SEED_DEMO: "0", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

async function operator(lang: Lang): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  await page.goto(shop.url(adminHref("adminRaces", lang)));
  // Not logged in: the login page, which sends us back where we were going.
  expect(new URL(page.url()).pathname).toBe(adminHref("adminLogin", lang));
  await page.fill("input[name=email]", ADMIN.email);
  await page.fill("input[name=password]", ADMIN.password);
  await Promise.all([page.waitForURL((u) => u.pathname === adminHref("adminRaces", lang)), page.click("form button[type=submit]")]);
  return { context, page, errors };
}

describe.each(LANGS)("back office in %s", (lang) => {
  const a = ADMIN_MESSAGES[lang];
  const slug = `e2e-${lang}-trail`;
  let raceId = 0;

  it("creates a race, uploads three photos with progress, tags one by keyboard and publishes it", async () => {
    const { context, page, errors } = await operator(lang);

    await page.goto(shop.url(adminHref("adminRaceNew", lang)));
    await page.fill("input[name=name_es]", `Trail E2E ${lang}`);
    await page.fill("input[name=name_en]", `E2E Trail ${lang}`);
    await page.fill("input[name=slug]", slug);
    await page.selectOption("select[name=status]", "preparing");
    await page.fill("input[name=price_ars]", "5000");
    await page.fill("input[name=price_usd]", "5");
    await Promise.all([page.waitForURL(/notice=created/), page.click("form[enctype='multipart/form-data'] button[type=submit]")]);
    raceId = Number(/\/(\d+)\?/.exec(page.url())?.[1]);
    expect(raceId).toBeGreaterThan(0);
    await page.getByText(a.races.created).waitFor();

    await page.goto(shop.url(adminHref("adminRacePhotos", lang, { raceId })));
    await page.waitForSelector("[data-testid=file-input]:not([disabled])", { state: "attached" });
    await page.setInputFiles("[data-testid=file-input]", PHOTOS);
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=upload-list] li[data-state=done]").length === 3, null, { timeout: 60_000 });
    expect(await page.$$eval("[data-testid=upload-list] li", (rows) => rows.map((r) => r.getAttribute("data-outcome")))).toEqual([
      "created",
      "created",
      "created",
    ]);
    expect(await page.textContent("[data-testid=upload-overall]")).toContain(fill(a.photos.overall, { done: 3, total: 3 }, lang));
    // The watermarked images are made by the job queue; the panel follows them.
    await page.waitForFunction((done) => document.querySelector("[data-testid=derivatives-state]")?.textContent?.includes(done), a.photos.derivativesDone, {
      timeout: 60_000,
    });

    // Bib recognition reads the new photos in the background; tag by hand once it is done, so it cannot race us.
    await expect
      .poll(
        async () => {
          const progress = (await (await context.request.get(shop.url(`/admin/api/races/${raceId}/progress`))).json()) as {
            data: { recognition: { queued: number } | null };
          };
          return progress.data.recognition?.queued ?? 0;
        },
        { timeout: 90_000, interval: 1000 },
      )
      .toBe(0);

    await page.goto(shop.url(adminHref("adminRaceTagging", lang, { raceId })));
    await page.waitForSelector("[data-testid=bibs-input]:focus");
    // The field's text (saved bibs or recognition's suggestions) is selected: typing replaces it.
    await page.keyboard.type(String(BIB));
    await page.keyboard.press("Enter");
    await page.waitForSelector("[data-testid=save-state][data-state=saved]");
    expect(await page.textContent("[data-testid=save-state]")).toContain(a.tagging.saved);
    expect(await page.textContent("[data-testid=tag-counts]")).toMatch(/^\d+ .+ · \d+ .+$/);
    // The desk moved on to the next photo; Alt+← goes back to the saved one, whatever the field holds.
    await page.keyboard.press("Alt+ArrowLeft");
    expect(await page.inputValue("[data-testid=bibs-input]")).toBe(String(BIB));

    await page.goto(shop.url(adminHref("adminRaces", lang)));
    await Promise.all([page.waitForURL(/notice=published/), page.click(`form:has(input[name=raceId][value="${raceId}"]) button[type=submit]`)]);
    await page.getByText(fill(a.races.published, { notified: 0, converted: 0 })).waitFor();

    await page.goto(shop.url(href("race", lang, { slug }, { n: BIB })));
    await page.waitForSelector("[data-testid=photo]");
    expect(await page.locator("[data-testid=photo]").count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("fits a phone: the race list and forms do not scroll sideways, wide tables scroll inside their card", async () => {
    const { context, page, errors } = await operator(lang);
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of [adminHref("adminRaces", lang), adminHref("adminRaceNew", lang), adminHref("adminRace", lang, { raceId })]) {
        await page.goto(shop.url(path));
        await page.waitForLoadState("networkidle");
        expect(await sideways(page), `${path} at ${width} px`).toBe(0);
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it("deletes a photo from the grid: it says how many, and the deleted one leaves the selection", async () => {
    const { context, page, errors } = await operator(lang);
    page.on("dialog", (dialog) => dialog.accept());
    await page.goto(shop.url(adminHref("adminRaceTagging", lang, { raceId }, { mode: "grid" })));
    const untagged = page.locator("[data-testid=grid-photo]", { hasNotText: String(BIB) });
    expect(await untagged.count()).toBe(2);
    await untagged.first().locator("input[type=checkbox]").check();
    expect(await page.textContent("[data-testid=selected-count]")).toBe(fill(a.tagging.selected, { count: 1 }, lang));
    await page.selectOption("select[name=action]", "delete");
    await Promise.all([page.waitForURL(/notice=deleted/), page.click("[data-testid=bulk-apply]")]);
    await page.getByText(fill(a.tagging.deleted, { deleted: 1, hidden: 0 }, lang)).waitFor();
    // Two photos are left for the sales below.
    expect(await page.locator("[data-testid=grid-photo]").count()).toBe(2);
    expect(await page.textContent("[data-testid=selected-count]")).toBe(fill(a.tagging.selected, { count: 0 }, lang));
    expect(await page.isDisabled("[data-testid=bulk-apply]")).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.runIf(lang === "en")("imports a folder on the server as a job and follows it to its report", async () => {
    const { context, page, errors } = await operator(lang);
    await page.fill("input[name=folder]", path.resolve(import.meta.dirname, "../fixtures/import-basic"));
    await Promise.all([page.waitForURL(/notice=import/), page.click("form:has(input[name=folder]) button[type=submit]")]);
    await page.getByText(a.photos.importStarted).waitFor();
    // The page polls the job; the report replaces the progress when it is done.
    await page.waitForSelector("[data-testid=import-runs] li[data-state=done]", { timeout: 60_000 });
    const report = await page.textContent("[data-testid=import-runs] li");
    expect(report).toContain(fill(a.photos.importDone, { slug: "fixture-trail-2025", created: 3, updated: 0, unchanged: 0, duplicates: 1, broken: 1 }));
    expect(report).toContain("B001-broken.jpg");
    // A folder that is not there is refused at once, in the page's language.
    await page.fill("input[name=folder]", "/nowhere/at/all");
    await page.click("form:has(input[name=folder]) button[type=submit]");
    await page.getByText(a.errors.folderMissing).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("refunds a sale paid through the demo provider: the sale is refunded and its downloads stop", async () => {
    const api = (await (await fetch(shop.url(`/api/fotos/${slug}?lang=${lang}`))).json()) as { data: { fotos: { id: string }[] } };
    const email = `refund-${lang}@example.com`;
    const bought = await fetch(shop.url(`/api/purchase?lang=${lang}`), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        data: { country: "1", firstName: "Rita", lastName: "Sol", email, confirmEmail: email, images: api.data.fotos.slice(0, 1).map((f) => ({ id: f.id })) },
      }),
    });
    expect(bought.status).toBe(200);
    const sale = ((await bought.json()) as { data: { id: string; link: string } }).data;
    const { context, page, errors } = await operator(lang);
    await page.goto(sale.link);
    await Promise.all([page.waitForURL((u) => u.pathname.endsWith(sale.id)), page.click("[data-testid=pay-approve]")]);
    const download = () =>
      fetch(shop.url(`/api/download?lang=${lang}`), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ data: { id: sale.id, id_photo: api.data.fotos[0].id } }),
      });
    expect((await download()).status).toBe(200);

    await page.goto(shop.url(adminHref("adminOrders", lang, {}, { q: email })));
    await Promise.all([page.waitForURL(/\/admin\/[^/]+\/\d+$/), page.click("[data-testid=orders-table] tbody a")]);
    await page.locator("[data-testid=refund-form]").waitFor();
    // The confirmation box is required: without it nothing is sent.
    await page.click("[data-testid=refund]");
    expect(page.url()).not.toContain("notice=");
    await page.check("[data-testid=refund-form] input[name=confirm]");
    await Promise.all([page.waitForURL(/notice=refunded/), page.click("[data-testid=refund]")]);
    await page.getByText(fill(a.orders.refundedNow, { provider: "Demo" })).waitFor();
    expect(await page.textContent("[data-testid=order-history]")).toContain(a.orders.states["5"]);
    expect(await page.locator("[data-testid=refund-form]").count()).toBe(0);
    expect((await download()).status).toBe(402);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.runIf(lang === "es")("marks an order paid by hand, refunds it with a reason, and exports it as CSV", async () => {
    const api = (await (await fetch(shop.url(`/api/fotos/${slug}?lang=es`))).json()) as { data: { fotos: { id: string }[] } };
    const email = "transfer@example.com";
    const bought = await fetch(shop.url("/api/purchase?lang=es"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        data: { country: "1", firstName: "Eva", lastName: "Paz", email, confirmEmail: email, images: api.data.fotos.slice(0, 2).map((f) => ({ id: f.id })) },
      }),
    });
    expect(bought.status).toBe(200);
    const { context, page, errors } = await operator(lang);

    await page.goto(shop.url(adminHref("adminOrders", lang, {}, { q: email })));
    expect(await page.locator("[data-testid=orders-table] tbody tr").count()).toBe(1);
    await Promise.all([page.waitForURL(/\/admin\/ventas\/\d+$/), page.click("[data-testid=orders-table] tbody a")]);
    await page.fill("input[name=reason]", "Transferencia bancaria 0042");
    await Promise.all([page.waitForURL(/notice=moved/), page.click("[data-testid=move-paid]")]);
    await page
      .getByText(fill(a.orders.causes.manual, { move: a.orders.causes.moves.paid, email: ADMIN.email, reason: "Transferencia bancaria 0042" }))
      .waitFor();
    await page.fill("input[name=reason]", "El corredor pidió la devolución");
    await page.click("[data-testid=move-refunded]");
    await page.getByText("El corredor pidió la devolución", { exact: false }).waitFor();
    const history = await page.textContent("[data-testid=order-history]");
    expect(history).toContain("El corredor pidió la devolución");
    expect(history).toContain(a.orders.states["5"]);

    const csv = await context.request.get(shop.url(adminHref("adminExport", lang, { list: "orders" }, { q: email })));
    expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0].split(",")).toEqual(a.csv.orders);
    expect(lines).toHaveLength(2);
    expect(lines[1].split(",")).toEqual(expect.arrayContaining([email, "5", "2", "ARS"]));

    // Without the session cookie the same file is refused.
    expect((await fetch(shop.url(adminHref("adminExport", lang, { list: "orders" })))).status).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  });
});
