import type { Lang } from "../../i18n/langs.ts";
import { getSetting } from "../catalog/index.ts";
import { inTransaction, type Db, contactMessages } from "../db/index.ts";
import { DomainError } from "../errors.ts";
import { createRateLimiter } from "../rate-limit/index.ts";
import type { Mailer } from "../mail/index.ts";
import type { ContactInput } from "./input.ts";

/** The language the shop's own staff read their mail in. */
const SHOP_LANG: Lang = "es";

export function createContactService({ db, mailer }: { db: Db; mailer: Mailer }) {
  // A person writes a handful of messages at most; a script writing more gets a 429.
  const limiter = createRateLimiter({ db, bucket: "contact", limit: 8, windowMs: 10 * 60_000 });
  return {
    /** Stores the message and queues two e-mails: to the shop (reply goes to the visitor) and a copy to the visitor. */
    async submit(input: ContactInput, { lang, ip }: { lang: Lang; ip: string }): Promise<{ status: "success" }> {
      if (!(await limiter.hit(ip)).ok) throw new DomainError("TooMany", "tooMany");
      const support = await getSetting(db, "support");
      await inTransaction(db, async (tx) => {
        const [row] = await tx
          .insert(contactMessages)
          .values({ name: input.name, email: input.email, phone: input.phone, message: input.message, lang })
          .returning({ id: contactMessages.id });
        await mailer.send(
          {
            to: support.email,
            lang: SHOP_LANG,
            template: "contactToShop",
            replyTo: input.email,
            data: { id: row.id, name: input.name, email: input.email, phone: input.phone, message: input.message, visitorLang: lang },
          },
          { tx },
        );
        await mailer.send({ to: input.email, lang, template: "contactReceived", replyTo: support.email, data: { name: input.name } }, { tx });
      });
      return { status: "success" };
    },
  };
}
