import { eq } from "drizzle-orm";
import { isbot } from "isbot";
import { z } from "zod";
import { matchPath } from "../../i18n/href.ts";
import { type Db, pageViews, races } from "../db/index.ts";
import { createMemoryRateLimiter } from "../rate-limit/index.ts";

/** What the browser's beacon sends; the language is taken from the path, which sets it. */
export const pageViewInput = z.object({ path: z.string().min(1).max(1000).startsWith("/") });

export type PageViewInput = z.output<typeof pageViewInput>;

export function createAnalytics({ db }: { db: Db }) {
  // Far above any person's browsing; keeps a looping script from filling the table.
  const limiter = createMemoryRateLimiter({ limit: 120, windowMs: 60_000 });
  return {
    /**
     * Stores one page view of a shop screen (the path only: the query may hold a
     * runner's number). Bots, unknown paths and floods are dropped silently.
     */
    async recordPageView(input: PageViewInput, { userAgent, ip }: { userAgent: string; ip: string }): Promise<{ recorded: boolean }> {
      if (!userAgent || isbot(userAgent)) return { recorded: false };
      const pathname = new URL(input.path, "http://x").pathname;
      const match = matchPath(pathname);
      if (!match) return { recorded: false };
      if (!limiter.hit(ip || "unknown").ok) return { recorded: false };
      let raceId: number | null = null;
      if (match.screen === "race" || match.screen === "preorder") {
        const [race] = await db.select({ id: races.id }).from(races).where(eq(races.slug, match.params.slug)).limit(1);
        raceId = race?.id ?? null;
      }
      await db.insert(pageViews).values({ path: pathname, lang: match.lang, raceId });
      return { recorded: true };
    },
  };
}
