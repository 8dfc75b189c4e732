import { useLocation } from "react-router";
import { translatePath } from "../i18n/href.ts";
import { LANGS } from "../i18n/langs.ts";
import { useLang, useMessages } from "../i18n/use-messages.ts";

/** Switches language on the same screen, keeping params and query; plain links, so it works without JavaScript. */
export function LanguageMenu() {
  const location = useLocation();
  const lang = useLang();
  const m = useMessages();
  const current = location.pathname + location.search;
  return (
    <details className="group relative">
      <summary
        className="flex cursor-pointer list-none items-center gap-1 rounded-full px-3 py-2 text-sm font-semibold text-ink hover:bg-slate-100 max-[359px]:px-2"
        // The name must contain the visible code (WCAG 2.5.3, "label in name").
        aria-label={`${m.nav.language}: ${lang.toUpperCase()}`}
      >
        <svg viewBox="0 0 24 24" className="h-5 w-5 max-[359px]:hidden" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
        </svg>
        <span>{lang.toUpperCase()}</span>
      </summary>
      <ul className="absolute right-0 z-50 mt-2 w-48 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg">
        {LANGS.map((target) => (
          <li key={target}>
            <a
              href={translatePath(current, target)}
              hrefLang={target === "br" ? "pt-BR" : target}
              aria-current={target === lang ? "true" : undefined}
              className={`block px-4 py-2 text-sm hover:bg-brand-50 ${target === lang ? "font-bold text-brand-700" : "text-ink"}`}
            >
              {m.langs[target]}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
