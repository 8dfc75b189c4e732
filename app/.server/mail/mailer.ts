import { randomUUID } from "node:crypto";
import { z } from "zod";
import { HTML_LANG, LANGS, type Lang } from "../../i18n/langs.ts";
import type { Db } from "../db/index.ts";
import type { Env } from "../env.ts";
import { enqueue } from "../jobs/index.ts";
import type { Logger } from "../logger.ts";
import { renderMail } from "./render.ts";
import type { TemplateData, TemplateName } from "./templates/index.ts";
import { createTransport, type MailTransport } from "./transport.ts";

/** The job type that delivers one message. */
export const MAIL_JOB = "mail.send";

export type MailMessage<K extends TemplateName> = {
  to: string;
  lang: Lang;
  template: K;
  data: TemplateData<K>;
  replyTo?: string;
  /** Sends this message at most once ever, e.g. `order-paid:${orderId}`. */
  key?: string;
};

// The job carries the rendered message: what a visitor was promised is what
// goes out, even if a template changes while the job waits for a retry.
const jobPayload = z.object({
  template: z.string(),
  lang: z.enum(LANGS),
  to: z.string().min(3),
  replyTo: z.string().optional(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  // Made when the message is queued, so a delivery repeated after a crash (the
  // SMTP server took it, the process died before noting so) is the same message
  // to the mail clients that fold duplicates. Older jobs have none.
  messageId: z.string().optional(),
});

export type Mailer = ReturnType<typeof createMailer>;

export function createMailer({ db, env, logger }: { db: Db; env: Env; logger: Logger }) {
  let transport: MailTransport | undefined;
  return {
    /**
     * Renders a message now (bad data throws here, not in a retry loop) and queues
     * its delivery. Pass `tx` to queue it inside the caller's transaction.
     */
    async send<K extends TemplateName>(message: MailMessage<K>, options: { tx?: Db } = {}): Promise<void> {
      const rendered = renderMail(message.template, message.lang, message.data, env.publicUrl);
      const payload: z.infer<typeof jobPayload> = {
        template: message.template,
        lang: message.lang,
        to: message.to,
        replyTo: message.replyTo,
        ...rendered,
        messageId: `<${randomUUID()}@${new URL(env.publicUrl).hostname}>`,
      };
      await enqueue(options.tx ?? db, MAIL_JOB, payload, { uniqueKey: message.key ? `mail:${message.key}` : undefined, maxAttempts: 8 });
    },

    /** The `mail.send` job handler: one delivery attempt; a throw means the queue retries later. */
    async deliver(payload: unknown): Promise<void> {
      const mail = jobPayload.parse(payload);
      transport ??= createTransport(env);
      const result = await transport.send({
        from: env.MAIL_FROM,
        to: mail.to,
        replyTo: mail.replyTo,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId: mail.messageId,
        headers: { "Content-Language": HTML_LANG[mail.lang], "X-Dorsal-Template": mail.template },
      });
      logger.info({ template: mail.template, lang: mail.lang, messageId: result.messageId, file: result.file }, "mail sent");
    },
  };
}
