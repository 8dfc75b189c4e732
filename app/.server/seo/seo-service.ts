import { listVisibleRaces } from "../catalog/index.ts";
import type { Db } from "../db/index.ts";
import type { Screen } from "../../i18n/paths.ts";
import { robotsTxt } from "./robots-txt.ts";
import { sitemapXml, type SitemapPage } from "./sitemap-xml.ts";

/** Screens worth indexing that take no parameter. */
const STATIC_SCREENS: Screen[] = ["home", "races", "contact", "help", "terms"];

export function createSeo({ db, publicUrl }: { db: Db; publicUrl: string }) {
  return {
    /** sitemap.xml: the static screens and every visible race, in es, en and br. */
    async sitemap(): Promise<string> {
      const races = await listVisibleRaces(db);
      const pages: SitemapPage[] = [
        ...STATIC_SCREENS.map((screen) => ({ screen })),
        ...races.map((race) => ({ screen: "race" as const, params: { slug: race.slug }, lastmod: race.updatedAt.toISOString().slice(0, 10) })),
      ];
      return sitemapXml(pages, publicUrl);
    },
    robots: () => robotsTxt(publicUrl),
  };
}
