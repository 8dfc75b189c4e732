import type { FormEvent } from "react";
import { useMessages } from "../i18n/use-messages.ts";
import { SubmitButton, TextField } from "./form-field.tsx";
import { StatusBanner } from "./status-banner.tsx";
import { useStatusPost, type SendState } from "./use-status-post.ts";

export type ContactValues = { name?: string; email?: string; phone?: string; message?: string };

/**
 * The contact form (SPEC §2): without JavaScript it posts to the page's action;
 * with it, it posts JSON to /api/contact_email and shows the banner in place.
 * After a success the submit button stays disabled.
 */
export function ContactForm({ initial = "idle", values = {} }: { initial?: SendState; values?: ContactValues }) {
  const m = useMessages();
  // `initial` is the page action's answer when the form was posted without JavaScript.
  const { state, send } = useStatusPost("/api/contact_email", initial);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void send({ name: form.get("name"), email: form.get("email"), phone: form.get("phone"), message: form.get("message") });
  }

  const sending = state === "sending";
  const sent = state === "success";
  return (
    <form method="post" onSubmit={onSubmit} aria-label={m.contact.formLabel} className="space-y-5">
      <TextField label={m.contact.name} note={m.contact.required} name="name" autoComplete="name" required maxLength={120} defaultValue={values.name} />
      <TextField
        label={m.contact.email}
        note={m.contact.required}
        name="email"
        type="text"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        maxLength={254}
        defaultValue={values.email}
      />
      <TextField label={m.contact.phone} note={m.contact.optional} name="phone" type="tel" autoComplete="tel" maxLength={40} defaultValue={values.phone} />
      <TextField label={m.contact.message} note={m.contact.required} name="message" rows={6} required maxLength={5000} defaultValue={values.message} />
      <StatusBanner tone={sent ? "success" : state === "error" ? "error" : null}>{sent ? m.contact.success : m.contact.error}</StatusBanner>
      <SubmitButton sending={sending} disabled={sent}>
        {sending ? m.contact.sending : sent ? m.contact.sent : m.contact.submit}
      </SubmitButton>
    </form>
  );
}
