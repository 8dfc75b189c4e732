import { z } from "zod";
import type { Lang } from "../../../i18n/langs.ts";
import { fill } from "../../../i18n/messages/index.ts";
import { defineTemplate } from "../template.ts";

/** To the shop's support address: a visitor's contact form, ready to answer with "Reply". */
const es = {
  subject: "Nueva consulta de {name}",
  heading: "Nueva consulta desde el formulario de contacto",
  name: "Nombre",
  email: "E-mail",
  phone: "Teléfono",
  language: "Idioma",
  reference: "Consulta n.º",
  noPhone: "(no indicó)",
  replyHint: "Respondé este e-mail para contestarle directamente a {name}.",
};

const texts: Record<Lang, typeof es> = {
  es,
  en: {
    subject: "New message from {name}",
    heading: "New message from the contact form",
    name: "Name",
    email: "E-mail",
    phone: "Phone",
    language: "Language",
    reference: "Message no.",
    noPhone: "(not given)",
    replyHint: "Reply to this e-mail to answer {name} directly.",
  },
  br: {
    subject: "Nova mensagem de {name}",
    heading: "Nova mensagem pelo formulário de contato",
    name: "Nome",
    email: "E-mail",
    phone: "Telefone",
    language: "Idioma",
    reference: "Mensagem n.º",
    noPhone: "(não informado)",
    replyHint: "Responda a este e-mail para falar diretamente com {name}.",
  },
};

const LANGUAGE_NAMES = { es: "Español", en: "English", br: "Português" } as const;

export const contactToShop = defineTemplate({
  data: z.object({
    id: z.number().int(),
    name: z.string().min(1),
    email: z.string().min(3),
    phone: z.string().nullable(),
    message: z.string().min(1),
    /** The language the visitor wrote in: the answer should be in it. */
    visitorLang: z.enum(["es", "en", "br"]),
  }),
  texts,
  render: (data, t) => ({
    subject: fill(t.subject, { name: data.name }),
    heading: t.heading,
    blocks: [
      {
        kind: "rows",
        rows: [
          [t.reference, String(data.id)],
          [t.name, data.name],
          [t.email, data.email],
          [t.phone, data.phone || t.noPhone],
          [t.language, LANGUAGE_NAMES[data.visitorLang]],
        ],
      },
      { kind: "quote", text: data.message },
      { kind: "small", text: fill(t.replyHint, { name: data.name }) },
    ],
  }),
});
