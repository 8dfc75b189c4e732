import type { Messages } from "../i18n/messages/index.ts";

/**
 * The help page's eight questions in order, each with an anchor that stays the
 * same in every language (the contact page and e-mails link to them).
 */
export const HELP_TOPICS = [
  { key: "findPhotos", anchor: "find-photos" },
  { key: "pendingPayment", anchor: "pending-payment" },
  { key: "download", anchor: "download" },
  { key: "zip", anchor: "zip" },
  { key: "quality", anchor: "quality" },
  { key: "problemPhotos", anchor: "problem-photos" },
  { key: "age", anchor: "minimum-age" },
  { key: "contact", anchor: "contact-us" },
] as const satisfies readonly { key: keyof Messages["help"]["questions"]; anchor: string }[];
