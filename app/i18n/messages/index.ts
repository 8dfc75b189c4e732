import { HTML_LANG, type Lang } from "../langs.ts";
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

/**
 * Fills {name} placeholders, and picks the form of a count the language needs:
 * `{count, plural, one {# photo} other {# photos}}` (ICU's syntax: `=0`, CLDR's
 * zero/one/two/few/many/other, `#` for the number) by Intl.PluralRules of
 * `lang`. A plural text filled without `lang` is read by English rules.
 */
export function fill(text: string, params: Record<string, string | number> = {}, lang?: Lang): string {
  const counted = text.includes(", plural,")
    ? text.replace(PLURAL, (whole, name: string, forms: string) => pluralForm(whole, params[name], forms, lang))
    : text;
  return counted.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

const PLURAL = /\{(\w+), plural,((?:\s*(?:=\d+|zero|one|two|few|many|other)\s*\{(?:[^{}]|\{\w+\})*\})+)\s*\}/g;
const FORM = /\s*(=\d+|zero|one|two|few|many|other)\s*\{((?:[^{}]|\{\w+\})*)\}/g;
const rules = new Map<string, Intl.PluralRules>();

function pluralForm(whole: string, value: string | number | undefined, forms: string, lang: Lang | undefined): string {
  if (value === undefined) return whole;
  // A count may come formatted ("2.000"): its digits are the number.
  const n = typeof value === "number" ? value : Number(value.replace(/\D/g, ""));
  const locale = lang ? HTML_LANG[lang] : "en";
  let rule = rules.get(locale);
  if (!rule) rules.set(locale, (rule = new Intl.PluralRules(locale)));
  const byCategory = new Map([...forms.matchAll(FORM)].map((m) => [m[1], m[2]]));
  const form = byCategory.get(`=${n}`) ?? byCategory.get(rule.select(n)) ?? byCategory.get("other") ?? whole;
  return form.replaceAll("#", String(value));
}
