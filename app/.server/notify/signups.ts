import { and, eq, isNull } from "drizzle-orm";
import type { Lang } from "../../i18n/langs.ts";
import { isLang } from "../../i18n/langs.ts";
import { countVisiblePhotos, findVisibleRace, pick } from "../catalog/index.ts";
import { inTransaction, type Db, notifySignups } from "../db/index.ts";
import { DomainError, invalid } from "../errors.ts";
import { createRateLimiter } from "../rate-limit/index.ts";
import type { Mailer } from "../mail/index.ts";
import { BIB_WATCH_JOB, watchBib } from "../tagging/index.ts";
import { bibWatchJob } from "./bib-watch.ts";
import type { NotifyInput } from "./input.ts";

export function createNotifyService({ db, mailer }: { db: Db; mailer: Mailer }) {
  const limiter = createRateLimiter({ db, bucket: "notify", limit: 10, windowMs: 10 * 60_000 });
  return {
    /** The look at a watched number (bib-watch.ts), run in the lane of what visitors wait for. */
    handlers: { [BIB_WATCH_JOB]: bibWatchJob({ db, mailer }) },

    /**
     * Signs a runner up for the "photos are ready" notice of a race in
     * preparation, or, on a published race whose photos of their number they did
     * not find, for the notice that one turned up (bib-watch.ts; no category
     * asked there). Once per e-mail, race and bib: a repeat succeeds quietly,
     * without a second row or e-mail.
     */
    async signup(input: NotifyInput, { lang, ip }: { lang: Lang; ip: string }): Promise<{ status: "success" }> {
      if (!(await limiter.hit(ip)).ok) throw new DomainError("TooMany", "tooMany");
      const race = await findVisibleRace(db, input.slug);
      const watching = race.status === "published";
      const category = race.categories.length === 0 ? null : input.category;
      if (category ? !race.categories.includes(category) : race.categories.length > 0 && !watching) throw invalid("invalidCategory");
      await inTransaction(db, async (tx) => {
        const inserted = await tx
          .insert(notifySignups)
          .values({ raceId: race.id, firstName: input.firstName, lastName: input.lastName, email: input.email, category, bib: input.runnerNumber, lang })
          .onConflictDoNothing()
          .returning({ id: notifySignups.id });
        if (inserted.length === 0) return;
        const data = { firstName: input.firstName, raceName: pick(race.name, lang), raceSlug: race.slug, bib: input.runnerNumber, category };
        const key = `notify-signup:${inserted[0].id}`;
        if (!watching) {
          await mailer.send({ to: input.email, lang, template: "notifySignup", key, data }, { tx });
          return;
        }
        // A number with photos already (tagged a moment ago, or missed) is written about at once,
        // without first saying none were found.
        if ((await countVisiblePhotos(tx, race.id, input.runnerNumber)) === 0) {
          await mailer.send({ to: input.email, lang, template: "photosWatched", key, data }, { tx });
        }
        await watchBib(tx, race.id, input.runnerNumber, new Date());
      });
      return { status: "success" };
    },

    /** Writes to everyone waiting for a race's photos, once each; for when the race is published. */
    async announce(slug: string): Promise<{ sent: number }> {
      const race = await findVisibleRace(db, slug);
      const waiting = await db
        .select()
        .from(notifySignups)
        .where(and(eq(notifySignups.raceId, race.id), isNull(notifySignups.notifiedAt)));
      for (const signup of waiting) {
        const lang = isLang(signup.lang) ? signup.lang : "es";
        await inTransaction(db, async (tx) => {
          await mailer.send(
            {
              to: signup.email,
              lang,
              template: "photosReady",
              key: `photos-ready:${signup.id}`,
              data: { firstName: signup.firstName, raceName: pick(race.name, lang), raceSlug: race.slug, bib: signup.bib },
            },
            { tx },
          );
          await tx.update(notifySignups).set({ notifiedAt: new Date() }).where(eq(notifySignups.id, signup.id));
        });
      }
      return { sent: waiting.length };
    },
  };
}
