import fs from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

// Evaluated by the test driver, not added as a <script>: the shop's CSP (rightly) refuses inline scripts it did not render.
const AXE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

type AxeResult = { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };

/**
 * The serious and critical axe-core violations on the page as it stands, one
 * line each with the offending selectors. Waits for running fades and slides
 * first: contrast measured mid-fade is noise.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // An animation cancelled meanwhile rejects its `finished` with AbortError: it has stopped, which is all we wait for.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run(): Promise<AxeResult> } }).axe.run();
    return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  });
  return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
