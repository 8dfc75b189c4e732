import type { Lang } from "../langs.ts";
import type { Messages } from "./es.ts";

export type { Messages };

/**
 * The storefront's texts by language. A browser gets only its page's
 * language: the page names a JSON file of them (`/texts/<lang>-<hash>.json`,
 * preloaded by the root layout, the same for every page so the browser keeps
 * it), read by entry.client before hydrating, and the root's client middleware
 * loads another language's chunk before a navigation into it. The server has
 * all three (entry.server provides them from all.ts).
 */
const loaded: Partial<Record<Lang, Messages>> = {};

const LOADERS: Record<Lang, () => Promise<{ default: Messages }>> = {
  es: () => import("./es.ts"),
  en: () => import("./en.ts"),
  br: () => import("./br.ts"),
};

export function provideMessages(lang: Lang, messages: Messages): void {
  loaded[lang] = messages;
}

export async function loadMessages(lang: Lang): Promise<Messages> {
  return (loaded[lang] ??= (await LOADERS[lang]()).default);
}

/** The id of the preload link that names the page's texts file. */
export const PAGE_TEXTS_ID = "dorsal-texts";

/** Where a language's texts are served: /texts/<lang>-<hash of their JSON>.json. */
export const TEXTS_PATH = "/texts/";

export function messagesOf(lang: Lang): Messages {
  const messages = loaded[lang];
  if (!messages) throw new Error(`The ${lang} texts were not loaded before use`);
  return messages;
}

/** Fills {name} placeholders. */
export function fill(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
