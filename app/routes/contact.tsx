import { data, Link } from "react-router";
import { ContactForm } from "../components/contact-form.tsx";
import { HELP_TOPICS } from "../components/help-topics.ts";
import { PageShell } from "../components/page-shell.tsx";
import { FacebookIcon, InstagramIcon, MailIcon, QuestionIcon } from "../components/social-icons.tsx";
import { clientContext, servicesContext } from "../context.ts";
import { href } from "../i18n/href.ts";
import { langFromPath } from "../i18n/langs.ts";
import { pageMeta } from "../i18n/meta.ts";
import { fill } from "../i18n/messages/index.ts";
import { useLang, useMessages } from "../i18n/use-messages.ts";
import { contactInput } from "../.server/contact/index.ts";
import { statusOf } from "../.server/failure.ts";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location, (m) => m.contact.title);

export async function loader({ context }: Route.LoaderArgs) {
  return { support: await context.get(servicesContext).shop.support() };
}

/** The form posted without JavaScript: same service as POST /api/contact_email. */
export async function action({ request, context }: Route.ActionArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  const form = Object.fromEntries(await request.formData());
  const values = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, typeof v === "string" ? v : ""]));
  const parsed = contactInput.safeParse(form);
  if (!parsed.success) return data({ status: "error" as const, values }, { status: 400 });
  try {
    await context.get(servicesContext).contact.submit(parsed.data, { lang, ip: context.get(clientContext).ip });
    return { status: "success" as const, values };
  } catch (error) {
    const status = statusOf(error);
    if (status === undefined) throw error;
    return data({ status: "error" as const, values }, { status });
  }
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { support } = loaderData;
  const lang = useLang();
  const m = useMessages();
  const help = href("help", lang);
  const social =
    "flex items-center gap-3 rounded-xl px-3 py-2.5 font-semibold text-ink ring-1 ring-slate-200 transition hover:bg-brand-50 hover:ring-brand-500";
  return (
    <PageShell>
      <header className="bg-gradient-to-b from-brand-50 to-slate-50">
        <div className="mx-auto max-w-6xl px-4 pb-6 pt-10 sm:pt-14">
          <h1 className="text-3xl font-black tracking-tight text-ink sm:text-4xl">{m.contact.heading}</h1>
          <p className="mt-3 max-w-2xl text-lg text-slate-700">{m.contact.intro}</p>
        </div>
      </header>
      <div className="mx-auto grid max-w-6xl items-start gap-6 px-4 pb-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <ContactForm initial={actionData?.status ?? "idle"} values={actionData?.values} />
        </section>
        <aside className="space-y-6">
          <section aria-labelledby="contact-info" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
            <h2 id="contact-info" className="text-lg font-bold text-ink">
              {m.contact.infoHeading}
            </h2>
            <ul className="mt-4 space-y-2">
              <li>
                <a href={`mailto:${support.email}`} className={social}>
                  <MailIcon className="h-5 w-5 flex-none text-brand-700" />
                  <span className="min-w-0 break-words">{fill(m.contact.emailLink, { email: support.email })}</span>
                </a>
              </li>
              <li>
                <a href={support.facebook} target="_blank" rel="noopener noreferrer" className={social}>
                  <FacebookIcon className="h-5 w-5 flex-none text-brand-700" />
                  {m.contact.facebook}
                </a>
              </li>
              <li>
                <a href={support.instagram} target="_blank" rel="noopener noreferrer" className={social}>
                  <InstagramIcon className="h-5 w-5 flex-none text-brand-700" />
                  {m.contact.instagram}
                </a>
              </li>
            </ul>
          </section>
          <nav aria-labelledby="contact-faq" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
            <h2 id="contact-faq" className="flex items-center gap-2 text-lg font-bold text-ink">
              <QuestionIcon className="h-5 w-5 text-brand-700" />
              {m.contact.faqHeading}
            </h2>
            <ul className="mt-3 divide-y divide-slate-100">
              {HELP_TOPICS.map((topic) => (
                <li key={topic.key}>
                  <Link to={`${help}#${topic.anchor}`} className="block py-2.5 text-slate-800 underline-offset-2 hover:text-brand-700 hover:underline">
                    {m.help.questions[topic.key].q}
                  </Link>
                </li>
              ))}
            </ul>
            <Link to={help} className="mt-3 inline-block font-semibold text-brand-700 underline underline-offset-2 hover:text-ink">
              {m.contact.faqLink}
            </Link>
          </nav>
        </aside>
      </div>
    </PageShell>
  );
}
