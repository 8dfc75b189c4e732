import fs from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { totalsIn } from "../../app/cart/cart-item.ts";
import { parseTiers } from "../../app/cart/discount-tiers.ts";
import { formatMoney } from "../../app/domain/money.ts";
import { currencyForLang, type DiscountTier } from "../../app/domain/pricing.ts";
import { href, translatePath } from "../../app/i18n/href.ts";
import { LANGS, type Lang } from "../../app/i18n/langs.ts";
import { fill } from "../../app/i18n/messages/index.ts";
import { MESSAGES } from "../../app/i18n/messages/all.ts";
import type { PhotoData, RaceData } from "../../app/storefront/race-data.ts";
import { DEMO_RACES } from "../../app/.server/demo/demo-races.ts";
import { demoStartList } from "../../app/.server/demo/start-list.ts";
import { axeViolations } from "./axe.ts";
import { launchBrowser, sideways, startShop, type Shop, textLines } from "./harness.ts";

// The storefront's browsing side in Chromium, once per language: find a race,
// search a bib, look at photos, fill the cart, switch language, come back.

const SLUG = "tetra-chapelco-2025";
const BIB = 305;
/** The demo races open for pre-order and still in preparation. */
const PRESALE = "patagonia-run-2026";
const PREPARING = "ultra-fiambala-2025";

let shop: Shop;
let browser: Browser;
let tiers: DiscountTier[];

beforeAll(async () => {
  // Behind a proxy on loopback (TRUST_PROXY, as a deployment behind one sets it): a test may speak for a runner of another address.
  shop = await startShop({ env: { TRUST_PROXY: "loopback" } });
  browser = await launchBrowser();
  tiers = parseTiers(await (await fetch(shop.url("/fake-api/descuentos.json"))).json());
}, 1_800_000); // the first e2e run after a server change seeds the demo shop once (minutes on two busy cores)

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

async function racePhotos(lang: Lang, query: Record<string, string | number> = {}): Promise<RaceData> {
  const params = new URLSearchParams({ lang, ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });
  const response = await fetch(shop.url(`/api/fotos/${SLUG}?${params}`));
  return ((await response.json()) as { data: RaceData }).data;
}

/** A fresh visitor (empty local storage) whose page errors fail the test. */
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

/** Photo cards drawn late are the size they were skipped at: scrolled to, the race page's pager stays where it was. */
async function expectPagerStill(page: Page) {
  const pager = page.getByTestId("pagination");
  const pagerTop = () => pager.evaluate((el) => Math.round(el.getBoundingClientRect().top + window.scrollY));
  const laidOut = await pagerTop();
  await pager.scrollIntoViewIfNeeded();
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  expect(await pagerTop()).toBe(laidOut);
}

/** Waits for a page to settle: the test shop also imports a large race in the background. */
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 30_000, interval: 100 });

const path = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

