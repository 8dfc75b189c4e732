import type { Lang } from "../../i18n/langs.ts";
import * as catalog from "../catalog/index.ts";
import type { Db } from "../db/index.ts";
import type { Logger } from "../logger.ts";

export type HomePart = "races" | "banners" | "presale" | "preparation";

export type PresaleBanner = { slug: string; nombre: string; preventa_arg: number; preventa_usd: number };

export type HomePage = {
  races: catalog.RaceSummary[];
  banners: { img: string }[];
  /** The pre-sale race with its real pre-order prices, when pre-sale is active. */
  presale: PresaleBanner | null;
  /** SPEC §2: a shop-wide preparation status of `success` hides the hero. */
  heroHidden: boolean;
  /** Parts that failed to load: the page still renders and says so (issue 10) instead of failing whole. */
  failed: HomePart[];
};

/** Everything the home page shows, each part loaded on its own so one failure does not blank the page. */
export async function homePage(db: Db, mediaUrl: catalog.MediaUrl, logger: Logger, lang: Lang): Promise<HomePage> {
  const failed: HomePart[] = [];
  const part = <T>(name: HomePart, load: Promise<T>, fallback: T): Promise<T> =>
    load.catch((error: unknown) => {
      logger.error({ err: error, part: name }, "home page part failed to load");
      failed.push(name);
      return fallback;
    });
  const [races, banners, presale, preparation] = await Promise.all([
    part("races", catalog.racesFile(db, lang, mediaUrl), []),
    part("banners", catalog.bannersFile(db, mediaUrl), []),
    part("presale", catalog.presaleFile(db), { active: false, slug: null }),
    part("preparation", catalog.getSetting(db, "preparation"), { status: "idle" }),
  ]);
  const presaleRace = presale.active ? races.find((r) => r.slug === presale.slug) : undefined;
  return {
    races,
    banners,
    presale: presaleRace
      ? { slug: presaleRace.slug, nombre: presaleRace.nombre, preventa_arg: presaleRace.preventa_arg, preventa_usd: presaleRace.preventa_usd }
      : null,
    heroHidden: preparation.status === "success",
    failed,
  };
}
