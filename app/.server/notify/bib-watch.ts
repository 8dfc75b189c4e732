import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { isLang } from "../../i18n/langs.ts";
import { countVisiblePhotos, pick } from "../catalog/index.ts";
import { inTransaction, type Db, notifySignups, photoBibs, photos, races } from "../db/index.ts";
import type { Mailer } from "../mail/index.ts";
import { watchBib } from "../tagging/index.ts";

/**
 * While a tagged photo of the number still waits for its images, the look is
 * asked for again this much later, for an hour at most: images that never
 * come (their job failed for good) leave the runner to the next tag.
 */
export const IMAGES_WAIT_MS = 60_000;
export const IMAGES_MAX_WAITS = 60;

const payload = z.object({ raceId: z.number().int(), bib: z.number().int().positive(), waits: z.number().int().nonnegative().default(0) });

/** Whether a photo of the number is tagged but not shown yet only because its watermarked images are still being made. */
async function imagesComing(db: Db, raceId: number, bib: number): Promise<boolean> {
  const [row] = await db
    .select({ id: photos.id })
    .from(photoBibs)
    .innerJoin(photos, eq(photos.id, photoBibs.photoId))
    .where(and(eq(photoBibs.raceId, raceId), eq(photoBibs.bib, bib), eq(photos.hidden, false), sql`${photos.thumbKey} is null`))
    .limit(1);
  return row !== undefined;
}

/**
 * A runner who found no photo of their number on a published race's page, or
 * fewer than they hoped, may leave their e-mail (signups.ts); whenever that
 * number is tagged (tagging's watchers port) this looks how many photos of it
 * a visitor can see, and writes once to each runner waiting on it who saw
 * fewer ("photosFound"). A race still in preparation is left to its
 * publication, which writes to everyone on its list.
 */
export function bibWatchJob({ db, mailer }: { db: Db; mailer: Mailer }) {
  return async (raw: unknown) => {
    const { raceId, bib, waits } = payload.parse(raw);
    const [race] = await db.select().from(races).where(eq(races.id, raceId));
    if (race?.status !== "published") return;
    const count = await countVisiblePhotos(db, race.id, bib);
    const waiting = await db
      .select({ id: notifySignups.id, seen: notifySignups.photosSeen })
      .from(notifySignups)
      .where(and(eq(notifySignups.raceId, race.id), eq(notifySignups.bib, bib), isNull(notifySignups.notifiedAt)));
    const due = waiting.filter((signup) => signup.seen < count);
    // Someone still waits for more than the visible photos: a tagged one whose images are being made may be it.
    if (due.length < waiting.length && waits < IMAGES_MAX_WAITS && (await imagesComing(db, race.id, bib))) {
      await watchBib(db, race.id, bib, new Date(Date.now() + IMAGES_WAIT_MS), waits + 1);
    }
    for (const { id } of due) {
      await inTransaction(db, async (tx) => {
        // Locked and checked again: a second look running at once writes nothing more.
        const [signup] = await tx.select().from(notifySignups).where(eq(notifySignups.id, id)).for("update");
        if (!signup || signup.notifiedAt || signup.photosSeen >= count) return;
        const lang = isLang(signup.lang) ? signup.lang : "es";
        await mailer.send(
          {
            to: signup.email,
            lang,
            template: "photosFound",
            key: `photos-found:${signup.id}:${signup.photosSeen}`,
            data: { firstName: signup.firstName, raceName: pick(race.name, lang), raceSlug: race.slug, bib, count, seen: signup.photosSeen },
          },
          { tx },
        );
        await tx.update(notifySignups).set({ notifiedAt: new Date() }).where(eq(notifySignups.id, signup.id));
      });
    }
  };
}
