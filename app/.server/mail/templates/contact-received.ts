import { z } from "zod";
import type { Lang } from "../../../i18n/langs.ts";
import { fill } from "../../../i18n/messages/index.ts";
import { defineTemplate } from "../template.ts";

/**
 * To a visitor who wrote through the contact form: we got it. Only the shop's
 * own words: the form takes any address, so echoing the message (or a long
 * name) would let anyone send their text from our domain to anyone.
 */
const es = {
  subject: "Recibimos tu consulta",
  heading: "¡Gracias por escribirnos, {name}!",
  intro: "Recibimos tu mensaje y te vamos a responder a este e-mail a la brevedad, normalmente dentro de las 48 horas hábiles.",
  help: "Mientras tanto, quizás encuentres la respuesta en nuestras preguntas frecuentes.",
  helpButton: "Ver la ayuda",
  notYou: "Si no enviaste esta consulta, podés ignorar este e-mail.",
};

const texts: Record<Lang, typeof es> = {
  es,
  en: {
    subject: "We received your message",
    heading: "Thanks for getting in touch, {name}!",
    intro: "We have received your message and will reply to this e-mail address shortly, usually within two business days.",
    help: "In the meantime, you may find the answer in our frequently asked questions.",
    helpButton: "Visit the help page",
    notYou: "If you did not send this message, you can safely ignore this e-mail.",
  },
  br: {
    subject: "Recebemos sua mensagem",
    heading: "Obrigado por escrever para nós, {name}!",
    intro: "Recebemos sua mensagem e vamos responder para este e-mail em breve, normalmente em até dois dias úteis.",
    help: "Enquanto isso, talvez você encontre a resposta nas nossas perguntas frequentes.",
    helpButton: "Ver a ajuda",
    notYou: "Se você não enviou esta mensagem, pode ignorar este e-mail.",
  },
};

export const contactReceived = defineTemplate({
  // The first name only, cut short: it is the one word of the visitor's that reaches the inbox.
  data: z.object({
    name: z
      .string()
      .min(1)
      .transform((n) => n.split(" ")[0].slice(0, 24)),
  }),
  texts,
  render: (data, t, ctx) => ({
    subject: t.subject,
    heading: fill(t.heading, { name: data.name }),
    blocks: [
      { kind: "p", text: t.intro },
      { kind: "p", text: t.help },
      { kind: "button", label: t.helpButton, url: ctx.url("help") },
      { kind: "small", text: t.notYou },
    ],
  }),
});
