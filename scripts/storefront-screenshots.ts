// The README's storefront screenshots (es): home, a race page searched by bib,
// its lightbox and the cart panel with three paid photos, at 390 px and 1280 px.
//   node scripts/storefront-screenshots.ts <base-url> [out-dir=docs/screenshots]
import path from "node:path";
import { chromium, type Page } from "playwright-core";

const [base, outDir = "docs/screenshots"] = process.argv.slice(2);
if (!base) {
  console.error("usage: node scripts/storefront-screenshots.ts <base-url> [out-dir]");
  process.exit(1);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
});

async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => document.fonts.ready);
}

for (const width of [390, 1280]) {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 800 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const shot = async (name: string) => {
    const file = path.join(outDir, `${name}-${width}.png`);
    await page.screenshot({ path: file });
    console.log(file);
  };

  await page.goto(`${base}/`);
  await settle(page);
  await shot("home");

  await page.goto(`${base}/carrera/tetra-chapelco-2025?n=305`);
  await settle(page);
  // On a phone, show the runner's heading and the first photos rather than the hero.
  if (width < 500) {
    await page.evaluate(() => {
      const heading = document.querySelector("[data-testid=runner-heading]");
      if (heading) window.scrollTo({ top: heading.getBoundingClientRect().top + window.scrollY - 80, behavior: "instant" });
    });
  }
  await settle(page);
  await shot("race");

  await page.locator('[data-testid=photo][data-free="0"]').nth(1).getByRole("link").click();
  await page.getByTestId("lightbox").waitFor();
  await page.waitForTimeout(600);
  await settle(page);
  await shot("lightbox");
  await page.keyboard.press("Escape");
  await page.getByTestId("lightbox").waitFor({ state: "detached" });

  const paid = page.locator('[data-testid=photo][data-free="0"]');
  for (let i = 0; i < 3; i++) {
    await paid.nth(i).getByTestId("add-to-cart").click();
    if (i < 2) await page.keyboard.press("Escape");
  }
  await page.waitForTimeout(400);
  await settle(page);
  await shot("cart");
  await context.close();
}
await browser.close();
