import { href } from "../../i18n/href.ts";
import type { Lang } from "../../i18n/langs.ts";

/** Absolute links for e-mails and provider redirects, in the buyer's language. */
export const purchaseUrl = (publicUrl: string, lang: Lang, id: string) => `${publicUrl}${href("purchase", lang, { id })}`;
export const prepurchaseUrl = (publicUrl: string, lang: Lang, id: string) => `${publicUrl}${href("prepurchase", lang, { id })}`;
