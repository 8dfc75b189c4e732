import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { adminHref } from "../../app/i18n/admin-href.ts";
import { LANGS } from "../../app/i18n/langs.ts";
import { ADMIN_MESSAGES } from "../../app/i18n/messages/admin/index.ts";
import { launchBrowser, logIn, startShop, type Operator, type Shop } from "./harness.ts";

// Partners in Chromium: after a race shot by two photographers, each one logs
// in (in es, en and br) and sees exactly their own earnings, to the cent, and
// nobody else's; the admin marks the month paid and the payout file follows.

const ADMIN = { email: "owner@dorsal.test", password: "owner-pass-123456" };
const FIXTURE = path.resolve(import.meta.dirname, "../fixtures/import-basic");
const SLUG = "partners-trail-2025";

let shop: Shop;
let browser: Browser;
let admin: Operator;
const passwords: Record<"ana" | "bruno", string> = { ana: "", bruno: "" };

/** Posts a back-office form as a browser without JavaScript would; answers the page's HTML. */
async function postForm(pathname: string, fields: Record<string, string>): Promise<string> {
  const response = await fetch(shop.url(pathname), {
    method: "POST",
    body: new URLSearchParams({ ...fields, _csrf: admin.csrf }),
    headers: { cookie: admin.cookie },
    redirect: "manual",
  });
  expect(response.status, pathname).toBeLessThan(400);
  return response.text();
}

async function invitePhotographer(email: string): Promise<string> {
  const html = await postForm(adminHref("adminOperators", "en"), { intent: "invite", email, name: email.split("@")[0], role: "photographer" });
  const password = /One-time password: ([^<\s]+)/.exec(html)?.[1];
  expect(password, "the invitation shows a one-time password").toBeTruthy();
  return password!;
}

/** A cart bought and paid on the demo provider's page, as a runner would. */
async function buyAndPay(ids: string[], country: string, email: string) {
  const bought = await fetch(shop.url("/api/purchase?lang=es"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ data: { country, firstName: "Rita", lastName: "Sol", email, confirmEmail: email, images: ids.map((id) => ({ id })) } }),
  });
  expect(bought.status).toBe(200);
  const sale = ((await bought.json()) as { data: { id: string; link: string } }).data;
  const token = sale.link.split("/").pop()!;
  const paid = await fetch(shop.url(`/pay/demo/${token}`), { method: "POST", body: new URLSearchParams({ outcome: "approved" }), redirect: "manual" });
  expect(paid.status).toBeLessThan(400);
}

