import type { FormEvent } from "react";
import { useSearchParams } from "react-router";
import { useLang, useMessages } from "../i18n/use-messages.ts";
import { SelectField, SubmitButton, TextField } from "./form-field.tsx";
import { StatusBanner } from "./status-banner.tsx";
import { useStatusPost } from "./use-status-post.ts";

/**
 * "Tell me when the photos are ready" for a race in preparation (SPEC §1, §3).
 * With JavaScript it posts JSON to /api/notify and confirms in place; without,
 * the form posts to /api/notify, which comes back here with `?notify=ok|error`.
 */
export function NotifyForm({ race }: { race: { slug: string; categories: string[] } }) {
  const lang = useLang();
  const m = useMessages();
  const [search] = useSearchParams();
  const returned = search.get("notify");
  const { state, send } = useStatusPost("/api/notify", returned === "ok" ? "success" : returned === "error" ? "error" : "idle");

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void send({
      firstName: form.get("firstName"),
      lastName: form.get("lastName"),
      email: form.get("email"),
      category: form.get("category"),
      runnerNumber: form.get("runnerNumber"),
      slug: race.slug,
    });
  }

  const sending = state === "sending";
  const sent = state === "success";
  const id = (name: string) => `notify-${name}`;
  return (
    <section id="notify" aria-labelledby="notify-heading" className="scroll-mt-20 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h2 id="notify-heading" className="text-xl font-black text-ink sm:text-2xl">
        {m.notify.heading}
      </h2>
      <p className="mt-1 text-slate-700">{m.notify.intro}</p>
      <form method="post" action="/api/notify" onSubmit={onSubmit} className="mt-6 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="slug" value={race.slug} />
        <input type="hidden" name="lang" value={lang} />
        <TextField id={id("first-name")} label={m.notify.firstName} name="firstName" autoComplete="given-name" required maxLength={80} />
        <TextField id={id("last-name")} label={m.notify.lastName} name="lastName" autoComplete="family-name" required maxLength={80} />
        <TextField
          id={id("email")}
          label={m.notify.email}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={254}
        />
        {race.categories.length > 0 && (
          <SelectField id={id("category")} label={m.notify.category} name="category" required defaultValue="">
            <option value="" disabled>
              {m.notify.chooseCategory}
            </option>
            {race.categories.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </SelectField>
        )}
        <TextField
          id={id("runner-number")}
          label={m.notify.runnerNumber}
          name="runnerNumber"
          inputMode="numeric"
          pattern="\+?[0-9]*[1-9][0-9]*"
          autoComplete="off"
          required
          maxLength={10}
        />
        <div className="sm:col-span-2">
          <StatusBanner tone={sent ? "success" : state === "error" ? "error" : null}>{sent ? m.notify.success : m.notify.error}</StatusBanner>
        </div>
        <div className="sm:col-span-2">
          <SubmitButton sending={sending} disabled={sent}>
            {sending ? m.notify.sending : m.notify.submit}
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
