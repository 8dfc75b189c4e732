import type { z } from "zod";
import type { Lang } from "../../i18n/langs.ts";
import { renderLayout, type MailContent, type RenderedMail } from "./layout.ts";
import { templateContext, type Template } from "./template.ts";
import { TEMPLATES, type TemplateData, type TemplateName } from "./templates/index.ts";

const SHOP_NAME = "Dorsal";

const FOOTER: Record<Lang, string> = {
  es: "Dorsal · Fotos de carreras de trail, running y aventura.",
  en: "Dorsal · Photos of trail, running and adventure races.",
  br: "Dorsal · Fotos de corridas de trail, de rua e de aventura.",
};

/** A template's subject, HTML and text in a language; its data is checked against the template's schema. */
export function renderMail<K extends TemplateName>(template: K, lang: Lang, data: TemplateData<K>, publicUrl: string): RenderedMail {
  // The registry's entries differ in data and text types; each is consistent with itself.
  const entry = TEMPLATES[template] as unknown as Template<z.ZodType, unknown>;
  const parsed = entry.data.parse(data);
  const content: MailContent = entry.render(parsed, entry.texts[lang], templateContext(lang, publicUrl));
  return renderLayout(content, { lang, shopName: SHOP_NAME, publicUrl, footer: FOOTER[lang] });
}
