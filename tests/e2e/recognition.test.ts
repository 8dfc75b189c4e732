import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { adminHref } from "../../app/i18n/admin-href.ts";
import { href } from "../../app/i18n/href.ts";
import { LANGS, type Lang } from "../../app/i18n/langs.ts";
import { fill } from "../../app/i18n/messages/index.ts";
import { axeViolations } from "./axe.ts";
import { launchBrowser, startShop, type Shop } from "./harness.ts";
import { ADMIN_MESSAGES } from "../../app/i18n/messages/admin/index.ts";
import { MESSAGES } from "../../app/i18n/messages/all.ts";

// The review queue of automatic bib recognition in Chromium, once per language.
// A copy of tests/fixtures/import-bibs (R001 bib 152, R002 317 and 1045, R003
// none, R004 88 from photos.csv, R005 560) is imported from the back office and
// read by the shop's own worker: every bib is tagged automatically. A timing
// file that puts 152 and 1045 an hour away from their photos sends those two
// to the review queue; the operator accepts 152 with Enter, corrects 1045 to
// 1046 by typing, undoes the automatic 560 from the keyboard (and 317 from the
// one-by-one desk with Alt+U), and the storefront's search by bib follows each decision.

const ADMIN = { email: "review@dorsal.test", password: "review-pass-123" };
const FIXTURE = path.resolve(import.meta.dirname, "../fixtures/import-bibs");
const TIMING = "dorsal,hora\n152,10:00:05\n317,09:03:45\n1045,10:30:00\n560,09:09:12\nabc,09:10:00\n";

let shop: Shop;
let browser: Browser;
let work: string;

