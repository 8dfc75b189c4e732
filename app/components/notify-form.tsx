import type { FormEvent } from "react";
import { useSearchParams } from "react-router";
import { fill } from "../i18n/messages/index.ts";
import { useLang, useMessages } from "../i18n/use-messages.ts";
import { SelectField, SubmitButton, TextField } from "./form-field.tsx";
import { BellIcon, ChevronIcon } from "./icons.tsx";
import { StatusBanner } from "./status-banner.tsx";
import { useStatusPost } from "./use-status-post.ts";

/**
 * "Tell me when the photos are ready" for a race in preparation (SPEC §1, §3),
 * or, with `bib`, "tell me when photos of #n turn up" for a runner who found
 * none on a published race (notify/bib-watch.ts): their number is the one
 * searched and no category is asked. A runner who found `seen` photos may ask
 * to hear of more, in a box closed until they open it.
 * With JavaScript it posts JSON to /api/notify and confirms in place; without,
 * the form posts to /api/notify, which comes back here with `?notify=ok|error`.
 */
export function NotifyForm({ race, bib, seen = 0 }: { race: { slug: string; categories: string[] }; bib?: number; seen?: number }) {
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
      // Only the "more photos" box says how many were found: the other forms send what they always did.
      ...(form.has("photosSeen") ? { photosSeen: form.get("photosSeen") } : {}),
      slug: race.slug,
    });
  }

  const watching = bib !== undefined;
  const more = watching && seen > 0;
  const sending = state === "sending";
  const sent = state === "success";
  const id = (name: string) => `notify-${name}`;
  const form = (
    <form method="post" action="/api/notify" onSubmit={onSubmit} className={`mt-6 grid gap-4 sm:grid-cols-2 ${watching ? "max-w-2xl" : ""}`}>
      <input type="hidden" name="slug" value={race.slug} />
      <input type="hidden" name="lang" value={lang} />
      {watching && (
        <>
          <input type="hidden" name="runnerNumber" value={bib} />
          {more && <input type="hidden" name="photosSeen" value={seen} />}
          {/* Without JavaScript, the answer comes back to this runner's photos rather than the race's. */}
          <input type="hidden" name="watch" value="1" />
        </>
      )}
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
      {!watching && race.categories.length > 0 && (
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
      {!watching && (
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
      )}
      <div className="sm:col-span-2">
        <StatusBanner tone={sent ? "success" : state === "error" ? "error" : null}>
          {sent ? (watching ? fill(more ? m.notify.watchMoreSuccess : m.notify.watchSuccess, { n: bib }) : m.notify.success) : m.notify.error}
        </StatusBanner>
      </div>
      <div className="sm:col-span-2">
        <SubmitButton sending={sending} disabled={sent}>
          {sending ? m.notify.sending : m.notify.submit}
        </SubmitButton>
      </div>
    </form>
  );

  if (more) {
    // Under the runner's photos: closed until asked for (or answered after a plain post), so it does not push them away.
    return (
      <details
        id="notify"
        data-testid="watch-more"
        open={returned !== null}
        className="group scroll-mt-20 rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-6"
      >
        <summary className="flex cursor-pointer list-none items-center gap-2 [&::-webkit-details-marker]:hidden">
          {/* A heading inside a summary loses its role to the disclosure's button: plain text here. */}
          <BellIcon className="h-5 w-5 shrink-0 text-brand-700" />
          <span className="text-lg font-black">{fill(m.notify.watchMoreHeading, { n: bib })}</span>
          <ChevronIcon direction="down" className="ml-auto h-5 w-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180" />
        </summary>
        <p className="mt-1 max-w-2xl text-sm text-slate-600">{m.notify.watchMoreIntro}</p>
        {form}
      </details>
    );
  }
  return (
    <section
      id="notify"
      aria-labelledby="notify-heading"
      data-testid={watching ? "watch-bib" : "notify"}
      className={
        watching
          ? "scroll-mt-20 rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-6"
          : "scroll-mt-20 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
      }
    >
      {watching ? (
        <>
          {/* Beside "not finding your photos?", in its voice: the way out later, after the way out now. */}
          <h2 id="notify-heading" className="flex items-center gap-2 text-lg font-black">
            <BellIcon className="h-5 w-5 shrink-0 text-brand-700" />
            {fill(m.notify.watchHeading, { n: bib })}
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">{m.notify.watchIntro}</p>
        </>
      ) : (
        <>
          <h2 id="notify-heading" className="text-xl font-black text-ink sm:text-2xl">
            {m.notify.heading}
          </h2>
          <p className="mt-1 text-slate-700">{m.notify.intro}</p>
        </>
      )}
      {form}
    </section>
  );
}
