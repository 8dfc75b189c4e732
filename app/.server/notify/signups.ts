import { and, eq, isNull } from "drizzle-orm";
import type { Lang } from "../../i18n/langs.ts";
import { isLang } from "../../i18n/langs.ts";
import { findVisibleRace, pick } from "../catalog/index.ts";
import { inTransaction, type Db, notifySignups } from "../db/index.ts";
import { DomainError, invalid } from "../errors.ts";
import { createRateLimiter } from "../rate-limit/index.ts";
import type { Mailer } from "../mail/index.ts";
import type { NotifyInput } from "./input.ts";

export function createNotifyService({ db, mailer }: { db: Db; mailer: Mailer }) {
  const limiter = createRateLimiter({ db, bucket: "notify", limit: 10, windowMs: 10 * 60_000 });
  return {
    /**
     * Signs a runner up for the "photos are ready" notice of a race. Once per
     * e-mail, race and bib: a repeat succeeds quietly, without a second row or e-mail.
     */
    async signup(input: NotifyInput, { lang, ip }: { lang: Lang; ip: string }): Promise<{ status: "success" }> {
      if (!(await limiter.hit(ip)).ok) throw new DomainError("TooMany", "tooMany");
      const race = await findVisibleRace(db, input.slug);
      const category = race.categories.length === 0 ? null : input.category;
      if (race.categories.length > 0 && (!category || !race.categories.includes(category))) throw invalid("invalidCategory");
      await inTransaction(db, async (tx) => {
        const inserted = await tx
          .insert(notifySignups)
          .values({ raceId: race.id, firstName: input.firstName, lastName: input.lastName, email: input.email, category, bib: input.runnerNumber, lang })
          .onConflictDoNothing()
          .returning({ id: notifySignups.id });
        if (inserted.length === 0) return;
        await mailer.send(
          {
            to: input.email,
            lang,
            template: "notifySignup",
            key: `notify-signup:${inserted[0].id}`,
            data: { firstName: input.firstName, raceName: pick(race.name, lang), raceSlug: race.slug, bib: input.runnerNumber, category },
          },
          { tx },
        );
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
