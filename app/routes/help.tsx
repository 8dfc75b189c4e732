import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { HELP_TOPICS } from "../components/help-topics.ts";
import { ChevronIcon } from "../components/icons.tsx";
import { PageShell } from "../components/page-shell.tsx";
import { servicesContext } from "../context.ts";
import { href } from "../i18n/href.ts";
import { pageMeta } from "../i18n/meta.ts";
import { fill } from "../i18n/messages/index.ts";
import { useLang, useMessages } from "../i18n/use-messages.ts";
import type { Route } from "./+types/help";

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location, (m) => m.help.title);

export async function loader({ context }: Route.LoaderArgs) {
  const { email } = await context.get(servicesContext).shop.support();
  return { email };
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Opens the question a link points to (`#zip`): a closed <details> would hide the answer it jumped to. */
function useOpenLinkedQuestion() {
  const { hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    if (target instanceof HTMLDetailsElement) {
      target.open = true;
      target.scrollIntoView({ block: "start" });
      target.querySelector("summary")?.focus({ preventScroll: true });
    }
  }, [hash]);
}

export default function Help({ loaderData }: Route.ComponentProps) {
  const lang = useLang();
  const m = useMessages();
  useOpenLinkedQuestion();
  // Answers are our own HTML with links filled in here, so the paths come from href().
  const links = {
    races: href("races", lang),
    contact: href("contact", lang),
    terms: href("terms", lang),
    email: escapeHtml(loaderData.email),
  };
  return (
    <PageShell>
      <header className="bg-gradient-to-b from-brand-50 to-slate-50">
        <div className="mx-auto max-w-3xl px-4 pb-6 pt-10 sm:pt-14">
          <h1 className="text-3xl font-black tracking-tight text-ink sm:text-4xl">{m.help.heading}</h1>
          <p className="mt-3 text-lg text-slate-700">{m.help.intro}</p>
        </div>
      </header>
      <div className="mx-auto max-w-3xl px-4 pb-8">
        <div className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          {HELP_TOPICS.map((topic) => {
            const item = m.help.questions[topic.key];
            return (
              <details key={topic.key} id={topic.anchor} className="group scroll-mt-20">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left text-base font-bold text-ink hover:bg-slate-50 sm:px-6 sm:text-lg [&::-webkit-details-marker]:hidden">
                  <h2>{item.q}</h2>
                  <ChevronIcon direction="down" className="h-5 w-5 flex-none text-brand-700 transition-transform group-open:rotate-180" />
                </summary>
                <div
                  className="help-answer space-y-3 px-5 pb-5 text-slate-700 sm:px-6 [&_a]:font-semibold [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_strong]:text-ink"
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own answer texts, with links the shop fills in
                  dangerouslySetInnerHTML={{ __html: fill(item.a, links) }}
                />
              </details>
            );
          })}
        </div>
        <section
          aria-labelledby="help-more"
          className="mt-8 flex flex-col items-start gap-4 rounded-2xl bg-ink p-6 text-white sm:flex-row sm:items-center sm:justify-between"
        >
          <div>
            <h2 id="help-more" className="text-xl font-bold">
              {m.help.moreHeading}
            </h2>
            <p className="mt-1 text-slate-200">{m.help.moreText}</p>
          </div>
          <Link to={href("contact", lang)} className="rounded-full bg-white px-6 py-3 font-bold text-ink hover:bg-brand-50">
            {m.help.contactButton}
          </Link>
        </section>
      </div>
    </PageShell>
  );
}