beforeAll(async () => {
  shop = await startShop({ env: { SEED_DEMO: "0", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
  browser = await launchBrowser();
  admin = (await logIn(shop, ADMIN.email, ADMIN.password))!;
  passwords.ana = await invitePhotographer("ana@photos.test");
  passwords.bruno = await invitePhotographer("bruno@photos.test");

  // The race's folder names who took each photo: A001 Ana, A003 Bruno (A002 is free, Ana's too).
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "dorsal-partners-"));
  fs.cpSync(path.join(FIXTURE, "photos"), path.join(folder, "photos"), { recursive: true });
  for (const extra of fs.readdirSync(path.join(folder, "photos")).filter((f) => !/^A00[123]\.jpg$/.test(f))) fs.rmSync(path.join(folder, "photos", extra));
  const race = JSON.parse(fs.readFileSync(path.join(FIXTURE, "race.json"), "utf8"));
  fs.writeFileSync(path.join(folder, "race.json"), JSON.stringify({ ...race, slug: SLUG, photographer: "ana@photos.test" }));
  fs.writeFileSync(
    path.join(folder, "photos.csv"),
    "file,bibs,free,price_ars,price_usd,sale_ars,sale_usd,photographer\nA001.jpg,101,,,,,,\nA002.jpg,102,1,,,,,\nA003.jpg,101,,6000,6,4000,4,bruno@photos.test\n",
  );
  await postForm(adminHref("adminRaces", "es"), { intent: "import", folder });
  let fotos: { id: string; id_photo: string }[] = [];
  for (let i = 0; i < 120 && fotos.length < 3; i++) {
    const api = await fetch(shop.url(`/api/fotos/${SLUG}?lang=es`));
    if (api.ok) fotos = ((await api.json()) as { data: { fotos: { id: string; id_photo: string }[] } }).data.fotos;
    if (fotos.length < 3) await new Promise((r) => setTimeout(r, 500));
  }
  const id = (frame: string) => fotos.find((f) => f.id_photo === frame)!.id;
  // Pesos: A001 at AR$ 5.000 (Ana) and A003 on sale at AR$ 4.000 (Bruno); dollars: A001 at USD 5 (Ana); and the free A002.
  await buyAndPay([id("A001"), id("A003")], "1", "pesos@example.com");
  await buyAndPay([id("A001")], "4", "dollars@example.com");
  fs.rmSync(folder, { recursive: true, force: true });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

describe.each(LANGS)("a photographer's statement in %s", (lang) => {
  const a = ADMIN_MESSAGES[lang];

  it("shows Ana exactly her own earnings, and refuses anyone else's", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    await page.goto(shop.url(adminHref("adminEarnings", lang)));
    expect(new URL(page.url()).pathname).toBe(adminHref("adminLogin", lang));
    await page.fill("input[name=email]", "ana@photos.test");
    await page.fill("input[name=password]", passwords.ana);
    await Promise.all([page.waitForURL((u) => u.pathname === adminHref("adminEarnings", lang)), page.click("form button[type=submit]")]);

    await page.getByRole("heading", { name: a.earnings.myTitle }).waitFor();
    // 70 % (the shop's default) of AR$ 5.000 and of USD 5, after no fee.
    expect(await page.textContent("[data-testid=earned-ars]")).toBe("AR$ 3.500,00");
    expect(await page.textContent("[data-testid=earned-usd]")).toBe("USD 3,50");
    expect(await page.textContent("[data-testid=sold]")).toBe("2");
    expect(await page.textContent("[data-testid=downloads]")).toBe("0");
    expect(await page.textContent("[data-testid=earnings-per-race]")).toContain("AR$ 3.500,00");
    const body = (await page.textContent("body")) ?? "";
    expect(body).not.toContain("bruno");
    expect(body).not.toContain("2.800,00");
    expect(await page.getByRole("link", { name: a.nav.orders }).count()).toBe(0);

    const csv = await page.request.get(shop.url(adminHref("adminExport", lang, { list: "earnings" })));
    expect(csv.status()).toBe(200);
    const text = await csv.text();
    expect(text).toContain("3500.00");
    expect(text).not.toContain("2800.00");

    // The admin's statement (account 1) is not hers to see.
    const refused = await page.goto(shop.url(adminHref("adminEarnings", lang, {}, { partner: 1 })));
    expect(refused?.status()).toBe(403);
    await page.getByText(a.errors.forbidden).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the admin's partners overview", () => {
  it("lists both photographers to the cent, marks Ana's month paid and leaves her out of the payout file", async () => {
    const a = ADMIN_MESSAGES.en;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(shop.url(adminHref("adminEarnings", "en")));
    await page.fill("input[name=email]", ADMIN.email);
    await page.fill("input[name=password]", ADMIN.password);
    await Promise.all([page.waitForURL((u) => u.pathname === adminHref("adminEarnings", "en")), page.click("form button[type=submit]")]);
    const table = page.locator("[data-testid=partners-month]");
    const row = (name: string) => table.locator("tr", { hasText: name });
    expect(await row("ana").textContent()).toContain("AR$ 3.500,00");
    expect(await row("bruno").textContent()).toContain("AR$ 2.800,00");

    const file = async () => (await page.request.get(shop.url(adminHref("adminExport", "en", { list: "payouts" })))).text();
    expect(await file()).toContain("ana@photos.test");
    await row("ana").locator("input[name=reference]").first().fill("TRF-42");
    await Promise.all([page.waitForURL(/notice=paid/), row("ana").locator("[data-testid=mark-paid]").first().click()]);
    await page.getByText(a.earnings.paidNotice).waitFor();
    expect(await row("ana").textContent()).toContain("TRF-42");
    const after = await file();
    expect(after).not.toContain("ana@photos.test");
    expect(after).toContain("bruno@photos.test");

    // New shares for the race, from its screen: they apply from now on, so the month's figures stay as paid.
    await page.goto(shop.url(adminHref("adminRaces", "en")));
    // The only race of this shop.
    const photosLink = (await page.locator('a[href$="/photos"]').first().getAttribute("href")) ?? "";
    const raceId = Number(/\/races\/(\d+)\/photos$/.exec(photosLink)?.[1]);
    expect(raceId).toBeGreaterThan(0);
    await page.goto(shop.url(adminHref("adminRaceShares", "en", { raceId })));
    await page.fill("input[name=photographer]", "60");
    await page.fill("input[name=organizer]", "0");
    await page.fill("input[name=shop]", "40");
    await Promise.all([page.waitForURL(/notice=saved/), page.click("[data-testid=shares-form] button[type=submit]")]);
    await page.getByText(a.shares.saved).waitFor();
    expect(await page.textContent("[data-testid=shares-history]")).toContain("60 %");
    await page.fill("input[name=photographer]", "60");
    await page.fill("input[name=shop]", "30");
    await page.click("[data-testid=shares-form] button[type=submit]");
    await page.getByText(a.errors.sharesNotHundred).waitFor();
    await page.goto(shop.url(adminHref("adminEarnings", "en")));
    expect(await row("ana").textContent()).toContain("AR$ 3.500,00");
    await context.close();
  });
});
