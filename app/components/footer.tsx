import { Link } from "react-router";
import { href } from "../i18n/href.ts";
import { fill } from "../i18n/messages/index.ts";
import { useLang, useMessages } from "../i18n/use-messages.ts";

/** Site footer; the contact variant adds a heading, a line and a contact button above it. */
export function Footer({ contact = false }: { contact?: boolean }) {
  const lang = useLang();
  const m = useMessages();
  return (
    <footer className="mt-16 bg-ink text-slate-200">
      {contact && (
        <section className="border-b border-white/10">
          <div className="mx-auto flex max-w-7xl flex-col items-start gap-4 px-4 py-10 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <h2 className="text-2xl font-bold text-white">{m.footer.ctaHeading}</h2>
              <p className="mt-1 text-slate-300">{m.footer.ctaSub}</p>
            </div>
            <Link to={href("contact", lang)} className="rounded-full bg-brand-700 px-6 py-3 font-bold text-white hover:bg-white hover:text-brand-700">
              {m.footer.ctaButton}
            </Link>
          </div>
        </section>
      )}
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 text-sm sm:flex-row sm:items-center sm:justify-between">
        <p>{fill(m.footer.rights, { year: new Date().getFullYear() })}</p>
        <nav className="flex gap-4" aria-label={m.brand.name}>
          <Link to={href("contact", lang)} className="hover:text-white hover:underline">
            {m.nav.contact}
          </Link>
          <Link to={href("help", lang)} className="hover:text-white hover:underline">
            {m.nav.help}
          </Link>
          <Link to={href("terms", lang)} className="hover:text-white hover:underline">
            {m.nav.terms}
          </Link>
        </nav>
        <p className="text-slate-400">{m.footer.credit}</p>
      </div>
    </footer>
  );
}
