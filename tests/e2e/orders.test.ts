import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { formatMoney } from "../../app/domain/money.ts";
import { href } from "../../app/i18n/href.ts";
import { LANGS, type Lang } from "../../app/i18n/langs.ts";
import { fill } from "../../app/i18n/messages/index.ts";
import { MESSAGES } from "../../app/i18n/messages/all.ts";
import { launchBrowser, sideways, startShop, type Shop, textLines } from "./harness.ts";

// The money side in Chromium, once per language: cart → checkout → demo
// payment → purchase page → downloads and the zip → e-mail; a free order; a
// full set at its override price; a rejected payment; a pre-order and its
// pre-purchase page; a checkout whose purchase call fails.

const SLUG = "tetra-chapelco-2025";
const BIB = 305;

type Photo = {
  id: string;
  id_photo: string;
  free: string;
  precio_arg: number;
  descuento_arg: number;
  precio_usd: number;
  descuento_usd: number;
  fechahora: string;
  src_thumb: string;
  width: number;
  height: number;
};

let shop: Shop;
let browser: Browser;
let runnerPhotos: Photo[];
let raceId: number;

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  const body = (await (await fetch(shop.url(`/api/fotos/${SLUG}?n=${BIB}`))).json()) as { data: { id: number; fotos: Photo[] } };
  runnerPhotos = body.data.fotos;
  raceId = body.data.id;
}, 1_800_000); // the first e2e run after a server change seeds the demo shop once (minutes on two busy cores)

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

async function visitor(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  return { context, page, errors };
}

/** The cart as the storefront keeps it (SPEC §3 cart items under `cart`). */
async function withCart(page: Page, photos: Photo[]) {
  await page.goto(shop.url("/terminos"));
  await page.evaluate((items) => localStorage.setItem("cart", JSON.stringify(items.map((p) => ({ ...p, race: "tetra-chapelco-2025" })))), photos);
}

let sequence = 0;
const newEmail = (lang: Lang) => `buyer-${lang}-${Date.now()}-${++sequence}@example.com`;

/** Fills the buyer's form: country first (the rest is greyed out until then), then names, e-mails and terms. */
async function fillForm(page: Page, lang: Lang, email: string, country = "1") {
  const m = MESSAGES[lang];
  const submit = page.getByTestId("submit-order");
  // Once the page runs its script the form is greyed out until a country is chosen.
  await expect.poll(() => page.locator("#firstName").isDisabled()).toBe(true);
  expect(await submit.isDisabled()).toBe(true);
  await page.getByTestId("country").selectOption(country);
  await page.getByLabel(m.orderForm.firstName, { exact: true }).fill("Ana");
  await page.getByLabel(m.orderForm.lastName, { exact: true }).fill("Pérez");
  await page.getByLabel(m.orderForm.email, { exact: true }).fill(email);
  await page.getByLabel(m.orderForm.confirmEmail).fill(email.replace("@", "@x"));
  await page.getByTestId("email-mismatch").waitFor();
  await page.getByTestId("terms").check();
  expect(await submit.isDisabled()).toBe(true);
  await page.getByLabel(m.orderForm.confirmEmail).fill(email);
  expect(await submit.isDisabled()).toBe(false);
}

function outboxMail(template: string, text: string): string | undefined {
  const dir = path.join(shop.dataDir, "outbox");
  if (!fs.existsSync(dir)) return undefined;
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".eml"))) {
    const raw = fs.readFileSync(path.join(dir, file), "latin1").replace(/=\r?\n/g, "");
    const decoded = Buffer.from(
      raw.replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      "latin1",
    ).toString("utf8");
    if (decoded.includes(`X-Dorsal-Template: ${template}`) && decoded.includes(text)) return decoded;
  }
  return undefined;
}

