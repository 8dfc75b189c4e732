import type { ReactNode } from "react";
import { Link } from "react-router";
import { href } from "../i18n/href.ts";
import { useLang, useMessages } from "../i18n/use-messages.ts";
import { MailIcon } from "./icons.tsx";
import { LanguageMenu } from "./language-menu.tsx";
import { LogoMark } from "./logo.tsx";

/** Sticky top bar: logo home, contact, language menu and (when given) the cart button. */
export function TopBar({ cart }: { cart?: ReactNode }) {
  const lang = useLang();
  const m = useMessages();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4">
        <Link
          to={href("home", lang)}
          className="mr-auto flex items-center gap-2 text-xl font-black tracking-tight text-ink"
          onClick={() => {
            document.title = m.brand.title;
          }}
        >
          <LogoMark />
          <span className="max-[479px]:sr-only">{m.brand.name}</span>
        </Link>
        {/* On a phone the word would push a cart of a few photos in pesos past the screen's edge: an envelope says it there. */}
        <Link to={href("contact", lang)} className="rounded-full px-3 py-2 text-sm font-semibold text-ink hover:bg-slate-100 max-[419px]:px-2">
          <MailIcon className="h-5 w-5 min-[420px]:hidden" />
          <span className="max-[419px]:sr-only">{m.nav.contact}</span>
        </Link>
        <LanguageMenu />
        {cart}
      </div>
    </header>
  );
}
