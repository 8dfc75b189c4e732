import { and, eq, isNotNull, isNull } from "drizzle-orm";
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
     * preparation, or, on a published race, for the notice that a photo of
     * their number turned up, or more than the `photosSeen` they found
     * (bib-watch.ts; no category asked there). Once per e-mail, race and bib:
     * a repeat while waiting succeeds quietly, without a second row or e-mail;
     * on a published race a runner already written to is signed up again.
     */
    async signup(input: NotifyInput, { lang, ip }: { lang: Lang; ip: string }): Promise<{ status: "success" }> {
      if (!(await limiter.hit(ip)).ok) throw new DomainError("TooMany", "tooMany");
      const race = await findVisibleRace(db, input.slug);
      const watching = race.status === "published";
      const category = race.categories.length === 0 ? null : input.category;
      if (category ? !race.categories.includes(category) : race.categories.length > 0 && !watching) throw invalid("invalidCategory");
      const seen = watching ? (input.photosSeen ?? 0) : 0;
      await inTransaction(db, async (tx) => {
        const runner = { firstName: input.firstName, lastName: input.lastName, lang, photosSeen: seen };
        const insert = tx.insert(notifySignups).values({ ...runner, raceId: race.id, email: input.email, category, bib: input.runnerNumber });
        const inserted = await (watching
          ? insert.onConflictDoUpdate({
              target: [notifySignups.raceId, notifySignups.email, notifySignups.bib],
              set: { ...runner, notifiedAt: null },
              setWhere: isNotNull(notifySignups.notifiedAt),
            })
          : insert.onConflictDoNothing()
        ).returning({ id: notifySignups.id });
        if (inserted.length === 0) return;
        const data = { firstName: input.firstName, raceName: pick(race.name, lang), raceSlug: race.slug, bib: input.runnerNumber, category };
        if (!watching) {
          await mailer.send({ to: input.email, lang, template: "notifySignup", key: `notify-signup:${inserted[0].id}`, data }, { tx });
          return;
        }
        // More photos than the runner saw (tagged a moment ago, or missed) are written about at once,
        // without first saying there are no more.
        if ((await countVisiblePhotos(tx, race.id, input.runnerNumber)) <= seen) {
          const key = `photos-watched:${inserted[0].id}:${seen}`;
          await mailer.send({ to: input.email, lang, template: "photosWatched", key, data: { ...data, seen } }, { tx });
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
