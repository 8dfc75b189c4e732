import { useMessages } from "../i18n/use-messages.ts";

/** The collapsible "how do I get my photos" guide on the home page (a native details element: works without JavaScript). */
export function Tutorial() {
  const m = useMessages();
  const steps = [m.tutorial.steps.find, m.tutorial.steps.add, m.tutorial.steps.pay, m.tutorial.steps.mail, m.tutorial.steps.download];
  return (
    <section className="mx-auto max-w-3xl px-4 pt-14">
      <details className="group rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 open:shadow-md" data-testid="tutorial">
        <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-6 py-5 text-lg font-black [&::-webkit-details-marker]:hidden">
          {m.tutorial.title}
          <svg
            viewBox="0 0 24 24"
            className="h-6 w-6 shrink-0 transition group-open:rotate-180"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path d="M5 9l7 7 7-7" />
          </svg>
        </summary>
        <ol className="space-y-4 px-6 pb-6">
          {steps.map((step, i) => (
            <li key={i} className="flex gap-4">
              <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-100 font-black text-brand-700" aria-hidden="true">
                {i + 1}
              </span>
              <p className="pt-1 text-slate-700">{step}</p>
            </li>
          ))}
        </ol>
      </details>
    </section>
  );
}