beforeAll(async () => {
  shop = await startShop({ env: { SEED_DEMO: "0", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
  browser = await launchBrowser();
  work = fs.mkdtempSync(path.join(os.tmpdir(), "dorsal-e2e-bibs-"));
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

/** The fixture race under its own slug, so each language starts from photos nobody decided. */
function raceFolder(lang: Lang, fixture = FIXTURE, prefix = "bibs-e2e"): { folder: string; slug: string } {
  const slug = `${prefix}-${lang}`;
  const folder = path.join(work, slug);
  fs.cpSync(fixture, folder, { recursive: true });
  const race = JSON.parse(fs.readFileSync(path.join(folder, "race.json"), "utf8")) as Record<string, unknown>;
  fs.writeFileSync(
    path.join(folder, "race.json"),
    JSON.stringify({ ...race, slug, name: { es: `Dorsales ${lang}`, en: `Bibs ${lang}`, br: `Números ${lang}` } }),
  );
  return { folder, slug };
}

/** How many photos the storefront's race page finds for a bib. */
async function found(page: Page, lang: Lang, slug: string, bib: number): Promise<number> {
  await page.goto(shop.url(href("race", lang, { slug }, { n: bib })));
  await page.waitForSelector("main");
  return page.locator("[data-testid=photo]").count();
}

/** Logs in, imports a fixture folder from the races screen and waits until the worker has read its photos; the race's id. */
async function importAndRead(page: Page, lang: Lang, folder: string, slug: string, photos: number, read: number): Promise<number> {
  const a = ADMIN_MESSAGES[lang];
  await page.goto(shop.url(adminHref("adminRaces", lang)));
  if (await page.locator("input[name=password]").count()) {
    await page.fill("input[name=email]", ADMIN.email);
    await page.fill("input[name=password]", ADMIN.password);
    await Promise.all([page.waitForURL((u) => u.pathname === adminHref("adminRaces", lang)), page.click("form button[type=submit]")]);
  }
  await page.fill("input[name=folder]", folder);
  await page.click("form:has(input[name=folder]) button[type=submit]");
  await page.getByText(fill(a.photos.importDone, { slug, created: photos, updated: 0, unchanged: 0, duplicates: 0, broken: 0 })).waitFor();
  const tagging = page.locator("li", { hasText: `/${slug}` }).locator("a", { hasText: a.races.tag });
  await tagging.waitFor();
  const raceId = Number(/\/(\d+)\//.exec((await tagging.getAttribute("href")) ?? "")?.[1]);
  await expect
    .poll(
      async () => {
        const progress = (await (await page.context().request.get(shop.url(`/admin/api/races/${raceId}/progress`))).json()) as {
          data: { recognition: { queued: number; done: number } | null };
        };
        return progress.data.recognition;
      },
      { timeout: 120_000, interval: 1000 },
    )
    .toMatchObject({ queued: 0, done: read });
  return raceId;
}

describe.each(LANGS)("start list and bursts in %s", (lang) => {
  const t = ADMIN_MESSAGES[lang].review;

  it("shows who of the start list has no photo, and offers a burst's hidden bib with the frame that proved it", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    // tests/fixtures/import-burst: DSC_0101 shows bib 214, DSC_0102 a second later with a hand over it.
    const { folder, slug } = raceFolder(lang, path.resolve(import.meta.dirname, "../fixtures/import-burst"), "burst-e2e");
    const raceId = await importAndRead(page, lang, folder, slug, 4, 4);

    await page.goto(shop.url(adminHref("adminRaceTagging", lang, { raceId }, { mode: "review" })));
    await page.setInputFiles("[data-testid=start-list-file]", {
      name: "inscriptos.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("dorsal;nombre;distancia\n214;Ana Paz;21K\n999;Bruno Díaz;10K\nx;Nadie;\n"),
    });
    // The picker speaks the page's language, not the browser's, and names the file chosen.
    expect(await page.textContent("[data-testid=start-list-file-choose]")).toBe(ADMIN_MESSAGES[lang].common.chooseFile);
    await expect.poll(() => page.textContent("[data-testid=start-list-file-chosen]")).toBe("inscriptos.csv");
    await page.click("[data-testid=start-list-upload]");
    await page.locator("[data-testid=start-list-outcome]").waitFor();
    expect(await page.textContent("[data-testid=start-list-outcome]")).toContain(fill(t.startLoaded, { entrants: 2, count: 4 }, lang));
    expect(await page.textContent("[data-testid=start-list-line-errors]")).toBe(fill(t.startLineBib, { line: 4, value: "x" }));
    // The outcome shows with the action's answer; the list follows once the screen's data is read again.
    await expect.poll(() => page.textContent("[data-testid=start-list-summary]")).toBe(fill(t.startSummary, { entrants: 2, withPhotos: 1, withoutPhotos: 1 }));
    await page.click("[data-testid=start-list-missing]");
    await page.waitForURL((u) => u.searchParams.get("who") === "missing");
    expect(await page.locator("[data-testid=start-list-row]").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-bib")))).toEqual(["999"]);

    // The hidden frame waits with the bib read a second earlier, both pictures side by side.
    await page.goto(shop.url(adminHref("adminRaceTagging", lang, { raceId }, { mode: "review" })));
    const item = page.locator("[data-testid=review-item][data-frame=DSC_0102]");
    expect(await item.getAttribute("data-bib")).toBe("214");
    expect(await item.locator("[data-testid=burst-evidence]").getAttribute("data-evidence-frame")).toBe("DSC_0101");
    expect(await item.textContent()).toContain(t.doubts.burst);
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>("[data-testid=burst-evidence] img")].every((img) => img.complete && img.naturalWidth > 0),
    );
    expect(await axeViolations(page)).toEqual([]);

    // Before anyone decides, runner 214 finds the hidden frame beside their own photo, as one that might be them.
    const runner = await context.newPage();
    runner.on("pageerror", (error) => errors.push(String(error)));
    const maybeLink = runner.locator("[data-testid=might-be-you-link]");
    await expect
      .poll(
        async () => {
          await runner.goto(shop.url(href("race", lang, { slug }, { n: 214 })));
          return maybeLink.count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    expect(await runner.locator("[data-testid=photo]").count()).toBe(1);
    expect(await runner.textContent("[data-testid=might-be-you]")).toContain(fill(MESSAGES[lang].race.maybeTitle, { count: 1 }, lang));
    await maybeLink.click();
    await runner.waitForURL((u) => u.searchParams.get("m") === "1");
    await runner.locator("[data-testid=might-be-you-heading]").waitFor();
    expect(await runner.locator("[data-testid=photo] img").evaluateAll((imgs) => imgs.map((i) => i.getAttribute("alt")))).toEqual([
      expect.stringContaining("DSC_0102"),
    ]);
    expect(await axeViolations(runner)).toEqual([]);
    await runner.close();

    await page.waitForSelector("[data-testid=review-item][data-frame=DSC_0102] [data-testid=review-input]:focus");
    await page.keyboard.press("Enter");
    await page.getByText(fill(t.accepted, { frame: "DSC_0102", bib: 214 })).waitFor();
    expect(await found(page, lang, slug, 214)).toBe(2);
    // Tagged now: among the runner's own photos, no longer offered apart.
    expect(await page.locator("[data-testid=might-be-you-link]").count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe.each(LANGS)("runners' claims in %s", (lang) => {
  const t = ADMIN_MESSAGES[lang].review;

  it("shows a runner's 'this is me' beside the queue; 'yes' tags the number, 'not them' drops it", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 850 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    const { folder, slug } = raceFolder(lang, FIXTURE, "claims-e2e");
    const raceId = await importAndRead(page, lang, folder, slug, 5, 4);
    // Two runners say they are in photos their numbers are not on (as the photo viewer posts it).
    const { fotos } = ((await (await context.request.get(shop.url(`/api/fotos/${slug}`))).json()) as { data: { fotos: { id: string }[] } }).data;
    for (const [photo, n] of [
      [fotos[0].id, 1500],
      [fotos[1].id, 1501],
    ] as const) {
      const answer = await context.request.post(shop.url(`/api/claim?lang=${lang}`), { data: { data: { slug, photo, n: String(n) } } });
      expect(((await answer.json()) as { data: { claim: string } }).data.claim).toBe("pending");
    }
    expect(await found(page, lang, slug, 1500)).toBe(0);

    await page.goto(shop.url(adminHref("adminRaceTagging", lang, { raceId }, { mode: "review" })));
    const claims = page.getByTestId("runner-claims");
    await claims.getByRole("heading", { name: t.claimsTitle }).waitFor();
    expect(await claims.getByTestId("claim-item").count()).toBe(2);
    // Said at the top, where the queue may be long.
    expect(await page.getByTestId("claims-waiting").textContent()).toBe(fill(t.claimsWaiting, { count: 2 }, lang));
    expect(await axeViolations(page)).toEqual([]);
    await claims
      .locator("[data-testid=claim-item][data-bib='1500']")
      .getByRole("button", { name: fill(t.claimAccept, { bib: 1500 }) })
      .click();
    await expect.poll(() => claims.getByTestId("claim-item").count()).toBe(1);
    await claims.locator("[data-testid=claim-item][data-bib='1501']").getByRole("button", { name: t.claimReject }).click();
    await expect.poll(() => page.getByTestId("runner-claims").count()).toBe(0);

    // The runner's search follows: the confirmed photo is theirs, the other is nobody's.
    expect(await found(page, lang, slug, 1500)).toBe(1);
    expect(await found(page, lang, slug, 1501)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe.each(LANGS)("bib review queue in %s", (lang) => {
  const a = ADMIN_MESSAGES[lang];
  const t = a.review;

  it("accepts with Enter, corrects by typing and undoes an automatic tag, and the search by bib follows", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));

    await page.goto(shop.url(adminHref("adminRaces", lang)));
    await page.fill("input[name=email]", ADMIN.email);
    await page.fill("input[name=password]", ADMIN.password);
    await Promise.all([page.waitForURL((u) => u.pathname === adminHref("adminRaces", lang)), page.click("form button[type=submit]")]);

    // Import the race from a folder on the server, as an organiser with a copied memory card would.
    const { folder, slug } = raceFolder(lang);
    await page.fill("input[name=folder]", folder);
    await page.click("form:has(input[name=folder]) button[type=submit]");
    await page.getByText(fill(a.photos.importDone, { slug, created: 5, updated: 0, unchanged: 0, duplicates: 0, broken: 0 })).waitFor();
    // The list shows the new race once it reloads after the import; its tagging link carries its id.
    const tagging = page.locator("li", { hasText: `/${slug}` }).locator("a", { hasText: a.races.tag });
    await tagging.waitFor();
    const raceId = Number(/\/(\d+)\//.exec((await tagging.getAttribute("href")) ?? "")?.[1]);
    expect(raceId).toBeGreaterThan(0);

    // The shop's worker reads the four untagged photos (R004's bib came with the import).
    await expect
      .poll(
        async () => {
          const progress = (await (await context.request.get(shop.url(`/admin/api/races/${raceId}/progress`))).json()) as {
            data: { recognition: { queued: number; done: number } | null };
          };
          return progress.data.recognition;
        },
        { timeout: 120_000, interval: 1000 },
      )
      .toMatchObject({ queued: 0, done: 4 });
    expect(await found(page, lang, slug, 1045)).toBe(1);
    expect(await found(page, lang, slug, 560)).toBe(1);

    // The timing file, with one line that is not a passing: reported by line, in the operator's language.
    await page.goto(shop.url(adminHref("adminRaceTagging", lang, { raceId }, { mode: "review" })));
    expect(await page.textContent("[data-testid=review-count]")).toBe("0");
    await page.setInputFiles("[data-testid=timing-file]", { name: "timing.csv", mimeType: "text/csv", buffer: Buffer.from(TIMING) });
    await page.click("[data-testid=timing-upload]");
    const outcome = page.locator("[data-testid=timing-outcome]");
    await outcome.waitFor();
    expect(await outcome.textContent()).toContain(fill(t.timingLoaded, { passings: 4, count: 4 }, lang));
    expect(await page.textContent("[data-testid=timing-line-errors]")).toBe(fill(t.lineBib, { line: 6, value: "abc" }));

    // Two readings wait, in shooting order, each with the bib cut out of the photo.
    const items = page.locator("[data-testid=review-item]");
    // The photos are decided again in the background; the screen reads its data again until they are.
    await expect.poll(() => items.count(), { timeout: 15_000 }).toBe(2);
    expect(await items.evaluateAll((li) => li.map((x) => [x.getAttribute("data-frame"), x.getAttribute("data-bib")]))).toEqual([
      ["R001", "152"],
      ["R002", "1045"],
    ]);
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>("[data-testid=review-crop]")].every((img) => img.complete && img.naturalWidth > 0),
    );
    expect(await items.first().textContent()).toContain(fill(t.suggested, { bib: 152 }));
    expect(await axeViolations(page)).toEqual([]);
    expect(await found(page, lang, slug, 152)).toBe(0);
    // The runner with #152 says that photo shows them (as the photo viewer posts it).
    const maybe = (await (await context.request.get(shop.url(`/api/fotos/${slug}?n=152&m=1`))).json()) as { data: { fotos: { id: string }[] } };
    const claimed = await context.request.post(shop.url(`/api/claim?lang=${lang}`), { data: { data: { slug, photo: maybe.data.fotos[0].id, n: "152" } } });
    expect(((await claimed.json()) as { data: { claim: string } }).data.claim).toBe("pending");

    await page.goto(shop.url(adminHref("adminRaceTagging", lang, { raceId }, { mode: "review" })));
    // The first reading's field has the focus with its number selected: Enter accepts it.
    await page.waitForSelector("[data-testid=review-item][data-bib='152'] [data-testid=review-input]:focus");
    // The runner's word is on the reading it backs, not asked again among the claims.
    expect(await page.locator("[data-testid=review-item][data-bib='152'] [data-testid=review-claimed]").textContent()).toBe(fill(t.claimSays, { bib: 152 }));
    expect(await page.getByTestId("runner-claims").count()).toBe(0);
    // A second operator's tab, opened on the same queue, gets there first: Enter accepts it there.
    const other = await context.newPage();
    await other.goto(shop.url(adminHref("adminRaceTagging", lang, { raceId }, { mode: "review" })));
    await other.waitForSelector("[data-testid=review-item][data-bib='152'] [data-testid=review-input]:focus");
    await other.keyboard.press("Enter");
    await other.getByText(fill(t.accepted, { frame: "R001", bib: 152 })).waitFor();
    await other.close();
    // Here the same reading is then decided again: refused with the reason, and not put back in this queue.
    await page.keyboard.press("Enter");
    await page.getByText(fill(t.failed, { frame: "R001", error: a.errors.suggestionDecided })).waitFor();
    expect(await page.locator("[data-testid=review-said]").getAttribute("data-kind")).toBe("error");
    expect(await page.locator("[data-testid=review-item][data-bib='152']").count()).toBe(0);
    // The next one has the focus at once: typing replaces the suggestion, Enter saves the correction.
    await page.waitForSelector("[data-testid=review-item][data-bib='1045'] [data-testid=review-input]:focus");
    await page.keyboard.type("1046");
    await page.keyboard.press("Enter");
    await page.getByText(fill(t.corrected, { frame: "R002", bib: 1046 })).waitFor();
    await page.getByText(t.queueEmpty).waitFor();

    // Automatic tags are marked as such; the wrong one goes with Delete on its button.
    const auto = page.locator("[data-testid=auto-item]");
    expect(await auto.evaluateAll((li) => li.map((x) => x.getAttribute("data-bib")).sort())).toEqual(["317", "560"]);
    expect(await auto.first().textContent()).toContain(t.autoBadge);
    await page.focus("[data-testid=auto-item][data-bib='560'] [data-testid=auto-undo]");
    await page.keyboard.press("Delete");
    await page.getByText(fill(t.undone, { frame: "R005", bib: 560 })).waitFor();
    await expect.poll(() => page.locator("[data-testid=review-said]").getAttribute("data-kind")).toBe("ok");

    // Saved for good: a reload shows an empty queue and one automatic tag left.
    await expect
      .poll(async () => {
        await page.reload();
        return page.locator("[data-testid=auto-item]").evaluateAll((li) => li.map((x) => x.getAttribute("data-bib")));
      })
      .toEqual(["317"]);
    expect(await page.locator("[data-testid=review-item]").count()).toBe(0);

    // The storefront finds the photos by the numbers people confirmed, and no longer by the ones they removed.
    expect(await found(page, lang, slug, 152)).toBe(1);
    expect(await found(page, lang, slug, 1046)).toBe(1);
    expect(await found(page, lang, slug, 1045)).toBe(0);
    expect(await found(page, lang, slug, 560)).toBe(0);
    expect(await found(page, lang, slug, 317)).toBe(1);

    // In the one-by-one desk an automatic bib is marked too, and Alt+U takes it off.
    await page.goto(shop.url(adminHref("adminRaceTagging", lang, { raceId })));
    await page.waitForSelector("[data-testid=bibs-input]:focus");
    await page.keyboard.press("Alt+ArrowRight");
    const marked = page.locator("[data-testid=desk-auto]");
    await marked.waitFor();
    expect(await marked.textContent()).toContain(`317${a.tagging.autoTag}`);
    expect(await page.inputValue("[data-testid=bibs-input]")).toBe("317 1046");
    await page.keyboard.press("Alt+u");
    await page.waitForSelector("[data-testid=save-state][data-state=saved]");
    expect(await page.inputValue("[data-testid=bibs-input]")).toBe("1046");
    expect(await marked.count()).toBe(0);
    expect(await found(page, lang, slug, 317)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
