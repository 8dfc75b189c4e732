import { z } from "zod";
import type { Lang } from "../../../i18n/langs.ts";
import { fill } from "../../../i18n/messages/index.ts";
import { defineTemplate } from "../template.ts";

/** To a visitor who wrote through the contact form: we got it, and this is what you sent. */
const es = {
  subject: "Recibimos tu consulta",
  heading: "¡Gracias por escribirnos, {name}!",
  intro: "Recibimos tu mensaje y te vamos a responder a este e-mail a la brevedad, normalmente dentro de las 48 horas hábiles.",
  yourMessage: "Esto es lo que nos enviaste:",
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
    yourMessage: "This is what you sent us:",
    help: "In the meantime, you may find the answer in our frequently asked questions.",
    helpButton: "Visit the help page",
    notYou: "If you did not send this message, you can safely ignore this e-mail.",
  },
  br: {
    subject: "Recebemos sua mensagem",
    heading: "Obrigado por escrever para nós, {name}!",
    intro: "Recebemos sua mensagem e vamos responder para este e-mail em breve, normalmente em até dois dias úteis.",
    yourMessage: "Esta é a mensagem que você nos enviou:",
    help: "Enquanto isso, talvez você encontre a resposta nas nossas perguntas frequentes.",
    helpButton: "Ver a ajuda",
    notYou: "Se você não enviou esta mensagem, pode ignorar este e-mail.",
  },
};

export const contactReceived = defineTemplate({
  data: z.object({ name: z.string().min(1), message: z.string().min(1) }),
  texts,
  render: (data, t, ctx) => ({
    subject: t.subject,
    heading: fill(t.heading, { name: data.name }),
    blocks: [
      { kind: "p", text: t.intro },
      { kind: "p", text: t.yourMessage },
      { kind: "quote", text: data.message },
      { kind: "p", text: t.help },
      { kind: "button", label: t.helpButton, url: ctx.url("help") },
      { kind: "small", text: t.notYou },
    ],
  }),
});
