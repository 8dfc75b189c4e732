import { z } from "zod";
import type { Lang } from "../../../i18n/langs.ts";
import { fill } from "../../../i18n/messages/index.ts";
import { defineTemplate } from "../template.ts";

/** An operator's answer (written in the back office) to a visitor's contact message. */
const es = {
  subject: "Respuesta a tu consulta",
  heading: "Hola, {name}",
  yourMessage: "Tu consulta:",
  more: "Si necesitás algo más, respondé este e-mail o escribinos de nuevo.",
  button: "Escribirnos",
};

const texts: Record<Lang, typeof es> = {
  es,
  en: {
    subject: "Reply to your message",
    heading: "Hello, {name}",
    yourMessage: "Your message:",
    more: "If you need anything else, reply to this e-mail or write to us again.",
    button: "Contact us",
  },
  br: {
    subject: "Resposta à sua mensagem",
    heading: "Olá, {name}",
    yourMessage: "Sua mensagem:",
    more: "Se precisar de mais alguma coisa, responda este e-mail ou escreva para nós de novo.",
    button: "Fale conosco",
  },
};

export const contactReply = defineTemplate({
  data: z.object({ name: z.string().min(1), reply: z.string().min(1), original: z.string().min(1) }),
  texts,
  render: (data, t, ctx) => ({
    subject: t.subject,
    heading: fill(t.heading, { name: data.name }),
    blocks: [
      ...data.reply.split(/\n{2,}/).map((text) => ({ kind: "p" as const, text })),
      { kind: "p", text: t.yourMessage },
      { kind: "quote", text: data.original },
      { kind: "p", text: t.more },
      { kind: "button", label: t.button, url: ctx.url("contact") },
    ],
  }),
});
