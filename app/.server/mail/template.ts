import type { z } from "zod";
import { href, type Params, type Query } from "../../i18n/href.ts";
import type { Lang } from "../../i18n/langs.ts";
import type { Screen } from "../../i18n/paths.ts";
import type { MailContent } from "./layout.ts";

/** What a template may use besides its data: the language and absolute links into the shop. */
export type TemplateContext = {
  lang: Lang;
  publicUrl: string;
  /** An absolute link to a screen in the message's language. */
  url(screen: Screen, params?: Params, query?: Query): string;
};

/**
 * A message kind: the shape of its data (checked when the message is queued),
 * its texts in es, en and br, and how data and texts become content.
 * Mail texts live here, not in i18n/messages, because they never reach the browser.
 */
export type Template<S extends z.ZodType, T> = {
  data: S;
  texts: Record<Lang, T>;
  render(data: z.output<S>, text: T, ctx: TemplateContext): MailContent;
};

/** Identity with inference: `defineTemplate({ data, texts, render })` types `render`'s arguments. */
export function defineTemplate<S extends z.ZodType, T>(template: Template<S, T>): Template<S, T> {
  return template;
}

export function templateContext(lang: Lang, publicUrl: string): TemplateContext {
  return { lang, publicUrl, url: (screen, params, query) => publicUrl + href(screen, lang, params, query) };
}
