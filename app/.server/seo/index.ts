export { createSeo } from "./seo-service.ts";
export { sitemapXml } from "./sitemap-xml.ts";
export { robotsTxt } from "./robots-txt.ts";
