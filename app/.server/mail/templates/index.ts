import type { z } from "zod";
import { contactReceived } from "./contact-received.ts";
import { contactReply } from "./contact-reply.ts";
import { contactToShop } from "./contact-to-shop.ts";
import { notifySignup } from "./notify-signup.ts";
import { photosFound } from "./photos-found.ts";
import { photosReady } from "./photos-ready.ts";
import { photosWatched } from "./photos-watched.ts";
import { orderReceived } from "./order-received.ts";
import { purchaseReady } from "./purchase-ready.ts";
import { purchaseRefunded } from "./purchase-refunded.ts";
import { paymentReturned } from "./payment-returned.ts";
import { preorderConfirmed } from "./preorder-confirmed.ts";
import { preorderPhotosReady } from "./preorder-photos-ready.ts";

/**
 * Every message the shop sends, by name. To add one (see ../README.md):
 * write `templates/<name>.ts` with `defineTemplate({ data, texts: { es, en, br }, render })`,
 * add it below, and add a case to `templates.test.ts`. `mail.send({ template: "<name>", … })`
 * is then typed against its `data` schema.
 */
export const TEMPLATES = {
  contactReceived,
  contactReply,
  contactToShop,
  notifySignup,
  photosReady,
  photosWatched,
  photosFound,
  orderReceived,
  purchaseReady,
  purchaseRefunded,
  paymentReturned,
  preorderConfirmed,
  preorderPhotosReady,
};

export type TemplateName = keyof typeof TEMPLATES;
/** What a caller passes as `data` for a template (before its schema's defaults and transforms). */
export type TemplateData<K extends TemplateName> = z.input<(typeof TEMPLATES)[K]["data"]>;

export function isTemplateName(name: string): name is TemplateName {
  return Object.hasOwn(TEMPLATES, name);
}