describe.each(LANGS)("orders in %s", (lang) => {
  const m = MESSAGES[lang];

  it("cart → checkout → demo payment approved → purchase page → photo download → zip → e-mail", async () => {
    const { context, page, errors } = await visitor();
    // Two photos through the race page's cart controls.
    await page.goto(shop.url(href("race", lang, { slug: SLUG }, { n: BIB })));
    await page.getByTestId("photo-grid").waitFor();
    const paid = runnerPhotos.filter((p) => p.free !== "1");
    for (const [i, photo] of paid.slice(0, 2).entries()) {
      const card = page.locator(`[data-testid="photo"][data-id="${photo.id}"]`);
      await card.getByTestId("add-to-cart").click();
      await card.getByTestId("in-cart").waitFor();
      // Adding opens the cart panel; its overlay closes it to keep browsing.
      if (i === 0) await page.getByTestId("cart-overlay").click({ position: { x: 40, y: 400 } });
    }
    const buy = page.getByTestId("cart-panel").getByRole("link", { name: m.cart.buy });
    if (!(await buy.isVisible())) await page.getByTestId("cart-button").click();
    await buy.click();
    await page.waitForURL((url) => url.pathname === href("checkout", lang));
    await page.getByTestId("order-form").waitFor();
    expect(await page.getByTestId("cart-button").count()).toBe(0);
    expect(await page.getByTestId("order-photo").count()).toBe(2);
    expect(await page.getByTestId("terms-link").getAttribute("href")).toBe(href("terms", lang));

    // The rest of the runner's photos straight into the cart, for the zip (10 or more photos).
    expect(runnerPhotos.length).toBeGreaterThanOrEqual(10);
    await page.evaluate((items) => localStorage.setItem("cart", JSON.stringify(items)), runnerPhotos);
    await page.reload();
    await page.getByTestId("order-form").waitFor();
    await expect.poll(() => page.getByTestId("order-photo").count()).toBe(runnerPhotos.length);

    const email = newEmail(lang);
    await fillForm(page, lang, email, lang === "es" ? "1" : "4");
    expect(await page.getByTestId("submit-order").textContent()).toBe(m.orderForm.payOnline);
    await page.getByTestId("submit-order").click();
    await page.getByTestId("processing-modal").waitFor();
    await page.getByTestId("continue").waitFor();
    expect(await page.evaluate(() => localStorage.getItem("cart"))).toBeNull();
    await page.getByTestId("continue").click();

    await page.getByTestId("pay-demo").waitFor();
    await page.getByTestId("pay-approve").click();
    await page.waitForURL((url) => url.pathname.startsWith(href("purchase", lang, { id: "x" }).slice(0, -1)));
    const id = new URL(page.url()).pathname.split("/").pop()!;
    await page.getByTestId("purchase").waitFor();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(fill(m.purchasePage.heading, { id }));
    expect(["2", "3"]).toContain(await page.getByTestId("purchase").getAttribute("data-state"));
    expect(await page.getByTestId("payment-state").textContent()).toBe(m.purchasePage.paymentPaid);
    expect(await page.getByTestId("pay-online").count()).toBe(0);
    // On a 320 px phone the page fits, and each amount of the summary stays on one line.
    await page.setViewportSize({ width: 320, height: 700 });
    expect(await sideways(page)).toBe(0);
    expect(await page.getByTestId("order-summary").locator("dd").evaluateAll(textLines)).toEqual([1, 1, 1]);
    // The heading may take two lines ("Purchase" and the id), never break the id.
    expect((await page.getByRole("heading", { level: 1 }).evaluateAll(textLines))[0]).toBeLessThanOrEqual(2);
    await page.setViewportSize({ width: 1280, height: 900 });

    // One photo: idle → spinner → check mark, and a real file.
    const button = page.getByTestId("download-photo").first();
    const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^foto-[A-Za-z0-9]+\.jpg$/);
    const file = await download.path();
    const meta = await sharp(file!).metadata();
    expect(meta).toMatchObject({ format: "jpeg", density: 300 });
    await expect.poll(() => button.getAttribute("data-state")).toBe("done");

    // The zip: create, 'this may take a few minutes', polled until the link shows, then downloaded.
    await page.getByTestId("zip-create").click();
    const zipLink = page.getByTestId("zip-link");
    await page.getByTestId("zip-working").or(zipLink).first().waitFor();
    await zipLink.waitFor({ timeout: 90_000 });
    const [zip] = await Promise.all([page.waitForEvent("download"), zipLink.click()]);
    expect(zip.suggestedFilename()).toBe(`fotos-${id}.zip`);
    expect(fs.statSync((await zip.path())!).size).toBeGreaterThan(runnerPhotos.length * 10_000);

    // The e-mail with the purchase link, in the buyer's language.
    await expect.poll(() => outboxMail("purchaseReady", email), { timeout: 20_000 }).toBeDefined();
    expect(outboxMail("purchaseReady", email)).toContain(shop.url(href("purchase", lang, { id })));
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a free-only order: GET PHOTOS, then the purchase page, paid, with downloads", async () => {
    const { context, page, errors } = await visitor();
    const free = runnerPhotos.filter((p) => p.free === "1").slice(0, 2);
    expect(free.length).toBeGreaterThan(0);
    await withCart(page, free);
    await page.goto(shop.url(href("checkout", lang)));
    await page.getByTestId("order-form").waitFor();
    await fillForm(page, lang, newEmail(lang), "3");
    expect(await page.getByTestId("submit-order").textContent()).toBe(m.orderForm.getPhotos);
    expect(await page.getByTestId("summary-total").textContent()).toBe(m.checkoutPage.free);
    await page.getByTestId("submit-order").click();
    await page.getByTestId("continue").click();
    await page.getByTestId("purchase").waitFor();
    expect(await page.getByTestId("payment-state").textContent()).toBe(m.purchasePage.paymentPaid);
    expect(await page.getByTestId("method").textContent()).toBe(m.orderTexts.methodFree);
    expect(await page.getByTestId("download-photo").count()).toBe(free.length);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a full set at the bib-range override price", async () => {
    const { context, page, errors } = await visitor();
    await page.goto(shop.url(href("fullset", lang, {}, { n: BIB, c: raceId, p: 1 })));
    await page.getByTestId("order-form").waitFor();
    const currency = lang === "es" ? "ARS" : "USD";
    expect(await page.getByTestId("summary-total").textContent()).toBe(formatMoney(currency === "ARS" ? 8_000_000 : 8_000, currency));
    await fillForm(page, lang, newEmail(lang), "2");
    expect(await page.getByTestId("summary-total").textContent()).toBe(formatMoney(8_000, "USD"));
    await page.getByTestId("submit-order").click();
    await page.getByTestId("continue").click();
    expect(await page.getByTestId("pay-demo-amount").textContent()).toBe("USD 80");
    await page.getByTestId("pay-approve").click();
    await page.getByTestId("purchase").waitFor();
    // Every visible photo of the runner when the set was bought (recognition may still be tagging others).
    const id = new URL(page.url()).pathname.split("/").pop()!;
    const bought = (await (await fetch(shop.url(`/api/purchase/${id}`))).json()) as { data: { venta: { tot_fotos: number; total_usd: number } } };
    expect(bought.data.venta.total_usd).toBe(80);
    expect(await page.getByTestId("download-photo").count()).toBe(bought.data.venta.tot_fotos);

    // Below the threshold the full-set checkout goes home.
    await page.goto(shop.url(href("fullset", lang, {}, { n: 599, c: raceId })));
    await page.waitForURL((url) => url.pathname === href("home", lang));
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a rejected payment leaves a cancelled purchase without downloads", async () => {
    const { context, page } = await visitor();
    await withCart(page, runnerPhotos.filter((p) => p.free !== "1").slice(0, 1));
    await page.goto(shop.url(href("checkout", lang)));
    await page.getByTestId("order-form").waitFor();
    await fillForm(page, lang, newEmail(lang));
    await page.getByTestId("submit-order").click();
    await page.getByTestId("continue").click();
    await page.getByTestId("pay-reject").click();
    await page.getByTestId("purchase").waitFor();
    expect(await page.getByTestId("status-badge").textContent()).toBe(m.orderStates.cancelled);
    expect(await page.getByTestId("download-photo").count()).toBe(0);
    await context.close();
  });

  it("a checkout whose purchase call fails keeps the cart and the form, with a message", async () => {
    const { context, page } = await visitor();
    const photos = runnerPhotos.filter((p) => p.free !== "1").slice(0, 2);
    await withCart(page, photos);
    await page.route("**/api/purchase?**", (route) => route.abort("failed"));
    await page.goto(shop.url(href("checkout", lang)));
    await page.getByTestId("order-form").waitFor();
    const email = newEmail(lang);
    await fillForm(page, lang, email);
    await page.getByTestId("submit-order").click();
    await page.getByTestId("order-error").waitFor();
    expect(await page.getByTestId("order-error").textContent()).toBe(m.orderForm.failed);
    expect(await page.getByTestId("processing-modal").count()).toBe(0);
    expect(await page.getByLabel(m.orderForm.email, { exact: true }).inputValue()).toBe(email);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem("cart")))!)).toHaveLength(2);

    // Once the shop answers again the same form goes through.
    await page.unroute("**/api/purchase?**");
    await page.getByTestId("submit-order").click();
    await page.getByTestId("continue").waitFor();
    await context.close();
  });

  it("a checkout whose cart holds a photo no longer for sale takes it out, says so, and goes through with the rest", async () => {
    const { context, page, errors } = await visitor();
    const [kept, other] = runnerPhotos.filter((p) => p.free !== "1");
    // A photo the photographer deleted after it was put in the cart.
    await withCart(page, [kept, { ...other, id: "deletedAfterward" }]);
    await page.goto(shop.url(href("checkout", lang)));
    await page.getByTestId("order-form").waitFor();
    expect(await page.getByTestId("summary-count").textContent()).toBe(fill(m.checkoutPage.photoCount, { count: 2 }, lang));
    await fillForm(page, lang, newEmail(lang));
    await page.getByTestId("submit-order").click();
    await page.getByTestId("order-error").waitFor();
    expect(await page.getByTestId("order-error").textContent()).toBe(fill(m.checkoutPage.leftCart, { count: 1 }, lang));
    expect(await page.getByTestId("summary-count").textContent()).toBe(fill(m.checkoutPage.photoCount, { count: 1 }, lang));
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem("cart")))!).map((p: Photo) => p.id)).toEqual([kept.id]);

    await page.getByTestId("submit-order").click();
    await page.getByTestId("continue").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a pre-order: the form, the demo payment and the pre-purchase page", async () => {
    const { context, page, errors } = await visitor();
    const presale = (await (await fetch(shop.url("/fake-api/preventa.json"))).json()) as { active: boolean; slug: string };
    expect(presale.active).toBe(true);
    await page.goto(shop.url(href("preorder", lang, { slug: presale.slug })));
    await page.getByTestId("preorder-form").waitFor();
    expect(await page.getByTestId("cart-button").count()).toBe(0);
    const email = newEmail(lang);
    await expect.poll(() => page.getByTestId("dni").isDisabled()).toBe(true);
    await page.getByTestId("country").selectOption(lang === "es" ? "1" : "2");
    await page.getByTestId("distance").selectOption({ index: 1 });
    await page.getByTestId("dni").fill("305");
    await fillFormRest(page, lang, email);
    await page.getByTestId("submit-order").click();
    await page.getByTestId("continue").click();
    await page.getByTestId("pay-approve").click();
    await page.getByTestId("prepurchase").waitFor();
    expect(new URL(page.url()).pathname).toMatch(new RegExp(`^${href("prepurchase", lang, { id: "X" }).slice(0, -1)}`));
    expect(await page.getByTestId("status-badge").textContent()).toBe(m.orderStates.paid);
    expect(await page.getByTestId("payment-state").textContent()).toBe(m.purchasePage.paymentPaid);
    expect(await page.getByTestId("prepurchase-info").textContent()).toBe(m.prepurchasePage.info);
    expect(await page.getByTestId("dni").textContent()).toBe("305");
    await expect.poll(() => outboxMail("preorderConfirmed", email), { timeout: 20_000 }).toBeDefined();

    // A race without a pre-order says so instead of failing, then goes home.
    await page.goto(shop.url(href("preorder", lang, { slug: SLUG })));
    await page.getByTestId("preorder-unavailable").waitFor();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(m.preorderPage.unavailable);
    await page.waitForURL((url) => url.pathname === href("home", lang), { timeout: 15_000 });
    // An unknown pre-purchase goes home.
    await page.goto(shop.url(href("prepurchase", lang, { id: "NoSuchPreorder12" })));
    await page.waitForURL((url) => url.pathname === href("home", lang));
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** The pre-order form after its own fields: names, e-mails, terms (country already chosen). */
async function fillFormRest(page: Page, lang: Lang, email: string) {
  const m = MESSAGES[lang];
  await page.getByLabel(m.orderForm.firstName, { exact: true }).fill("Ana");
  await page.getByLabel(m.orderForm.lastName, { exact: true }).fill("Pérez");
  await page.getByLabel(m.orderForm.email, { exact: true }).fill(email);
  await page.getByLabel(m.orderForm.confirmEmail).fill(email);
  await page.getByTestId("terms").check();
  expect(await page.getByTestId("submit-order").isDisabled()).toBe(false);
}