describe.each(LANGS)("storefront in %s", (lang) => {
  const m = MESSAGES[lang];
  const currency = currencyForLang(lang);

  it("finds a runner's photos, fills the cart with a discount, keeps it across languages and reloads", async () => {
    const { context, page, errors } = await visitor();
    await page.goto(shop.url(href("home", lang)));
    expect(await page.title()).toBe(m.brand.title);

    // The picker becomes a text filter; the match ignores case.
    await page.getByTestId("race-picker").click();
    const filter = page.getByTestId("race-filter");
    await filter.fill("CHAPEL");
    const options = page.getByRole("option");
    await poll(() => options.count()).toBe(1);
    await filter.press("Enter");
    await poll(() => page.getByTestId("race-picker").textContent()).toContain("Tetra Chapelco");

    await page.getByLabel(m.home.bibLabel).fill(`+${BIB}`);
    await page.getByRole("button", { name: m.home.search }).click();
    await page.waitForURL((url) => url.pathname + url.search === href("race", lang, { slug: SLUG }, { n: BIB }));
    await page.getByTestId("photo-grid").waitFor();
    expect(await page.getByTestId("runner-heading").textContent()).toBe(fill(m.race.runner, { n: BIB }));
    await poll(() => page.title()).toBe(`${fill(m.race.titleRunner, { race: "Tetra Chapelco", runner: BIB })} · ${m.brand.name}`);

    const data = await racePhotos(lang, { n: BIB });
    expect(await page.getByTestId("result-count").textContent()).toBe(fill(m.race.found, { count: data.found_rows }, lang));
    expect(await page.getByTestId("photo").count()).toBe(data.fotos.length);
    // Free photos first, then the full-set offer for a runner with enough photos.
    expect(data.fotos[0].free).toBe("1");
    expect(await page.getByTestId("fullset-offer").isVisible()).toBe(data.found_rows >= data.fullin_fotos);
    expect(await page.getByTestId("fullset-total").textContent()).toBe(formatMoney((lang === "es" ? data.fullin_arg : data.fullin_usd) * 100, currency));

    // The lightbox: opens by click, moves with the keyboard, toggles its captions, closes with Escape.
    await page.getByTestId("photo").first().getByRole("link").click();
    const lightbox = page.getByTestId("lightbox");
    await lightbox.waitFor();
    expect(new URL(page.url()).searchParams.get("foto")).toBe(data.fotos[0].id);
    expect(await page.getByTestId("lightbox-image").getAttribute("src")).toBe(data.fotos[0].src_media);
    await page.keyboard.press("ArrowRight");
    await poll(() => lightbox.getAttribute("data-photo")).toBe(data.fotos[1].id);
    await page.getByTestId("lightbox-stage").click({ position: { x: 30, y: 200 } });
    await poll(() => lightbox.getAttribute("data-captions")).toBe("off");
    await page.getByTestId("lightbox-stage").click({ position: { x: 30, y: 200 } });
    await poll(() => lightbox.getAttribute("data-captions")).toBe("on");
    expect(await page.getByTestId("lightbox-hint").textContent()).toBe(m.lightbox.captionsHint);
    expect(await page.getByTestId("lightbox-hint").isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await lightbox.waitFor({ state: "detached" });
    expect(new URL(page.url()).searchParams.has("foto")).toBe(false);

    // Three paid photos: the panel slides in on each add, the overlay closes it.
    const paid: PhotoData[] = data.fotos.filter((f) => f.free !== "1").slice(0, 3);
    const panel = page.getByTestId("cart-panel");
    for (const [i, photo] of paid.entries()) {
      const card = page.locator(`[data-testid=photo][data-id="${photo.id}"]`);
      await card.getByTestId("add-to-cart").click();
      await poll(() => panel.getAttribute("data-open")).toBe("true");
      await card.getByTestId("in-cart").waitFor();
      if (i < paid.length - 1) {
        await page.getByTestId("cart-overlay").click({ position: { x: 40, y: 400 } });
        await poll(() => panel.getAttribute("data-open")).toBe("false");
      }
    }
    const totals = totalsIn(paid, tiers, currency);
    expect(totals.discountPercent).toBe(15);
    expect(await page.getByTestId("cart-count").textContent()).toBe(fill(m.cart.count, { count: 3 }));
    expect(await page.getByTestId("cart-discount").textContent()).toBe(fill(m.cart.discount, { percent: 15 }));
    expect(await page.getByTestId("cart-total").textContent()).toBe(formatMoney(totals.total, currency));
    expect(await page.getByTestId("cart-button-total").textContent()).toBe(formatMoney(totals.total, currency));
    await page.keyboard.press("Escape");
    await poll(() => panel.getAttribute("data-open")).toBe("false");

    // The language switch keeps the screen and the query; prices follow the language's currency.
    const other: Lang = lang === "es" ? "en" : lang === "en" ? "br" : "es";
    await page.getByLabel(m.nav.language).click();
    await page.getByRole("link", { name: m.langs[other] }).click();
    const target = href("race", other, { slug: SLUG }, { n: BIB });
    expect(translatePath(href("race", lang, { slug: SLUG }, { n: BIB }), other)).toBe(target);
    await page.waitForURL((url) => url.pathname + url.search === target);
    const otherTotal = formatMoney(totalsIn(paid, tiers, currencyForLang(other)).total, currencyForLang(other));
    await poll(() => page.getByTestId("cart-button-total").textContent()).toBe(otherTotal);

    // The cart and the panel's open state survive a reload.
    await page.getByTestId("cart-button").click();
    await poll(() => panel.getAttribute("data-open")).toBe("true");
    await page.reload();
    await poll(() => page.getByTestId("cart-button-total").textContent()).toBe(otherTotal);
    await poll(() => panel.getAttribute("data-open")).toBe("true");
    expect(await page.getByTestId("cart-item").count()).toBe(3);
    // Removing from the panel updates the grid and the total.
    await page.getByTestId("cart-item").first().getByRole("button").click();
    await poll(() => page.getByTestId("cart-item").count()).toBe(2);
    expect(await page.getByTestId("cart-discount").count()).toBe(0);

    // No cart button on the checkout pages.
    await page.goto(shop.url(href("checkout", lang)));
    expect(await page.getByTestId("cart-button").count()).toBe(0);

    expect(errors).toEqual([]);
    await context.close();
  });

  it("asks for the race's hero before its scripts, and turns interactive once they load (checkout keeps its preloads)", async () => {
    const { context, page, errors } = await visitor({ viewport: { width: 390, height: 844 } });
    const asked: string[] = [];
    page.on("request", (request) => asked.push(request.resourceType()));
    const url = shop.url(href("race", lang, { slug: SLUG }));
    const html = await (await fetch(url)).text();
    // No script preloads in the head to share a slow line with the photo; the module script still names them.
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toMatch(/<script[^>]*type="module"/);
    // Checkout is drawn from the cart the browser keeps: its scripts are its content and stay preloaded.
    expect(await (await fetch(shop.url(href("checkout", lang)))).text()).toContain('rel="modulepreload"');
    await page.goto(url);
    expect(asked.indexOf("image")).toBeGreaterThanOrEqual(0);
    expect(asked.indexOf("image")).toBeLessThan(asked.indexOf("script"));
    await page.waitForFunction(() => (window as { __reactRouterDataRouter?: { state: { initialized: boolean } } }).__reactRouterDataRouter?.state.initialized);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("draws a phone's photo cards, sale ones too, at the size they were skipped at", async () => {
    const { context, page, errors } = await visitor({ viewport: { width: 390, height: 844 } });
    await page.goto(shop.url(href("race", lang, { slug: SLUG })));
    await page.getByTestId("pagination").waitFor();
    // The first page has a photo on sale: its old and new prices take two lines on a narrow card.
    expect(await page.getByTestId("sale-badge").count()).toBeGreaterThan(0);
    expect(await page.getByTestId("cart-needs-script").count()).toBe(0);
    await expectPagerStill(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("fits phones from 320 px: no page scrolls sideways, with paid photos in the cart", async () => {
    const { context, page, errors } = await visitor({ viewport: { width: 320, height: 640 } });
    await page.goto(shop.url(href("race", lang, { slug: SLUG }, { n: BIB })));
    await page.getByTestId("photo-grid").waitFor();
    const data = await racePhotos(lang, { n: BIB });
    const paid = data.fotos.filter((f) => f.free !== "1").slice(0, 3);
    for (const photo of paid) {
      const card = page.locator(`[data-testid=photo][data-id="${photo.id}"]`);
      await card.getByTestId("add-to-cart").click();
      await card.getByTestId("in-cart").waitFor();
      await page.keyboard.press("Escape");
      await poll(() => page.getByTestId("cart-panel").getAttribute("data-open")).toBe("false");
    }
    // A total in pesos five digits long, beside the tag chips' scroller, at each width where the top bar changes.
    expect(await page.getByTestId("cart-button-total").textContent()).toBe(formatMoney(totalsIn(paid, tiers, currency).total, currency));
    for (const width of [320, 359, 360, 419, 420, 479, 480]) {
      await page.setViewportSize({ width, height: 640 });
      expect(await sideways(page), `${width} px`).toBe(0);
    }
    await page.setViewportSize({ width: 320, height: 640 });
    // In the cart panel the struck subtotal and the discount each stay on one line.
    await page.getByTestId("cart-button").click();
    await poll(() => page.getByTestId("cart-panel").getAttribute("data-open")).toBe("true");
    expect(
      await page.getByTestId("cart-panel").locator("[data-testid=cart-subtotal], [data-testid=cart-discount], [data-testid=cart-total]").evaluateAll(textLines),
    ).toEqual([1, 1, 1]);
    await page.keyboard.press("Escape");
    // The contact link keeps its name when only its envelope shows.
    await page.getByRole("banner").getByRole("link", { name: m.nav.contact }).click();
    await page.waitForURL((url) => url.pathname === href("contact", lang));
    expect(await sideways(page)).toBe(0);
    for (const path of [href("home", lang), href("race", lang, { slug: SLUG }), href("checkout", lang)]) {
      await page.goto(shop.url(path));
      await page.waitForLoadState("networkidle");
      expect(await sideways(page), path).toBe(0);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it("pages through a race and filters it by tag, with real links", async () => {
    const { context, page, errors } = await visitor();
    const all = await racePhotos(lang);
    expect(all.found_pages).toBeGreaterThan(2);
    await page.goto(shop.url(href("race", lang, { slug: SLUG })));
    await page.getByTestId("pagination").waitFor();
    expect(await page.getByTestId("result-count").textContent()).toBe(fill(m.race.found, { count: all.found_rows }, lang));
    const firstId = await page.getByTestId("photo").first().getAttribute("data-id");
    expect(firstId).toBe(all.fotos[0].id);

    await expectPagerStill(page);

    // Each page change shows skeletons, then the new photos: wait for what the API says.
    await page.getByTestId("page-next").click();
    await page.waitForURL((url) => url.searchParams.get("p") === "2");
    const page2 = await racePhotos(lang, { p: 2 });
    await poll(() => page.getByTestId("photo").first().getAttribute("data-id")).toBe(page2.fotos[0].id);
    expect(await page.getByRole("link", { name: fill(m.pager.page, { n: 2 }) }).getAttribute("aria-current")).toBe("page");

    const last = await racePhotos(lang, { p: all.found_pages });
    await page.getByTestId("page-last").click();
    await page.waitForURL((url) => url.searchParams.get("p") === String(all.found_pages));
    await poll(() => page.getByTestId("photo").first().getAttribute("data-id")).toBe(last.fotos[0].id);
    expect(await page.getByTestId("page-next").count()).toBe(0);
    await page.getByTestId("page-first").click();
    await page.waitForURL((url) => url.pathname === href("race", lang, { slug: SLUG }) && !url.searchParams.has("p"));
    await poll(() => page.getByTestId("photo").first().getAttribute("data-id")).toBe(all.fotos[0].id);

    // Tag chips: the race's tags in this language; a chip restarts at page 1.
    const tag = all.tags[0];
    const chips = page.getByTestId("tag-chips");
    await poll(() => chips.getByRole("link").allTextContents()).toEqual(
      [m.race.all, ...all.tags.map((t) => t.nombre)].map((name) => `${m.race.tagChipPrefix} ${name}`),
    );
    await chips.getByRole("link", { name: tag.nombre }).click();
    await page.waitForURL((url) => url.searchParams.get("t") === tag.slug);
    const tagged = await racePhotos(lang, { t: tag.slug });
    await poll(() => page.getByTestId("result-count").textContent()).toBe(fill(m.race.found, { count: tagged.found_rows }, lang));
    expect(await chips.getByRole("link", { name: tag.nombre }).getAttribute("aria-current")).toBe("page");
    await chips.getByRole("link", { name: m.race.all }).click();
    await page.waitForURL((url) => !url.searchParams.has("t"));
    await poll(() => page.getByTestId("result-count").textContent()).toBe(fill(m.race.found, { count: all.found_rows }, lang));

    // A runner without photos: the empty state (this race has a start list, which has no 99999: said above it).
    await page.getByLabel(m.race.searchLabel).fill("99999");
    await page.getByRole("button", { name: m.race.searchButton }).click();
    await page.getByTestId("empty-state").waitFor();
    expect(await page.getByTestId("empty-state").textContent()).toContain(m.race.noResults);
    expect(await page.getByTestId("unregistered-number").getByRole("heading").textContent()).toBe(fill(m.race.unregistered, { n: 99999 }));

    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a message and a retry when the photos cannot be loaded, keeping the cart", async () => {
    const { context, page } = await visitor();
    await page.goto(shop.url(href("races", lang)));
    await page.getByTestId("race-list").waitFor();
    await page.evaluate(() =>
      localStorage.setItem("cart", JSON.stringify([{ id: "kept", free: "0", precio_arg: 5000, descuento_arg: 0, precio_usd: 5, descuento_usd: 0 }])),
    );
    await page.reload();
    const kept = formatMoney(500_000, "ARS") === "AR$ 5.000" ? formatMoney(currency === "ARS" ? 500_000 : 500, currency) : "";
    await poll(() => page.getByTestId("cart-button-total").textContent()).toBe(kept);

    await page.route("**/api/fotos/**", (route) => route.abort("internetdisconnected"));
    await page.getByTestId("race-list").getByRole("link").filter({ hasText: "Tetra Chapelco" }).click();
    const failed = page.getByTestId("photos-failed");
    await failed.waitFor();
    expect(await failed.textContent()).toContain(m.race.loadFailed);
    expect(await page.getByTestId("cart-button-total").textContent()).toBe(kept);

    await page.unroute("**/api/fotos/**");
    await page.getByTestId("retry").click();
    await page.getByTestId("photo-grid").waitFor();
    expect(await page.getByTestId("photos-failed").count()).toBe(0);
    expect(await page.getByTestId("cart-button-total").textContent()).toBe(kept);
    await context.close();
  });

  it("marks races open for pre-order or still in preparation, and leads from the race page to the pre-order", async () => {
    const { context, page } = await visitor({ viewport: { width: 390, height: 844 } });
    await page.goto(shop.url(href("races", lang)));
    const card = (slug: string) => page.locator("article", { has: page.locator(`a[href="${href("race", lang, { slug })}"]`) });
    await poll(() => card(PRESALE).getByTestId("race-badge").textContent()).toBe(m.common.preorderOpen);
    await poll(() => card(PREPARING).getByTestId("race-badge").textContent()).toBe(m.common.photosComing);
    expect(await card(SLUG).getByTestId("race-badge").count()).toBe(0);

    await card(PRESALE).getByRole("link").click();
    await page.waitForURL((url) => url.pathname === href("race", lang, { slug: PRESALE }));
    await page.getByTestId("presale-banner").getByRole("link", { name: m.home.presaleCta }).click();
    await page.waitForURL((url) => url.pathname === href("preorder", lang, { slug: PRESALE }));
    await context.close();
  });

  it("works without JavaScript: search form, deep-linked lightbox, pagination, and says the cart needs it", async () => {
    const { context, page } = await visitor({ javaScriptEnabled: false });
    await page.goto(shop.url(href("home", lang)));
    await page.locator("select[name=race]").selectOption(SLUG);
    await page.getByLabel(m.home.bibLabel).fill(String(BIB));
    await page.getByRole("button", { name: m.home.search }).click();
    await page.waitForURL((url) => url.pathname + url.search === href("race", lang, { slug: SLUG }, { n: BIB }));
    // The cart lives in the browser: the page says buying needs JavaScript, and the checkout says so rather than "loading".
    expect(await page.getByTestId("cart-needs-script").textContent()).toBe(m.cart.needsScript);

    const data = await racePhotos(lang, { n: BIB });
    await page.getByTestId("photo").first().getByRole("link").click();
    await page.getByTestId("lightbox").waitFor();
    expect(await page.getByTestId("lightbox").getByTestId("cart-needs-script").isVisible()).toBe(true);
    // Tapping the photo to toggle its details needs JavaScript: no hint of it.
    expect(await page.getByTestId("lightbox-hint").isVisible()).toBe(false);
    expect(new URL(page.url()).searchParams.get("foto")).toBe(data.fotos[0].id);
    await page.getByTestId("lightbox-next").click();
    await page.waitForURL((url) => url.searchParams.get("foto") === data.fotos[1].id);
    await page.getByTestId("lightbox-close").click();
    await page.waitForURL((url) => !url.searchParams.has("foto"));
    expect(await page.getByTestId("lightbox").count()).toBe(0);

    await page.goto(shop.url(href("race", lang, { slug: SLUG })));
    await page.getByTestId("page-next").click();
    await page.waitForURL((url) => url.searchParams.get("p") === "2");
    expect(await page.getByTestId("photo").count()).toBeGreaterThan(0);

    await page.goto(shop.url(href("checkout", lang)));
    expect(await page.getByTestId("cart-needs-script").isVisible()).toBe(true);
    expect(await page.getByTestId("checkout-loading").isVisible()).toBe(false);
    await context.close();
  });
});

describe.each(LANGS)("not finding your photos, in %s", (lang) => {
  const m = MESSAGES[lang];

  it.each([true, false])("leads a runner to the photos taken when they passed (JavaScript %s)", async (javaScriptEnabled) => {
    const { context, page, errors } = await visitor({ javaScriptEnabled });
    const mine = (await racePhotos(lang, { n: BIB })).fotos[0];
    const clock = mine.fechahora.slice(11, 16);
    await page.goto(shop.url(href("race", lang, { slug: SLUG }, { n: BIB })));
    const box = page.getByTestId("find-by-time");
    await box.getByRole("heading", { name: m.race.findTitle }).waitFor();
    await box.getByLabel(m.race.findTime).fill(clock);
    await box.getByRole("button", { name: m.race.findButton }).click();
    await page.waitForURL((url) => url.searchParams.get("h") === clock && !url.searchParams.has("n"));
    expect(await page.getByTestId("around-heading").textContent()).toContain(clock.slice(0, 2));
    // The runner's own photo is among those taken around then, as is everyone else's.
    await poll(() => page.locator(`[data-testid="photo"] a[href*="foto=${mine.id}"]`).count()).toBe(1);
    const around = await racePhotos(lang, { h: clock });
    expect(around.found_rows).toBeGreaterThan(1);
    await poll(() => page.getByTestId("result-count").textContent()).toBe(fill(m.race.found, { count: around.found_rows }, lang));
    await page.getByRole("link", { name: m.race.aroundClear }).click();
    await page.waitForURL((url) => !url.searchParams.has("h"));
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** The name the demo's start list registers under a bib, as a runner would type it: no accents, no capitals. */
function typedNameOf(bib: number): string {
  const line = demoStartList(DEMO_RACES.find((r) => r.file.slug === SLUG)!)
    .split("\n")
    .find((l) => l.startsWith(`${bib},`))!;
  return line.split(",")[1].normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

describe.each(LANGS)("a forgotten number in %s", (lang) => {
  const m = MESSAGES[lang];

  it.each([true, false])("is found by the runner's name, and leads to their photos (JavaScript %s)", async (javaScriptEnabled) => {
    const { context, page, errors } = await visitor({ javaScriptEnabled });
    const typed = typedNameOf(BIB);
    const photos = (await racePhotos(lang, { n: BIB })).found_rows;
    await page.goto(shop.url(href("race", lang, { slug: SLUG })));
    const box = page.getByTestId("find-by-name");
    await box.getByText(m.race.nameTitle).click();
    await box.getByLabel(m.race.nameLabel).fill(typed);
    await box.getByRole("button", { name: m.race.nameButton }).click();
    await page.waitForURL((url) => url.searchParams.get("q") === typed);
    const runner = page.getByTestId("named-runners").getByRole("link", { name: new RegExp(`#${BIB}\\b`) });
    await runner.waitFor();
    expect(await runner.textContent()).toContain(fill(m.race.namePhotos, { count: photos }, lang));
    // axe runs in the page's JavaScript: checked where there is some.
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
    await runner.click();
    await page.waitForURL((url) => url.searchParams.get("n") === String(BIB) && !url.searchParams.has("q"));
    await poll(() => page.getByTestId("runner-heading").textContent()).toBe(fill(m.race.runner, { n: BIB }));
    await poll(() => page.getByTestId("result-count").textContent()).toBe(fill(m.race.found, { count: photos }, lang));

    // Less than a first and a last name is told beside the form, in the page's language.
    await page.goto(shop.url(`${href("race", lang, { slug: SLUG })}?q=${encodeURIComponent(typed.split(" ")[1])}`));
    await poll(() => page.getByTestId("name-problem").textContent()).toBe(m.errors.invalidName);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** The demo race's registered bibs, in start-list order. */
const registeredBibs = () =>
  demoStartList(DEMO_RACES.find((r) => r.file.slug === SLUG)!)
    .split("\n")
    .slice(1)
    .map((line) => Number(line.split(",")[0]))
    .filter(Boolean);

/** The first `count` of `bibs` that no photo shows. */
async function unphotographed(lang: Lang, bibs: number[], count: number): Promise<number[]> {
  const bare: number[] = [];
  for (const bib of bibs) {
    if (bare.length === count) break;
    if ((await racePhotos(lang, { n: bib })).found_rows === 0) bare.push(bib);
  }
  return bare;
}

describe.each(LANGS)("a number nobody registered in %s", (lang) => {
  const m = MESSAGES[lang];

  it.each([true, false])("is told so, with the registered number it may be, one tap away (JavaScript %s)", async (javaScriptEnabled) => {
    // The runner's bib, a zero too many.
    const typed = BIB * 10;
    expect(registeredBibs()).toContain(BIB);
    expect(registeredBibs()).not.toContain(typed);
    const { context, page, errors } = await visitor({ javaScriptEnabled, viewport: { width: 390, height: 850 } });
    await page.goto(shop.url(href("race", lang, { slug: SLUG }, { n: typed })));
    const notice = page.getByTestId("unregistered-number");
    await poll(() => notice.getByRole("heading").textContent()).toBe(fill(m.race.unregistered, { n: typed }));
    // Above the spec's empty state; no "tell me when photos of it turn up": the number is what is wrong.
    expect(await page.getByTestId("empty-state").textContent()).toContain(m.race.noResults);
    expect(await page.getByTestId("watch-bib").count()).toBe(0);
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
    const theirs = notice.getByTestId("near-number").filter({ hasText: `#${BIB}` });
    await theirs.click();
    await poll(() => page.getByTestId("runner-heading").textContent()).toBe(fill(m.race.runner, { n: BIB }));
    expect(new URL(page.url()).searchParams.get("n")).toBe(String(BIB));
    expect(await page.getByTestId("photo").count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe.each(LANGS)("hearing of a number's photos later in %s", (lang) => {
  const m = MESSAGES[lang];
  /** A registered runner of the demo race no photo shows. */
  let bare: number;
  beforeAll(async () => {
    [bare] = await unphotographed(lang, registeredBibs(), 1);
  });
  /** The notices written to an address so far. */
  const mailsTo = (email: string) => {
    const dir = join(shop.dataDir, "outbox");
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .map((f) => fs.readFileSync(join(dir, f), "utf8"))
      .filter((eml) => eml.includes(`\r\nTo: ${email}\r\n`));
  };

  it.each([true, false])("offers to write when a photo of it turns up (JavaScript %s)", async (javaScriptEnabled) => {
    const { context, page, errors } = await visitor({ javaScriptEnabled, viewport: { width: 390, height: 850 } });
    const email = `watch-${lang}-${javaScriptEnabled}@example.com`;
    await page.goto(shop.url(href("race", lang, { slug: SLUG }, { n: bare })));
    await poll(() => page.getByTestId("result-count").textContent()).toBe(fill(m.race.found, { count: 0 }, lang));
    const box = page.getByTestId("watch-bib");
    await poll(() => box.getByRole("heading").textContent()).toBe(fill(m.notify.watchHeading, { n: bare }));
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
    await box.getByLabel(m.notify.firstName, { exact: true }).fill("Lucía");
    await box.getByLabel(m.notify.lastName, { exact: true }).fill("Quiroga");
    await box.getByLabel(m.notify.email, { exact: true }).fill(email);
    await box.getByRole("button", { name: m.notify.submit }).click();
    // Without JavaScript the post comes back to the runner's own photos, not the race's.
    if (!javaScriptEnabled) await page.waitForURL((url) => url.searchParams.get("notify") === "ok" && url.searchParams.get("n") === String(bare));
    await poll(() => page.getByTestId("watch-bib").getByRole("status").textContent()).toBe(fill(m.notify.watchSuccess, { n: bare }));
    await expect.poll(() => mailsTo(email).filter((eml) => eml.includes("X-Dorsal-Template: photosWatched")).length, { timeout: 20_000 }).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([true, false])("offers to write when more photos of it turn up, under the runner's photos (JavaScript %s)", async (javaScriptEnabled) => {
    // A runner of their own address (the shop trusts the proxy on loopback here): the notify limit counts per address.
    const address = `198.51.100.${LANGS.indexOf(lang) * 2 + (javaScriptEnabled ? 1 : 2)}`;
    const viewport = { width: 390, height: 850 };
    const { context, page, errors } = await visitor({ javaScriptEnabled, viewport, extraHTTPHeaders: { "x-forwarded-for": address } });
    const email = `more-${lang}-${javaScriptEnabled}@example.com`;
    await page.goto(shop.url(href("race", lang, { slug: SLUG }, { n: BIB })));
    await page.getByTestId("photo-grid").waitFor();
    expect(await page.getByTestId("watch-bib").count()).toBe(0);
    const box = page.getByTestId("watch-more");
    // Closed under the photos until the runner opens it.
    expect(await box.getByLabel(m.notify.email, { exact: true }).isVisible()).toBe(false);
    await box.getByText(fill(m.notify.watchMoreHeading, { n: BIB }), { exact: true }).click();
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
    await box.getByLabel(m.notify.firstName, { exact: true }).fill("Lucía");
    await box.getByLabel(m.notify.lastName, { exact: true }).fill("Quiroga");
    await box.getByLabel(m.notify.email, { exact: true }).fill(email);
    await box.getByRole("button", { name: m.notify.submit }).click();
    if (!javaScriptEnabled) await page.waitForURL((url) => url.searchParams.get("notify") === "ok" && url.searchParams.get("n") === String(BIB));
    await poll(() => page.getByTestId("watch-more").getByRole("status").textContent()).toBe(fill(m.notify.watchMoreSuccess, { n: BIB }));
    // The photos the page showed are the ones they saw: a confirmation, and no "photos found" for those.
    await expect.poll(() => mailsTo(email).filter((eml) => eml.includes("X-Dorsal-Template: photosWatched")).length, { timeout: 20_000 }).toBe(1);
    expect(mailsTo(email).filter((eml) => eml.includes("X-Dorsal-Template: photosFound"))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe.each(LANGS)("a runner who finds themselves in a photo in %s", (lang) => {
  const m = MESSAGES[lang];
  /** Registered runners of the demo race no photo shows, one for each language and way (the last of the list). */
  let bare: number[];
  beforeAll(async () => {
    bare = await unphotographed(
      lang,
      registeredBibs()
        .reverse()
        .slice(LANGS.indexOf(lang) * 20),
      2,
    );
  });

  it.each([true, false])("says 'this is me' with their number and finds the photo among theirs that might be (JavaScript %s)", async (javaScriptEnabled) => {
    const bib = bare[javaScriptEnabled ? 0 : 1];
    const { context, page, errors } = await visitor({ javaScriptEnabled, viewport: { width: 390, height: 850 } });
    // Browsing by the time they passed, as "not finding your photos?" offers.
    const passed = (await racePhotos(lang, { p: 2 })).fotos[0].fechahora.slice(11, 16);
    await page.goto(shop.url(href("race", lang, { slug: SLUG }, { h: passed })));
    const card = page.getByTestId("photo").nth(javaScriptEnabled ? 1 : 2);
    const photoId = await card.getAttribute("data-id");
    await card.getByRole("link").click();
    const viewer = page.getByTestId("lightbox");
    await viewer.waitFor();
    // The whole screen, though sections follow the photos on this page.
    expect(await viewer.evaluate((el) => el.getBoundingClientRect().height)).toBe(850);
    await viewer.getByText(m.lightbox.claimOpen, { exact: true }).click();
    await viewer.getByLabel(m.lightbox.claimNumber, { exact: true }).fill(String(bib));
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
    await viewer.getByRole("button", { name: m.lightbox.claimSubmit, exact: true }).click();
    if (javaScriptEnabled) {
      const answer = viewer.getByTestId("claim-answer");
      await poll(() => answer.textContent()).toBe(`${fill(m.lightbox.claimPending, { n: bib })} ${m.lightbox.claimPendingLink}`);
      await answer.getByRole("link", { name: m.lightbox.claimPendingLink }).click();
      await page.waitForURL((url) => url.searchParams.get("n") === String(bib) && url.searchParams.get("m") === "1");
    } else {
      // Without JavaScript the post goes on to the runner's photos that might be theirs, and says so.
      await page.waitForURL((url) => url.searchParams.get("claim") === "pending" && url.searchParams.get("m") === "1");
      await poll(() => page.getByRole("status").filter({ hasText: m.race.claimThanks }).count()).toBe(1);
    }
    await poll(() => page.getByTestId("might-be-you-heading").textContent()).toBe(fill(m.race.maybeHeading, { n: bib }));
    await poll(() => page.locator(`[data-testid=photo][data-id="${photoId}"]`).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe.each(LANGS)("accessibility in %s", (lang) => {
  it("has no serious or critical axe-core violation on the browsing screens, at phone and desktop width", async () => {
    for (const width of [390, 1280]) {
      const { context, page } = await visitor({ viewport: { width, height: 850 } });
      const found: string[] = [];
      const check = async (label: string) => {
        found.push(...(await axeViolations(page)).map((v) => `${label} @${width}: ${v}`));
      };
      await page.goto(shop.url(href("home", lang)));
      await page.getByTestId("race-picker").click();
      await check("home with the picker open");
      await page.goto(shop.url(href("races", lang)));
      await check("races");
      await page.goto(shop.url(href("race", lang, { slug: SLUG }, { n: BIB })));
      await page.getByTestId("photo-grid").waitFor();
      await check("race");
      await page.locator('[data-testid=photo][data-free="0"]').first().getByTestId("add-to-cart").click();
      await poll(() => page.getByTestId("cart-panel").getAttribute("data-open")).toBe("true");
      await check("cart panel");
      await page.keyboard.press("Escape");
      await page.getByTestId("photo").first().getByRole("link").click();
      await page.getByTestId("lightbox").waitFor();
      await check("lightbox");
      expect(found).toEqual([]);
      await context.close();
    }
  });
});

describe("redirects", () => {
  it("sends unknown paths and /es home, and drops a bad runner number", async () => {
    const { context, page } = await visitor();
    for (const [from, to] of [
      ["/no/such/page", "/"],
      ["/en/nothing-here", "/"],
      ["/es", "/"],
      ["/es/carreras", "/carreras"],
      [`/carrera/${SLUG}?n=0`, `/carrera/${SLUG}`],
      [`/en/race/${SLUG}?n=12a&t=cumbre`, `/en/race/${SLUG}?t=cumbre`],
      ["/carreras?race=tetra-chapelco-2025&n=%2B305", `/carrera/${SLUG}?n=305`],
    ]) {
      await page.goto(shop.url(from));
      expect(path(page), from).toBe(to);
    }
    await context.close();
  });
});
