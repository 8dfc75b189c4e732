import { PageShell } from "../components/page-shell.tsx";
import { pageMeta } from "../i18n/meta.ts";
import { useMessages } from "../i18n/use-messages.ts";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location, (m) => m.terms.title);

/** Stable anchors of the three sections, the same in every language. */
const SECTIONS = [
  { key: "service", anchor: "use-of-service" },
  { key: "purchases", anchor: "purchases" },
  { key: "license", anchor: "licence-and-privacy" },
] as const;

export default function Terms() {
  const m = useMessages();
  return (
    <PageShell contactFooter>
      <header className="bg-gradient-to-b from-brand-50 to-slate-50">
        <div className="mx-auto max-w-3xl px-4 pb-6 pt-10 sm:pt-14">
          <h1 className="text-3xl font-black tracking-tight text-ink sm:text-4xl">{m.terms.heading}</h1>
          <p className="mt-2 text-sm text-slate-600">{m.terms.updated}</p>
          <nav aria-label={m.terms.heading} className="mt-5">
            <ol className="flex flex-wrap gap-2">
              {SECTIONS.map(({ key, anchor }) => (
                <li key={key}>
                  <a
                    href={`#${anchor}`}
                    className="inline-block rounded-full bg-white px-4 py-2 text-sm font-semibold text-ink ring-1 ring-slate-200 hover:ring-brand-500"
                  >
                    {m.terms.sections[key].title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        </div>
      </header>
      <div className="mx-auto max-w-3xl space-y-6 px-4 pb-8">
        {SECTIONS.map(({ key, anchor }) => {
          const section = m.terms.sections[key];
          return (
            <section
              key={key}
              id={anchor}
              aria-labelledby={`${anchor}-title`}
              className="scroll-mt-20 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
            >
              <h2 id={`${anchor}-title`} className="text-xl font-bold text-ink sm:text-2xl">
                {section.title}
              </h2>
              <div className="mt-4 space-y-3 leading-relaxed text-slate-700">
                {section.body.map((paragraph) => (
                  <p key={paragraph.slice(0, 40)}>{paragraph}</p>
                ))}
              </div>
            </section>
          );
        })}
      </div>
    </PageShell>
  );
}
