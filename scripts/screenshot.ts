// Takes screenshots of shop pages at phone and desktop width:
//   node scripts/screenshot.ts <out-dir> <url> [url…]
import path from "node:path";
import { chromium } from "playwright-core";

const [outDir, ...urls] = process.argv.slice(2);
if (!outDir || urls.length === 0) {
  console.error("usage: node scripts/screenshot.ts <out-dir> <url> [url…]");
  process.exit(1);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
});
for (const width of [390, 1280]) {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 800 } });
  const page = await context.newPage();
  for (const url of urls) {
    await page.goto(url, { waitUntil: "networkidle" });
    const name = `${new URL(url).pathname.replace(/\W+/g, "_").replace(/^_|_$/g, "") || "home"}-${width}.png`;
    await page.screenshot({ path: path.join(outDir, name), fullPage: process.env.FULL === "1" });
    console.log(path.join(outDir, name));
  }
  await context.close();
}
await browser.close();
