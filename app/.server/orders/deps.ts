import type { MediaUrl } from "../catalog/index.ts";
import type { Db } from "../db/index.ts";
import type { Env } from "../env.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/index.ts";
import type { Payments } from "../payments/index.ts";

/**
 * What the orders module works with. E-mails are queued with `mailer.send(…, { tx })`
 * inside the transaction that changes the sale, so the change and its e-mail
 * commit together, and with a `key` so a replay never sends one twice.
 */
export type OrderDeps = {
  db: Db;
  env: Env;
  logger: Logger;
  payments: Payments;
  mediaUrl: MediaUrl;
  mailer: Mailer;
};
