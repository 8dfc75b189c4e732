import { LANGS } from "../../i18n/langs.ts";
import { PATHS, type Screen } from "../../i18n/paths.ts";

/**
 * Screens that show one buyer's business (a purchase or pre-purchase page names
 * its buyer) rather than content to index. Checkout, full-set and pre-order
 * forms show nothing of anyone's and stay open to crawlers.
 */
const PRIVATE_SCREENS: Screen[] = ["purchase", "purchaseAccount", "prepurchase"];

/** The fixed part of each private path pattern: `/compra/:id` → `/compra/`. */
function prefixOf(pattern: string): string {
  const cut = pattern.indexOf(":");
  return cut === -1 ? pattern : pattern.slice(0, cut);
}

export function robotsTxt(publicUrl: string): string {
  const prefixes = new Set(["/api/", "/admin", "/pay/"]);
  for (const screen of PRIVATE_SCREENS) for (const lang of LANGS) prefixes.add(prefixOf(PATHS[screen][lang]));
  // A path under a listed prefix needs no line of its own (/checkout covers /checkout/fullin).
  const lines = [...prefixes].filter((p) => ![...prefixes].some((q) => q !== p && p.startsWith(q)));
  return ["User-agent: *", ...lines.map((p) => `Disallow: ${p}`), "", `Sitemap: ${publicUrl.replace(/\/$/, "")}/sitemap.xml`, ""].join("\n");
}
