import type { Lang } from "../../langs.ts";
import { useLang } from "../../use-messages.ts";
import br from "./br.ts";
import en from "./en.ts";
import es from "./es.ts";

export type AdminMessages = typeof es;

/**
 * The back office's texts, every language at once. Only back-office modules
 * import this, so no storefront page downloads a word of it.
 */
export const ADMIN_MESSAGES: Record<Lang, AdminMessages> = { es, en, br };

export function useAdminMessages(): AdminMessages {
  return ADMIN_MESSAGES[useLang()];
}
