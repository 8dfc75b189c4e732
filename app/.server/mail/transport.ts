import path from "node:path";
import nodemailer from "nodemailer";
import type { Env } from "../env.ts";
import { writeToOutbox } from "./outbox.ts";

export type OutgoingMail = {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
  /** `<id@host>`; nodemailer makes one when absent. */
  messageId?: string;
  headers: Record<string, string>;
};

export type MailTransport = {
  /** Where the message went: the SMTP server's message id, or the outbox file. */
  send(mail: OutgoingMail): Promise<{ messageId: string; file?: string }>;
  kind: "smtp" | "outbox";
};

export function outboxDir(env: Pick<Env, "dataDir">): string {
  return path.join(env.dataDir, "outbox");
}

/** SMTP when SMTP_URL is set; otherwise real RFC 822 messages written to DATA_DIR/outbox. */
export function createTransport(env: Pick<Env, "SMTP_URL" | "dataDir">): MailTransport {
  if (env.SMTP_URL) {
    const smtp = nodemailer.createTransport(env.SMTP_URL);
    return {
      kind: "smtp",
      async send(mail) {
        const info = await smtp.sendMail(mail);
        return { messageId: info.messageId };
      },
    };
  }
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  const dir = outboxDir(env);
  return {
    kind: "outbox",
    async send(mail) {
      const info = await stream.sendMail(mail);
      const file = await writeToOutbox(dir, info.message as Buffer);
      return { messageId: info.messageId, file };
    },
  };
}
