export { createMailer, MAIL_JOB } from "./mailer.ts";
export type { Mailer, MailMessage } from "./mailer.ts";
export { renderMail } from "./render.ts";
export { outboxDir } from "./transport.ts";
export { TEMPLATES } from "./templates/index.ts";
export type { TemplateName, TemplateData } from "./templates/index.ts";
export type { Block, MailContent, RenderedMail } from "./layout.ts";
